import en from '@/locales/en/profile.json';
import { defineNamespace, i18n } from '@/lib/i18n/i18n';

/** The `profile` namespace: its English travels with the profile's chunk. */
export const ns = defineNamespace('profile', en);

/** `t` of `profile` for code outside React, read at call time. */
export const tProfile = i18n.getFixedT(null, ns);
