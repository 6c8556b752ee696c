import en from '@/locales/en/notifications.json';
import { defineNamespace, i18n } from '../i18n';

/** The `notifications` namespace: its English travels with the code that imports this module. */
export const notificationsNs = defineNamespace('notifications', en);

/** `t` of `notifications` for code outside React, read at call time. */
export const tNotifications = i18n.getFixedT(null, notificationsNs);
