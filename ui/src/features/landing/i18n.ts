import en from '@/locales/en/landing.json';
import { defineNamespace } from '@/lib/i18n/i18n';

/** The `landing` namespace: its English travels with this feature's chunk. */
export const ns = defineNamespace('landing', en);
