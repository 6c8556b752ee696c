import en from '@/locales/en/marketing.json';
import { defineNamespace } from '@/lib/i18n/i18n';

/** The `marketing` namespace: its English travels with this feature's chunk. */
export const ns = defineNamespace('marketing', en);
