import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { uploadWithProgress, type UploadHandle } from '@/lib/upload-with-progress';
import type { postingPayload } from '../lib/posting';
import type { Internship } from '@/types/internship';

export const EMPLOYER_INTERNSHIPS_KEY = ['/api/employers/internships'] as const;

/** How often the dashboard asks again while one of its videos is being converted. */
export const TRANSCODING_POLL_MS = 3000;

export function hasTranscoding(list: readonly Internship[] | undefined): boolean {
  return !!list?.some((i) => i.videoStatus === 'transcoding');
}

/**
 * GET /api/employers/internships. While any posting's video is being converted the list is
 * fetched again every 3 seconds, so the card turns ready (or failed) by itself.
 */
export function useEmployerInternships(enabled: boolean) {
  return useQuery<Internship[]>({
    queryKey: EMPLOYER_INTERNSHIPS_KEY,
    queryFn: async () => {
      const data = await api.get<unknown>('/api/employers/internships');
      return Array.isArray(data) ? (data as Internship[]) : [];
    },
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (hasTranscoding(query.state.data) ? TRANSCODING_POLL_MS : false),
  });
}

/** What changes when a posting is created, edited or deleted. */
export function invalidatePostings(queryClient: ReturnType<typeof useQueryClient>): void {
  void queryClient.invalidateQueries({ queryKey: EMPLOYER_INTERNSHIPS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['/api/internships'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/employers/applications'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/employers/applications/count'] });
}

export function useDeleteInternship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/internships/${id}`),
    onSuccess: () => invalidatePostings(queryClient),
  });
}

/**
 * The posting's JSON body: the form's values with the lists as arrays (`postingPayload`), and
 * whether the employer ticked 'no hazardous duties' (the JSON boolean, or "true" in multipart).
 */
export type PostingPayload = ReturnType<typeof postingPayload> & { hazardousDutiesConfirmed: boolean };

/**
 * The same fields as multipart text parts (lists comma-separated) plus the files: the video
 * (`videoFile`, optional when editing) and WebVTT captions (`captionsFile`, optional).
 */
export function postingFormData(payload: PostingPayload, video: File | null, captions: File | null = null): FormData {
  const form = new FormData();
  form.append('title', payload.title);
  form.append('description', payload.description);
  form.append('location', payload.location);
  form.append('duration', payload.duration);
  form.append('requirements', payload.requirements);
  form.append('salary', payload.salary);
  form.append('applicationDeadline', payload.applicationDeadline);
  form.append('workStyle', payload.workStyle);
  form.append('ageRequirement', payload.ageRequirement);
  form.append('gradeRequirement', payload.gradeRequirement);
  form.append('hoursPerWeek', payload.hoursPerWeek === null ? '' : String(payload.hoursPerWeek));
  form.append('skills', payload.skills.join(', '));
  form.append('benefits', payload.benefits.join(', '));
  form.append('tags', payload.tags.join(', '));
  if (payload.hazardousDutiesConfirmed) form.append('hazardousDutiesConfirmed', 'true');
  if (video) form.append('videoFile', video, video.name);
  if (captions) form.append('captionsFile', captions, captions.name);
  return form;
}

/** POST (new) or PUT (edit) with a video and/or captions, with upload progress and a way to cancel. */
export function uploadPosting(
  payload: PostingPayload,
  files: { video: File | null; captions: File | null },
  editId: number | null,
  onProgress: (percent: number) => void,
): UploadHandle<Internship> {
  const form = postingFormData(payload, files.video, files.captions);
  return editId === null
    ? uploadWithProgress<Internship>('POST', '/api/internships', form, onProgress)
    : uploadWithProgress<Internship>('PUT', `/api/employers/internships/${editId}`, form, onProgress);
}

export function createAiPosting(payload: PostingPayload): Promise<Internship> {
  return api.post<Internship>('/api/internships', { ...payload, aiVideoRequested: true });
}

export function updatePostingJson(id: number, payload: PostingPayload): Promise<Internship> {
  return api.put<Internship>(`/api/employers/internships/${id}`, payload);
}

/** Where a posting's captions are written: its employer's route, or the district admin's. */
export function captionsBase(admin: boolean): string {
  return admin ? '/api/admin/internships' : '/api/internships';
}

/** PUT /api/internships/{id}/captions/{lang} (or the admin's): the posting's track in that language. */
export function useSaveCaptions(admin = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lang, vtt }: { id: number; lang: string; vtt: string }) =>
      api.put<Internship>(`${captionsBase(admin)}/${id}/captions/${lang}`, { vtt }),
    onSuccess: () => invalidatePostings(queryClient),
  });
}

/** DELETE /api/internships/{id}/captions/{lang} (or the admin's). */
export function useDeleteCaptions(admin = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lang }: { id: number; lang: string }) => api.delete<Internship>(`${captionsBase(admin)}/${id}/captions/${lang}`),
    onSuccess: () => invalidatePostings(queryClient),
  });
}

/** POST /api/internships/{id}/no-speech: the employer's word that nobody speaks in the video. */
export function useConfirmNoSpeech() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Internship & { message: string }>(`/api/internships/${id}/no-speech`, {}),
    onSuccess: () => invalidatePostings(queryClient),
  });
}
