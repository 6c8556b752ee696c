import en from '@/locales/en/terms.json';
import { defineNamespace, i18n } from '../i18n';

/** The `terms` namespace: its English travels with the code that imports this module. */
export const termsNs = defineNamespace('terms', en);

/** `t` of `terms` for code outside React, read at call time. */
export const tTerms = i18n.getFixedT(null, termsNs);
