import en from '@/locales/en/placements.json';
import { defineNamespace, i18n } from '@/lib/i18n/i18n';

/** The `placements` namespace: its English travels with the placements' chunk. */
export const ns = defineNamespace('placements', en);

/** `t` of `placements` for code outside React (rules, toasts), read at call time. */
export const tPlacements = i18n.getFixedT(null, ns);
