import en from '@/locales/en/external-jobs.json';
import { defineNamespace } from '@/lib/i18n/i18n';

/** The latest jobs screen's texts (src/locales/<lang>/external-jobs.json); English travels with its chunk. */
export const ns = defineNamespace('external-jobs', en);
