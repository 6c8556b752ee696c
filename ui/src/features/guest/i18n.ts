import en from '@/locales/en/guest.json';
import { defineNamespace } from '@/lib/i18n/i18n';

/** The `guest` namespace: its English travels with this feature's chunk. */
export const ns = defineNamespace('guest', en);
