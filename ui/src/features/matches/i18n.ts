import en from '@/locales/en/matches.json';
import { defineNamespace } from '@/lib/i18n/i18n';

/** The `matches` namespace: its English travels with the matches page's chunk. */
export const ns = defineNamespace('matches', en);
