import en from '@/locales/en/auth.json';
import { defineNamespace } from '@/lib/i18n/i18n';

/** The `auth` namespace: its English travels with this feature's chunk. */
export const ns = defineNamespace('auth', en);
