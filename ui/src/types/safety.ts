/** Shapes of the district-review, report, block and audit JSON (the issue #20 contract). */

/** GET /api/district. */
export interface District {
  name: string;
  contact: string | null;
}

/** The name the server uses when no district is configured. */
export const DEFAULT_DISTRICT_NAME = 'your school district';

export type EmployerStatus = 'pending' | 'verified' | 'suspended';

/**
 * Who sees a posting: students see only 'public' ones; the owner sees the rest on the
 * dashboard with what it is waiting for.
 */
export type PostingVisibility = 'public' | 'awaiting_review' | 'held_for_review' | 'hidden' | 'suspended';

export type ReportTargetType = 'internship' | 'comment' | 'message';

export type ReportReason = 'inappropriate' | 'personal_info' | 'scam' | 'harassment' | 'other';

/** The dialog's reason labels, in the contract's order. */
export const REPORT_REASONS: readonly { value: ReportReason; label: string }[] = [
  { value: 'inappropriate', label: 'Inappropriate or unsafe' },
  { value: 'personal_info', label: 'Asks for personal information' },
  { value: 'scam', label: 'Scam or asks for fees' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'other', label: 'Other' },
];

export const REPORT_DETAILS_MAX = 1000;

/** POST /api/reports. */
export interface ReportInput {
  targetType: ReportTargetType;
  targetId: number;
  reason: ReportReason;
  details?: string;
}

/** POST /api/reports answer (201). */
export interface ReportCreated {
  id: number;
  message: string;
}

/** One entry of GET /api/blocks. */
export interface Block {
  employerId: number;
  company: string;
  blockedAt: string;
}

/** The held line of a posting: "Held for district review: mentions 'forklift', 'meat slicer'". */
export function heldLine(terms: readonly string[] | null | undefined): string {
  const list = (terms ?? []).filter((t) => t.trim() !== '');
  if (list.length === 0) return 'Held for district review';
  return `Held for district review: mentions ${list.map((t) => `'${t}'`).join(', ')}`;
}
