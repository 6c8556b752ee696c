import { MessageApplicantDialog, type MessageTarget } from './message-applicant-dialog';

export type { MessageTarget };

/**
 * The one place the employer screens open a conversation with an applicant. It renders the
 * stand-in dialog until the shared features/messaging dialog exists; swapping it there
 * changes only this file.
 */
export function MessagingSlot({ target, meId, onClose }: { target: MessageTarget | null; meId: number; onClose: () => void }) {
  return <MessageApplicantDialog target={target} meId={meId} onClose={onClose} />;
}
