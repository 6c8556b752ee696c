import en from '@/locales/en/feed.json';
import { defineNamespace } from '@/lib/i18n/i18n';

/** The feed's texts (src/locales/<lang>/feed.json); English travels with the feed's chunk. */
export const ns = defineNamespace('feed', en);
