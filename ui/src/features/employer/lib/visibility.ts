import type { BadgeTone } from '@/components/ui/badge';
import { DEFAULT_DISTRICT_NAME, heldLine, type PostingVisibility } from '@/types/safety';

export interface VisibilityInfo {
  /** The badge on the posting card. */
  badge: string;
  tone: BadgeTone;
  /** The line under it that says what happens next. */
  line: string;
}

/** The line of a posting whose company the district has not verified yet. */
export function awaitingReviewLine(district: string | null): string {
  return `Your company is awaiting review by ${district ?? DEFAULT_DISTRICT_NAME}. Students will see your postings once it is verified.`;
}

/** A hidden posting's line: the district's note when it left one, and what it means. */
function hiddenLine(reason: string | null | undefined): string {
  const note = reason?.trim();
  if (!note) return 'Students no longer see this posting.';
  return `Hidden by the district: ${/[.!?]$/.test(note) ? note : `${note}.`} Students no longer see this posting.`;
}

/** What the dashboard says about a posting students cannot see; null when it is public. */
export function visibilityInfo(
  posting: { visibility?: PostingVisibility; heldTerms?: string[]; hiddenReason?: string | null },
  district: string | null,
): VisibilityInfo | null {
  switch (posting.visibility) {
    case 'awaiting_review':
      return { badge: 'Awaiting district review', tone: 'warning', line: awaitingReviewLine(district) };
    case 'held_for_review':
      return { badge: 'Held for review', tone: 'warning', line: heldLine(posting.heldTerms) };
    case 'hidden':
      return {
        badge: 'Hidden by the district',
        tone: 'negative',
        // The district's note (hiddenReason) says why; students no longer see the posting.
        line: hiddenLine(posting.hiddenReason),
      };
    case 'suspended':
      return { badge: 'Suspended', tone: 'negative', line: 'Your account is suspended' };
    default:
      return null;
  }
}
