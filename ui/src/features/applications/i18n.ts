import en from '@/locales/en/applications.json';
import { defineNamespace } from '@/lib/i18n/i18n';

/** The `applications` namespace: its English travels with the confirmation page's chunk. */
export const ns = defineNamespace('applications', en);
