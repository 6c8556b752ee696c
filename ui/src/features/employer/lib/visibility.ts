import type { BadgeTone } from '@/components/ui/badge';
import type { CaptionsRuleState } from '@/types/internship';
import { defaultDistrictName, heldLine, placeLine, type HeldPlace, type PostingVisibility } from '@/types/safety';
import { tEmployer } from '../i18n';

export interface VisibilityInfo {
  /** The badge on the posting card. */
  badge: string;
  tone: BadgeTone;
  /** The line under it that says what happens next. */
  line: string;
  /** A held posting's places: "'driving' matched “delivery truck” in the description". */
  places?: string[];
}

/** The line of a posting whose company the district has not verified yet. */
export function awaitingReviewLine(district: string | null): string {
  return tEmployer('visibility.awaitingLine', { district: district ?? defaultDistrictName() });
}

/** A hidden posting's line: the district's note when it left one, and what it means. */
function hiddenLine(reason: string | null | undefined): string {
  const note = reason?.trim();
  if (!note) return tEmployer('visibility.hiddenLine');
  return tEmployer('visibility.hiddenNote', { note: /[.!?]$/.test(note) ? note : `${note}.` });
}

/** Why the captions rule holds a posting, and what lets it go. */
function captionsLine(rule: CaptionsRuleState | undefined, district: string | null): string {
  const seconds = rule?.loudSeconds ?? 0;
  if (rule?.reviewAsked) return tEmployer('visibility.captionsReviewLine', { district: district ?? defaultDistrictName() });
  if (rule?.sound === 'brief') return tEmployer('visibility.captionsBriefLine', { seconds });
  return tEmployer('visibility.captionsLine', { seconds, district: district ?? defaultDistrictName() });
}

/** What the dashboard says about a posting students cannot see; null when it is public. */
export function visibilityInfo(
  posting: {
    visibility?: PostingVisibility;
    heldTerms?: string[];
    heldPlaces?: HeldPlace[];
    hiddenReason?: string | null;
    captionsRule?: CaptionsRuleState;
  },
  district: string | null,
): VisibilityInfo | null {
  switch (posting.visibility) {
    case 'awaiting_review':
      return { badge: tEmployer('visibility.awaitingBadge'), tone: 'warning', line: awaitingReviewLine(district) };
    case 'held_for_review':
      return {
        badge: tEmployer('visibility.heldBadge'),
        tone: 'warning',
        line: heldLine(posting.heldTerms),
        places: (posting.heldPlaces ?? []).map(placeLine),
      };
    case 'hidden':
      return {
        badge: tEmployer('visibility.hiddenBadge'),
        tone: 'negative',
        // The district's note (hiddenReason) says why; students no longer see the posting.
        line: hiddenLine(posting.hiddenReason),
      };
    case 'awaiting_captions':
      return { badge: tEmployer('visibility.captionsBadge'), tone: 'warning', line: captionsLine(posting.captionsRule, district) };
    case 'suspended':
      return { badge: tEmployer('visibility.suspendedBadge'), tone: 'negative', line: tEmployer('visibility.suspendedLine') };
    default:
      return null;
  }
}
