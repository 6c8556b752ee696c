import en from '@/locales/en/messaging.json';
import { defineNamespace, i18n } from '../i18n';

/** The `messaging` namespace: its English travels with the code that imports this module. */
export const messagingNs = defineNamespace('messaging', en);

/** `t` of `messaging` for code outside React, read at call time. */
export const tMessaging = i18n.getFixedT(null, messagingNs);
