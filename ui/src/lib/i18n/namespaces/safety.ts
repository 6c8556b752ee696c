import en from '@/locales/en/safety.json';
import { defineNamespace, i18n } from '../i18n';

/** The `safety` namespace: its English travels with the code that imports this module. */
export const safetyNs = defineNamespace('safety', en);

/** `t` of `safety` for code outside React, read at call time. */
export const tSafety = i18n.getFixedT(null, safetyNs);
