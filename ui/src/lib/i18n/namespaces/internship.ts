import en from '@/locales/en/internship.json';
import { defineNamespace, i18n } from '../i18n';

/** The `internship` namespace: its English travels with the code that imports this module. */
export const internshipNs = defineNamespace('internship', en);

/** `t` of `internship` for code outside React, read at call time. */
export const tInternship = i18n.getFixedT(null, internshipNs);
