/**
 * The district's admin lists (issue #20): employers to verify or suspend, reports to resolve,
 * and the audit log.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { EmployerStatus, HeldPlace, ReportReason, ReportTargetType } from '@/types/safety';

export const ADMIN_EMPLOYERS_KEY = ['/api/admin/employers'] as const;
export const ADMIN_REPORTS_KEY = ['/api/admin/reports'] as const;
export const ADMIN_AUDIT_KEY = '/api/admin/audit';

/** One employer of GET /api/admin/employers (pending first, then newest first). */
export interface AdminEmployer {
  id: number;
  company: string;
  contactName: string;
  email: string;
  phone: string | null;
  website: string | null;
  industry: string | null;
  companySize: string | null;
  description: string | null;
  createdAt: string;
  status: EmployerStatus;
  statusReason: string | null;
  statusChangedAt: string | null;
  postings: number;
  /** Postings saved without the 'no hazardous duties' confirmation. */
  unconfirmedPostings: number;
  /** Whether the employer followed the sign-up e-mail's confirmation link. */
  emailConfirmed?: boolean;
}

export type ResolveAction = 'dismiss' | 'hide' | 'suspend' | 'release';

/**
 * One text of a posting as the hazardous-duties screen read it (Title, Description, Benefits,
 * Captions...), with the hazard terms the screen found in that field ("forklift", "meat slicer").
 */
export interface ScreenedField {
  /** The field's key ('description'; absent from older servers). */
  field?: string;
  label: string;
  text: string;
  terms: string[];
  /** Where in `text` the screen found each term: [start, end) in UTF-16 code units (absent from older servers). */
  marks?: TextMark[];
}

export interface TextMark {
  term: string;
  start: number;
  end: number;
}

/** A term the district marked a false match for a posting, with where it had matched. */
export interface FalseMatch {
  term: string;
  places: HeldPlace[];
  markedAt: string;
}

export interface ReportedContent {
  text: string | null;
  authorName: string | null;
  authorRole: string | null;
  internshipId: number | null;
  internshipTitle: string | null;
  company: string | null;
  employerId: number | null;
  hidden: boolean;
  /**
   * A posting's student-visible texts as the screen read them, each with its terms (empty for
   * comments and messages; absent from older servers).
   */
  fields?: ScreenedField[];
}

/** One report of GET /api/admin/reports (open first, newest first). */
export interface AdminReport {
  id: number;
  targetType: ReportTargetType;
  targetId: number;
  reason: ReportReason | string;
  reasonLabel: string;
  details: string | null;
  createdAt: string;
  status: 'open' | 'resolved';
  /**
   * Held by the hazard screen or the comment word list, or a delivered message flagged for
   * contact details, rather than reported by a person.
   */
  system: boolean;
  /**
   * What the screen found: hazard terms of a posting ("forklift"), or of a message what it gave
   * away ("phone number", "e-mail address", "social handle", "messaging link", "invitation off
   * InternReel").
   */
  heldTerms: string[];
  /** A hold of a posting: where each held term matches (absent from older servers). */
  heldPlaces?: HeldPlace[];
  /** A hold of a posting: the terms marked false matches for it. */
  falseMatches?: FalseMatch[];
  reporter: { id: number; name: string; role: string } | null;
  content: ReportedContent | null;
  resolution: { action: ResolveAction; note: string | null; resolvedAt: string } | null;
}

export type AuditActorKind = 'admin' | 'staff' | 'student' | 'employer' | 'system' | 'cli';

export interface AuditEntry {
  id: number;
  at: string;
  actor: { kind: AuditActorKind; id: number | null; name: string | null };
  /** e.g. 'employer.verify', 'report.resolve', 'data.export'. */
  action: string;
  /** A human sentence. */
  summary: string;
  recordType: string;
  recordId: number | null;
  subjectUserId: number | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The cursor of the next (older) page; null on the last. */
  next: string | number | null;
}

function listOf<T>(value: unknown, field: string): T[] {
  if (typeof value !== 'object' || value === null) return [];
  const list = (value as Record<string, unknown>)[field];
  return Array.isArray(list) ? (list as T[]) : [];
}

export function useAdminEmployers(enabled: boolean) {
  return useQuery<AdminEmployer[]>({
    queryKey: ADMIN_EMPLOYERS_KEY,
    queryFn: async () => listOf<AdminEmployer>(await api.get<unknown>('/api/admin/employers'), 'employers'),
    enabled,
    staleTime: 0,
  });
}

/** Put the server's new copy of an employer in place (the list keeps its order until reloaded). */
function useReplaceEmployer() {
  const queryClient = useQueryClient();
  return (employer: AdminEmployer) => {
    queryClient.setQueryData<AdminEmployer[]>(ADMIN_EMPLOYERS_KEY, (list) => list?.map((e) => (e.id === employer.id ? employer : e)));
    void queryClient.invalidateQueries({ queryKey: [ADMIN_AUDIT_KEY] });
    void queryClient.invalidateQueries({ queryKey: ['/api/internships'] });
  };
}

export function useVerifyEmployer() {
  const replace = useReplaceEmployer();
  return useMutation<AdminEmployer, Error, number>({
    mutationFn: (id) => api.post<AdminEmployer>(`/api/admin/employers/${id}/verify`),
    onSuccess: replace,
  });
}

export function useSuspendEmployer() {
  const replace = useReplaceEmployer();
  return useMutation<AdminEmployer, Error, { id: number; reason: string }>({
    mutationFn: ({ id, reason }) => api.post<AdminEmployer>(`/api/admin/employers/${id}/suspend`, { reason }),
    onSuccess: replace,
  });
}

export function useAdminReports(enabled: boolean) {
  return useQuery<AdminReport[]>({
    queryKey: ADMIN_REPORTS_KEY,
    queryFn: async () => listOf<AdminReport>(await api.get<unknown>('/api/admin/reports'), 'reports'),
    enabled,
    staleTime: 0,
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation<AdminReport, Error, { id: number; action: ResolveAction; note: string }>({
    mutationFn: ({ id, action, note }) =>
      api.post<AdminReport>(`/api/admin/reports/${id}/resolve`, note.trim() ? { action, note: note.trim() } : { action }),
    onSuccess: (report) => {
      queryClient.setQueryData<AdminReport[]>(ADMIN_REPORTS_KEY, (list) => list?.map((r) => (r.id === report.id ? report : r)));
      // Hiding or suspending changes what else is listed: other reports on the same target, employers, postings.
      void queryClient.invalidateQueries({ queryKey: ADMIN_REPORTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_EMPLOYERS_KEY });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_AUDIT_KEY] });
      void queryClient.invalidateQueries({ queryKey: ['/api/internships'] });
    },
  });
}

/**
 * POST /api/admin/reports/{id}/false-match: a district admin's word that `term` held the posting
 * by mistake. Answers the report (resolved when no other term holds the posting).
 */
export function useMarkFalseMatch() {
  const queryClient = useQueryClient();
  return useMutation<AdminReport, Error, { id: number; term: string }>({
    mutationFn: ({ id, term }) => api.post<AdminReport>(`/api/admin/reports/${id}/false-match`, { term }),
    onSuccess: (report) => {
      queryClient.setQueryData<AdminReport[]>(ADMIN_REPORTS_KEY, (list) => list?.map((r) => (r.id === report.id ? report : r)));
      void queryClient.invalidateQueries({ queryKey: [ADMIN_AUDIT_KEY] });
      void queryClient.invalidateQueries({ queryKey: ['/api/internships'] });
    },
  });
}

export const AUDIT_PAGE_SIZE = 50;

export function auditUrl(userId: number | null, cursor: string | null): string {
  const params = new URLSearchParams();
  if (userId !== null) params.set('user', String(userId));
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (cursor !== null) params.set('cursor', cursor);
  return `${ADMIN_AUDIT_KEY}?${params.toString()}`;
}

/** GET /api/admin/audit, newest first, optionally about one user; `fetchNextPage` follows `next`. */
export function useAuditLog(userId: number | null, enabled: boolean) {
  return useInfiniteQuery<AuditPage, Error, InfiniteData<AuditPage, string | null>, readonly unknown[], string | null>({
    queryKey: [ADMIN_AUDIT_KEY, { user: userId }],
    queryFn: async ({ pageParam }) => {
      const body = await api.get<unknown>(auditUrl(userId, pageParam));
      const next = typeof body === 'object' && body !== null ? (body as { next?: unknown }).next : null;
      return {
        entries: listOf<AuditEntry>(body, 'entries'),
        next: typeof next === 'string' || typeof next === 'number' ? next : null,
      };
    },
    initialPageParam: null,
    getNextPageParam: (last) => (last.next === null ? undefined : String(last.next)),
    enabled,
    staleTime: 0,
  });
}
