import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n/i18n';
import { assertNotGuest } from '@/lib/guest';
import { patchInternship } from '@/lib/internships';
import { queryClient } from '@/lib/query-client';
import { handleUnauthorized } from '@/lib/unauthorized';
import { toast } from '@/stores/toast-store';
import type { Comment } from '@/types/internship';
import { ns } from '../i18n';

export const commentsKey = (internshipId: number) => [`/api/internships/${internshipId}/comments`] as const;

/**
 * GET /api/internships/{id}/comments, every page (oldest first; comments are few, so the whole
 * thread is loaded by following the Link header); a failure gives an empty list.
 */
export function useComments(internshipId: number, enabled: boolean) {
  return useQuery<Comment[]>({
    queryKey: commentsKey(internshipId),
    queryFn: async () => {
      try {
        return await api.all<Comment>(`/api/internships/${internshipId}/comments`);
      } catch {
        return [];
      }
    },
    enabled,
    staleTime: 0,
  });
}

export function useAddComment(internshipId: number) {
  return useMutation<Comment, Error, string>({
    mutationFn: (content) => {
      assertNotGuest();
      return api.post<Comment>(`/api/internships/${internshipId}/comments`, { content });
    },
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(commentsKey(internshipId), (list) => [...(list ?? []), comment]);
      // A comment held by the word list is seen by its author only: the public count stays.
      if (comment.awaitingReview) {
        toast({ title: i18n.t('comments.awaitingToast', { ns }) });
        return;
      }
      patchInternship(queryClient, internshipId, (i) => ({ ...i, comments: i.comments + 1 }));
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ description: i18n.t('comments.addFailed', { ns }), variant: 'destructive' });
    },
  });
}

export function useDeleteComment(internshipId: number) {
  return useMutation<unknown, Error, number>({
    mutationFn: (commentId) => api.delete(`/api/internships/${internshipId}/comments/${commentId}`),
    onSuccess: (_result, commentId) => {
      queryClient.setQueryData<Comment[]>(commentsKey(internshipId), (list) => (list ?? []).filter((c) => c.id !== commentId));
      patchInternship(queryClient, internshipId, (i) => ({ ...i, comments: Math.max(0, i.comments - 1) }));
      toast({ title: i18n.t('comments.deleted', { ns }) });
    },
    onError: (error) => {
      toast({ title: i18n.t('comments.deleteFailed', { ns }), description: error.message, variant: 'destructive' });
    },
  });
}
