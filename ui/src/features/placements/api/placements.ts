/**
 * Placements (issue #33): one placement as its party sees it, the list of one's own, and every
 * action on them. Each action answers the whole placement, which replaces the cached one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { asAccount, useUser } from '@/lib/auth';
import { onSocketFrame, useLiveSocket } from '@/lib/socket';
import type { Language } from '@/lib/i18n/languages';
import type { LoggedEntry, Placement, PlacementList, Supervisor } from '@/types/placement';

export const PLACEMENTS_KEY = '/api/placements';

export const placementKey = (id: number) => [`/api/placements/${id}`] as const;

export const agreementPdfUrl = (id: number) => `/api/placements/${id}/agreement.pdf`;
export const certificatePdfUrl = (id: number) => `/api/placements/${id}/certificate.pdf`;

/** GET /api/placements/{id}; null id: nothing to load. */
export function usePlacement(id: number | null) {
  return useQuery<Placement>({
    queryKey: placementKey(id ?? 0),
    queryFn: () => api.get<Placement>(`/api/placements/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * Live: when another party acts on placement `id` (signs, approves or returns hours, saves the
 * details...), the server sends `placement_changed` on the shared socket; the page reloads the
 * placement, the list, and the bell (the act's notification is in it).
 */
export function useLivePlacement(id: number | null) {
  const queryClient = useQueryClient();
  // The page keeps the socket open itself: a supervisor's page has no bell that would.
  useLiveSocket(asAccount(useUser().user)?.id);
  useEffect(() => {
    if (id === null) return undefined;
    return onSocketFrame((frame) => {
      if (frame.type !== 'placement_changed' || frame.placementId !== id) return;
      void queryClient.invalidateQueries({ queryKey: placementKey(id) });
      void queryClient.invalidateQueries({ queryKey: [PLACEMENTS_KEY] });
      void queryClient.invalidateQueries({ queryKey: ['/api/notifications'] });
    });
  }, [id, queryClient]);
}

/** GET /api/placements: the caller's own (a student's, an employer's). */
export function useMyPlacements(enabled: boolean) {
  return useQuery<Placement[]>({
    queryKey: [PLACEMENTS_KEY],
    queryFn: async () => (await api.get<Partial<PlacementList>>(PLACEMENTS_KEY)).placements ?? [],
    enabled,
    staleTime: 0,
  });
}

/** An action whose answer is the placement: the cache takes it, and the lists are asked again. */
function usePlacementChange<I>(id: number, call: (input: I) => Promise<Placement>) {
  const queryClient = useQueryClient();
  return useMutation<Placement, Error, I>({
    mutationFn: call,
    onSuccess: (placement) => {
      queryClient.setQueryData(placementKey(id), placement);
      void queryClient.invalidateQueries({ queryKey: [PLACEMENTS_KEY] });
    },
  });
}

/** An action answering something else (an entry, a message): the placement is asked again. */
function usePlacementRefresh<I, R>(id: number, call: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation<R, Error, I>({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: placementKey(id) });
      void queryClient.invalidateQueries({ queryKey: [PLACEMENTS_KEY] });
    },
  });
}

export interface DetailsInput {
  supervisor: Supervisor;
  worksite: string;
  startDate: string;
  endDate: string;
  schedule: string;
  plannedHours: number;
  paid: boolean;
  hourlyWage: number | null;
}

/** PUT /api/placements/{id} (the employer). */
export function useSaveDetails(id: number) {
  return usePlacementChange(id, (input: DetailsInput) => api.put<Placement>(`/api/placements/${id}`, input));
}

export interface GuardianInput {
  name: string;
  relationship: string;
  email: string;
  phone: string;
}

/** PUT /api/placements/{id}/cluster (the school). */
export function useSetCluster(id: number) {
  return usePlacementChange(id, (cluster: string) => api.put<Placement>(`/api/placements/${id}/cluster`, { cluster }));
}

/** PUT /api/placements/{id}/checklist (the school). */
export function useTickChecklist(id: number) {
  return usePlacementChange(id, (input: { item: string; done: boolean }) => api.put<Placement>(`/api/placements/${id}/checklist`, input));
}

/** POST /api/placements/{id}/visits (the school). */
export function useAddVisit(id: number) {
  return usePlacementChange(id, (input: { date: string; notes: string }) => api.post<Placement>(`/api/placements/${id}/visits`, input));
}

/** PUT /api/placements/{id}/guardian (the student, or the school). */
export function useSaveGuardian(id: number) {
  return usePlacementChange(id, (input: GuardianInput) => api.put<Placement>(`/api/placements/${id}/guardian`, input));
}

/** POST /api/placements/{id}/guardian/confirm (the school). */
export function useConfirmGuardian(id: number) {
  return usePlacementChange(id, () => api.post<Placement>(`/api/placements/${id}/guardian/confirm`));
}

/** POST /api/placements/{id}/supervisor/resend (the employer or the school). */
export function useResendSupervisorLink(id: number) {
  return usePlacementRefresh(id, () => api.post<{ message?: string }>(`/api/placements/${id}/supervisor/resend`));
}

/** POST /api/placements/{id}/guardian/resend (the student or the school). */
export function useResendGuardianLink(id: number) {
  return usePlacementRefresh(id, () => api.post<{ message?: string }>(`/api/placements/${id}/guardian/resend`));
}

/** POST /api/placements/{id}/sign with the typed full name and the hash of the text shown (the server refuses a text that changed since). */
export function useSign(id: number, agreementSha256: string) {
  return usePlacementChange(id, (name: string) => api.post<Placement>(`/api/placements/${id}/sign`, { name, agreementSha256 }));
}

export interface EntryInput {
  date: string;
  hours: number;
  note: string;
}

/** POST /api/placements/{id}/hours (the student). */
export function useAddHours(id: number) {
  return usePlacementRefresh(id, (input: EntryInput) => api.post<LoggedEntry>(`/api/placements/${id}/hours`, input));
}

/** PUT /api/placements/{id}/hours/{entry} (the student, until approved). */
export function useEditHours(id: number) {
  return usePlacementRefresh(id, ({ entryId, ...input }: EntryInput & { entryId: number }) =>
    api.put<LoggedEntry>(`/api/placements/${id}/hours/${entryId}`, input),
  );
}

/** DELETE /api/placements/{id}/hours/{entry} (the student, until approved). */
export function useDeleteHours(id: number) {
  return usePlacementRefresh(id, (entryId: number) => api.delete<unknown>(`/api/placements/${id}/hours/${entryId}`));
}

/** POST /api/placements/{id}/hours/approve (the employer). */
export function useApproveHours(id: number) {
  return usePlacementChange(id, (ids: number[]) => api.post<Placement>(`/api/placements/${id}/hours/approve`, { ids }));
}

/** POST /api/placements/{id}/hours/{entry}/return with what to fix (the employer). */
export function useReturnHours(id: number) {
  return usePlacementChange(id, ({ entryId, comment }: { entryId: number; comment: string }) =>
    api.post<Placement>(`/api/placements/${id}/hours/${entryId}/return`, { comment }),
  );
}

export interface EvaluationInput {
  kind: 'midpoint' | 'final';
  scores: Record<string, number>;
  comments: string;
}

/** POST /api/placements/{id}/evaluations (the employer). */
export function useEvaluate(id: number) {
  return usePlacementChange(id, (input: EvaluationInput) => api.post<Placement>(`/api/placements/${id}/evaluations`, input));
}

/** POST /api/placements/{id}/reflection (the student). */
export function useReflect(id: number) {
  return usePlacementChange(id, (text: string) => api.post<Placement>(`/api/placements/${id}/reflection`, { text }));
}

/** POST /api/placements/{id}/complete (the school). */
export function useComplete(id: number) {
  return usePlacementChange(id, () => api.post<Placement>(`/api/placements/${id}/complete`));
}

/** POST /api/placements/{id}/end with a reason (the school). */
export function useEndEarly(id: number) {
  return usePlacementChange(id, (reason: string) => api.post<Placement>(`/api/placements/${id}/end`, { reason }));
}

/** POST /api/placements/{id}/cancel with a reason (the school or the employer, before it starts). */
export function useCancelPlacement(id: number) {
  return usePlacementChange(id, (reason: string) => api.post<Placement>(`/api/placements/${id}/cancel`, { reason }));
}

/** GET /api/guardian/{token}: what the parent or guardian reads (no account). */
export interface GuardianView {
  placement: {
    studentName: string;
    company: string;
    title: string;
    startDate: string | null;
    endDate: string | null;
    agreementText: string;
    agreementSha256: string;
    /** The language of `agreementText`: the page's, or English when the district has no text in it. */
    agreementLanguage: Language;
    signatures: { party: string; name: string; signedAt: number; language: Language | null }[];
    state: string;
    worksite: string;
    schedule: string;
    plannedHours: number;
    paid: boolean;
    hourlyWage: number | null;
    supervisorName: string;
    /** Whom to ask: the school's coordinator (`coordinator`), else the district's contact. */
    contact: { name: string; reach: string; coordinator: boolean } | null;
  };
  guardian: { name: string; relationship: string };
  district: string;
}

export function useGuardianView(token: string) {
  return useQuery<GuardianView>({
    queryKey: ['/api/guardian', token],
    queryFn: () => api.get<GuardianView>(`/api/guardian/${encodeURIComponent(token)}`),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST /api/guardian/{token}/sign: the typed name, the consent box and the hash of the text shown. */
export function useGuardianSign(token: string) {
  return useMutation<{ message?: string }, Error, { name: string; consent: boolean; agreementSha256: string }>({
    mutationFn: (input) => api.post<{ message?: string }>(`/api/guardian/${encodeURIComponent(token)}/sign`, input),
  });
}

/** POST /api/guardian/{token}/copy-again: a new copy link, e-mailed to the address on file. */
export function useGuardianCopyAgain(token: string) {
  return useMutation<{ message?: string }, Error, void>({
    mutationFn: () => api.post<{ message?: string }>(`/api/guardian/${encodeURIComponent(token)}/copy-again`),
  });
}

/** What a stopped link's 404 offers next (`next: "copy-again"` once the guardian's copy exists). */
export function nextOfGone(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'next' in parsed && typeof parsed.next === 'string') return parsed.next;
  } catch {
    // Not JSON: nothing is offered.
  }
  return undefined;
}

/** POST /api/guardian/{token}/decline with the reason. */
export function useGuardianDecline(token: string) {
  return useMutation<{ message?: string }, Error, string>({
    mutationFn: (reason) => api.post<{ message?: string }>(`/api/guardian/${encodeURIComponent(token)}/decline`, { reason }),
  });
}

/** The supervisor's page from their own link: the agreement they sign as themselves. */
export interface SupervisorView {
  placement: GuardianView['placement'];
  supervisor: { name: string; title: string };
  district: string;
}

export function useSupervisorView(token: string) {
  return useQuery<SupervisorView>({
    queryKey: ['/api/supervisor', token],
    queryFn: () => api.get<SupervisorView>(`/api/supervisor/${encodeURIComponent(token)}`),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST /api/supervisor/{token}/sign: the typed name (the details' supervisor) and the hash of the text shown. */
export function useSupervisorSign(token: string) {
  return useMutation<{ message?: string }, Error, { name: string; agreementSha256: string }>({
    mutationFn: (input) => api.post<{ message?: string }>(`/api/supervisor/${encodeURIComponent(token)}/sign`, input),
  });
}

/** What a certificate states (`GET /api/verify/{code}`), for anyone holding its code. */
export interface CertificateFacts {
  student: string;
  title: string;
  company: string;
  district: string;
  startDate: string | null;
  lastDay: string | null;
  hours: number;
  state: 'completed' | 'ended_early';
  code: string;
}

export function useVerifyCertificate(code: string) {
  return useQuery<CertificateFacts>({
    queryKey: ['/api/verify', code],
    queryFn: () => api.get<CertificateFacts>(`/api/verify/${encodeURIComponent(code)}`),
    enabled: code.trim().length > 0,
    retry: false,
  });
}
