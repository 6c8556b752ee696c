/** Shapes of the work-based-learning placements' JSON (the issue #33 contract), and their words. */
import { labels } from '@/lib/i18n/i18n';
import { tTerms } from '@/lib/i18n/namespaces/terms';
import { formatDate, formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n/languages';

export type PlacementState = 'setup' | 'awaiting_signatures' | 'active' | 'completed' | 'ended_early' | 'cancelled';

export type SigningParty = 'student' | 'guardian' | 'supervisor' | 'school';

/** The caller's party on a placement. */
export type PlacementRole = 'student' | 'supervisor' | 'school';

export type EntryStatus = 'waiting' | 'approved' | 'returned';

export type EvaluationKind = 'midpoint' | 'final';

export interface PlacementStudent {
  /** null once the record is de-identified (the student deleted their account). */
  id: number | null;
  name: string;
  email: string;
  school: string;
  grade: string;
}

export interface PlacementEmployer {
  id: number;
  company: string;
  contactName: string;
}

export interface PlacementInternship {
  id: number;
  title: string;
  location: string;
}

export interface Supervisor {
  name: string;
  title: string;
  email: string;
  phone: string;
}

export interface Guardian {
  name: string;
  relationship: string;
  /** null for the employer, who sees the guardian's name and relationship only. */
  email: string | null;
  phone: string | null;
  /** 'roster': the school's records (read-only for the student); 'student': the student gave it. */
  source: 'student' | 'roster' | 'school';
  confirmed: boolean;
}

export interface Signature {
  party: SigningParty;
  name: string;
  /** Milliseconds since the epoch. */
  signedAt: number;
  /** The language of the text this party read and signed. */
  language: Language | null;
}

export interface HourEntry {
  id: number;
  /** YYYY-MM-DD. */
  date: string;
  hours: number;
  note: string;
  status: EntryStatus;
  /** The supervisor's comment on a returned entry. */
  comment: string | null;
  /** Over the district's daily cap ('day'), or in a week over its weekly cap ('week'). */
  overCap: 'day' | 'week' | null;
}

/** What logging a day answers: the entry, and whether it went over a cap (still accepted). */
export interface LoggedEntry {
  id: number;
  date: string;
  hours: number;
  overCap: 'day' | 'week' | null;
  cap: number | null;
}

export interface RubricItem {
  key: string;
  label: string;
}

export interface Evaluation {
  kind: EvaluationKind;
  /** Rubric key → 1..4. */
  scores: Record<string, number>;
  comments: string;
  submittedAt: number;
}

export interface EvaluationDue {
  kind: EvaluationKind;
  /** YYYY-MM-DD. */
  due: string;
  done: boolean;
  overdue: boolean;
}

export interface Placement {
  id: number;
  /** null once the record is de-identified. */
  applicationId: number | null;
  state: PlacementState;
  student: PlacementStudent;
  employer: PlacementEmployer;
  internship: PlacementInternship;
  supervisor: Supervisor;
  worksite: string;
  startDate: string | null;
  endDate: string | null;
  schedule: string;
  plannedHours: number;
  paid: boolean;
  hourlyWage: number | null;
  guardian: Guardian | null;
  /** The reason is null for the employer (it is the family's, for the student and the school). */
  guardianDeclined: { reason: string | null; at: number } | null;
  guardianLinkSentAt: number | null;
  /** The named supervisor is not the employer account's holder: they sign through their own link. */
  supervisorSignsByLink: boolean;
  supervisorLinkSentAt: number | null;
  signatures: Signature[];
  /** The parties still to sign (only while awaiting signatures). */
  awaiting: SigningParty[];
  agreementText: string;
  agreementSha256: string;
  /** The language of `agreementText`: the reader's, or English when the district has no text in it. */
  agreementLanguage: Language;
  /** `waiting`: with the supervisor; `returned`: back with the student to fix. */
  hours: { approved: number; waiting: number; returned: number; planned: number };
  entries: HourEntry[];
  /** The school's and the employer's notes: hours over the district's caps; empty for the student. */
  flags: CapFlag[];
  /** The district's caps, shown to every party (the student as they log). */
  caps: { perDay: number; perWeek: number };
  rubric: RubricItem[];
  /** Every party sees both once submitted. */
  evaluations: Evaluation[];
  evaluationsDue: EvaluationDue[];
  reflection: { text: string; at: number } | null;
  endReason: string | null;
  history: { at: number; text: string }[];
  you: PlacementRole;
  canSign: boolean;
  youSigned: boolean;
  /** When it may be finished: the final evaluation's window, completion, the certificate. */
  finish: {
    finalOpen: boolean;
    finalOpensOn: string | null;
    finalHours: number;
    mayComplete: boolean;
    certificate: boolean;
    certificateCode: string | null;
  };
  /** The school's record (career cluster, safety checklist, visits); null for the others. */
  record: PlacementRecord | null;
}

export interface PlacementRecord {
  cluster: string | null;
  clusters: string[];
  /** Each of `clusters` in the reader's language (what is stored stays `clusters`' text). */
  clusterLabels: string[];
  /** `item` identifies the tick; `label` is it in the reader's language. */
  checklist: { item: string; label: string; done: boolean; by: string | null; at: number | null }[];
  visits: { date: string; by: string; notes: string }[];
}

/** GET /api/placements. */
export interface PlacementList {
  placements: Placement[];
}

/** A day (or the week starting on Monday `date`) over the district's cap of hours. */
export interface CapFlag {
  period: 'day' | 'week';
  date: string;
  hours: number;
  cap: number;
}

/** "12", "12.5", "12.25": hours as a person writes them, in the UI's language (no grouping: "1500"). */
export function hoursText(hours: number): string {
  return formatNumber(Math.round(hours * 100) / 100, { maximumFractionDigits: 2, useGrouping: false });
}

/** "9 h on Mar 2, 2027, over the district's 8 a day", in the UI's language. */
export function capFlagText(flag: CapFlag): string {
  return tTerms(`capFlag.${flag.period}`, { hours: hoursText(flag.hours), date: formatDate(flag.date), cap: hoursText(flag.cap) });
}

/** The staff list's filters (GET /api/placements?filter=...). */
export type PlacementFilter = 'missing_signatures' | 'hours_waiting' | 'over_cap' | 'evaluation_overdue';

export const PLACEMENT_STATES: readonly PlacementState[] = [
  'setup',
  'awaiting_signatures',
  'active',
  'completed',
  'ended_early',
  'cancelled',
];

// The words people read (terms.json), each read in the UI's language when shown.
export const PLACEMENT_STATE_LABELS: Readonly<Record<PlacementState, string>> = labels(
  ['setup', 'awaiting_signatures', 'active', 'completed', 'ended_early', 'cancelled'],
  (state) => tTerms(`placementState.${state}`),
);

export const PLACEMENT_FILTER_LABELS: Readonly<Record<PlacementFilter, string>> = labels(
  ['missing_signatures', 'hours_waiting', 'over_cap', 'evaluation_overdue'],
  (filter) => tTerms(`placementFilter.${filter}`),
);

export const PARTY_LABELS: Readonly<Record<SigningParty, string>> = labels(['student', 'guardian', 'supervisor', 'school'], (party) =>
  tTerms(`party.${party}`),
);

/** The four signatures in the order they are usually given (the school signs last). */
export const SIGNING_ORDER: readonly SigningParty[] = ['student', 'guardian', 'supervisor', 'school'];

/** The rubric's scale. */
export const SCORES: readonly number[] = [1, 2, 3, 4];

/**
 * Whether the placement waits for the employer account itself: its details, the supervisor's
 * signature when the account's holder is the supervisor (else the supervisor signs through their
 * own link), hours to approve, an evaluation overdue.
 */
export function employerActs(p: Placement): boolean {
  return employerTodo(p) !== null;
}

/** What the employer has to do on a placement, or null when it waits for nobody at the company. */
export function employerTodo(p: Placement): string | null {
  if (p.state === 'setup') return tTerms('placementTodo.details');
  if (p.state === 'awaiting_signatures') {
    const mine = p.awaiting.includes('supervisor') && !p.supervisorSignsByLink;
    return mine ? tTerms('placementTodo.signature') : null;
  }
  if (p.state !== 'active') return null;
  const waiting = p.entries.filter((e) => e.status === 'waiting').length;
  const due = p.evaluationsDue.some((d) => !d.done && d.overdue);
  if (waiting && due) return tTerms('placementTodo.entriesOverdue', { count: waiting });
  if (waiting) return tTerms('placementTodo.entries', { count: waiting });
  if (due) return tTerms('placementTodo.overdue');
  return null;
}
