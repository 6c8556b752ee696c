/**
 * Messaging, shared by the student profile and the employer screens:
 * `<MessagingDialog target={{ applicationId, otherUserId, otherName }} onClose={...} />`
 * and the floating `<MessagesBell />`.
 */
export { MessagingDialog, type MessageTarget } from './components/messaging-dialog';
export { MessagesBell } from './components/messages-bell';
