import en from '@/locales/en/forms.json';
import { defineNamespace, i18n } from '../i18n';

/** The `forms` namespace: its English travels with the code that imports this module. */
export const formsNs = defineNamespace('forms', en);

/** `t` of `forms` for code outside React, read at call time. */
export const tForms = i18n.getFixedT(null, formsNs);
