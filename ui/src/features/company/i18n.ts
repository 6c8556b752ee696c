import en from '@/locales/en/company.json';
import { defineNamespace } from '@/lib/i18n/i18n';

/** The `company` namespace: its English travels with the company page's chunk. */
export const ns = defineNamespace('company', en);
