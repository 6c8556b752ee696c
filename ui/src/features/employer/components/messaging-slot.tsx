import { MessagingDialog, type MessageTarget } from '@/components/messaging/messaging-dialog';

export type { MessageTarget };

/**
 * The one place the employer screens open a conversation with an applicant: the shared
 * messaging dialog (features/messaging, live over /ws).
 */
export function MessagingSlot({ target, onClose }: { target: MessageTarget | null; onClose: () => void }) {
  return <MessagingDialog target={target} onClose={onClose} />;
}
