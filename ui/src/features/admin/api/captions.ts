/** The district's captions rule: postings waiting for captions, and the admin's review. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Internship } from '@/types/internship';
import type { PostingVisibility } from '@/types/safety';

export const CAPTIONS_WAITING_KEY = ['/api/admin/captions-waiting'] as const;

/** One posting of GET /api/admin/captions-waiting (the employer's request for review first). */
export interface WaitingPosting {
  id: number;
  title: string;
  company: string;
  employerId: number;
  sound: 'no_audio' | 'silent' | 'brief' | 'sustained' | null;
  loudSeconds: number;
  /** The employer says nobody speaks in the video and asks the district to listen. */
  reviewAsked: boolean;
  updatedAt: string;
  /** Something else may hold it too (held_for_review...). */
  visibility: PostingVisibility;
  videoUrl: string | null;
  posterUrl: string | null;
  videoDuration: number | null;
}

export interface CaptionsWaiting {
  /** `settings set captions-required on`. */
  required: boolean;
  postings: WaitingPosting[];
}

export function useCaptionsWaiting(enabled: boolean) {
  return useQuery<CaptionsWaiting>({
    queryKey: CAPTIONS_WAITING_KEY,
    queryFn: () => api.get<CaptionsWaiting>('/api/admin/captions-waiting'),
    enabled,
  });
}

/** POST /api/admin/internships/{id}/captions-clear: live without captions, after listening. */
export function useClearCaptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Internship>(`/api/admin/internships/${id}/captions-clear`, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CAPTIONS_WAITING_KEY }),
  });
}
