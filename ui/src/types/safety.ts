/** Shapes of the district-review, report, block and audit JSON (the issue #20 contract). */
import { tSafety } from '@/lib/i18n/namespaces/safety';

/** GET /api/district. */
export interface District {
  name: string;
  contact: string | null;
}

/** The name the server uses when no district is configured. */
/** @deprecated English only: use defaultDistrictName(). */
export const DEFAULT_DISTRICT_NAME = 'your school district';

/** The district's name when the server names none ('your school district'), in the UI's language. */
export function defaultDistrictName(): string {
  return tSafety('defaultDistrict');
}

export type EmployerStatus = 'pending' | 'verified' | 'suspended';

/**
 * Who sees a posting: students see only 'public' ones; the owner sees the rest on the
 * dashboard with what it is waiting for.
 */
export type PostingVisibility = 'public' | 'awaiting_review' | 'held_for_review' | 'hidden' | 'suspended' | 'awaiting_captions';

export type ReportTargetType = 'internship' | 'comment' | 'message';

export type ReportReason = 'inappropriate' | 'personal_info' | 'scam' | 'harassment' | 'other';

/** The dialog's reason labels, in the contract's order. */
export const REPORT_REASONS: readonly { value: ReportReason; readonly label: string }[] = (
  ['inappropriate', 'personal_info', 'scam', 'harassment', 'other'] as const
).map((value) => ({
  value,
  // Read from the catalogue (safety.json, reasons.*) each time it is shown.
  get label() {
    return tSafety(`reasons.${value}`);
  },
}));

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
  if (list.length === 0) return tSafety('held');
  return tSafety('heldTerms', { terms: list.map((t) => `'${t}'`).join(', ') });
}

/** The screened texts' keys, as the server names a held place's field. */
export type ScreenedFieldKey =
  | 'title'
  | 'description'
  | 'requirements'
  | 'skills'
  | 'benefits'
  | 'tags'
  | 'location'
  | 'duration'
  | 'pay'
  | 'workStyle'
  | 'ageRequirement'
  | 'gradeRequirement'
  | 'captions';

const SCREENED_FIELD_KEYS: ReadonlySet<string> = new Set<ScreenedFieldKey>([
  'title',
  'description',
  'requirements',
  'skills',
  'benefits',
  'tags',
  'location',
  'duration',
  'pay',
  'workStyle',
  'ageRequirement',
  'gradeRequirement',
  'captions',
]);

/** Where a held term matched: the field (its key and its label in the reader's language) and the writer's own words. */
export interface HeldPlace {
  term: string;
  field: ScreenedFieldKey | string;
  fieldLabel: string;
  text: string;
}

/**
 * "'driving' matched “delivery truck” in the description", in the UI's language; a field this UI
 * does not know is named by the server's label.
 */
export function placeLine(place: HeldPlace): string {
  const field = SCREENED_FIELD_KEYS.has(place.field) ? tSafety(`placeFields.${place.field as ScreenedFieldKey}`) : place.fieldLabel;
  return tSafety('placeLine', { term: place.term, text: place.text, field });
}
