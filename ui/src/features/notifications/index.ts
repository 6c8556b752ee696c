/**
 * Notifications, shared by the student profile and the employer screens: the floating
 * `<NotificationsBell />` (beside the messages bell) and the `<EmailNotificationsSection />`
 * switch of the profiles.
 */
export { NotificationsBell } from './components/notifications-bell';
export { EmailNotificationsSection } from './components/email-notifications-section';
