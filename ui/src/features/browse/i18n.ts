import en from '@/locales/en/browse.json';
import { defineNamespace } from '@/lib/i18n/i18n';

/** The browse screen's texts (src/locales/<lang>/browse.json); English travels with its chunk. */
export const ns = defineNamespace('browse', en);
