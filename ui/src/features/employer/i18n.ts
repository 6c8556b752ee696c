import en from '@/locales/en/employer.json';
import { defineNamespace, i18n } from '@/lib/i18n/i18n';

/** The `employer` namespace: its English travels with the employer screens' chunks. */
export const ns = defineNamespace('employer', en);

/** `t` of `employer` for code outside React (rules, labels, toasts), read at call time. */
export const tEmployer = i18n.getFixedT(null, ns);
