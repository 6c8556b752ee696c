import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { uploadWithProgress, type UploadHandle } from '@/lib/upload-with-progress';
import type { Internship } from '../types';

export const EMPLOYER_INTERNSHIPS_KEY = ['/api/employers/internships'] as const;

export function useEmployerInternships(enabled: boolean) {
  return useQuery<Internship[]>({
    queryKey: EMPLOYER_INTERNSHIPS_KEY,
    queryFn: async () => {
      const data = await api.get<unknown>('/api/employers/internships');
      return Array.isArray(data) ? (data as Internship[]) : [];
    },
    enabled,
    staleTime: 0,
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

/** The posting's JSON body (lists as arrays). */
export interface PostingPayload {
  title: string;
  description: string;
  location: string;
  duration: string;
  requirements: string;
  salary: string;
  applicationDeadline: string;
  workStyle: string;
  ageRequirement: string;
  gradeRequirement: string;
  hoursPerWeek: number | null;
  skills: string[];
  benefits: string[];
  tags: string[];
}

/** The same fields as multipart text parts (lists comma-separated) plus the video. */
export function postingFormData(payload: PostingPayload, video: File): FormData {
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
  form.append('videoFile', video, video.name);
  return form;
}

/** POST (new) or PUT (edit) with a video, with upload progress and a way to cancel. */
export function uploadPosting(
  payload: PostingPayload,
  video: File,
  editId: number | null,
  onProgress: (percent: number) => void,
): UploadHandle<Internship> {
  const form = postingFormData(payload, video);
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
