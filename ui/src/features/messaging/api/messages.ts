import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/stores/toast-store';
import type { Message } from '@/types/internship';

export const threadKey = (applicationId: number) => [`/api/applications/${applicationId}/messages`] as const;
export const receivedKey = (userId: number) => [`/api/users/${userId}/messages`] as const;

/** SPEC.md section 7: the thread is polled every 2 s, or 10 s while the socket is connected. */
export const THREAD_POLL_MS = 2000;
export const THREAD_POLL_CONNECTED_MS = 10000;
/** Unread messages are polled every 5 s. */
export const UNREAD_POLL_MS = 5000;
export const MESSAGE_MAX = 500;

function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function useThread(applicationId: number | undefined, socketConnected: boolean) {
  return useQuery<Message[]>({
    queryKey: threadKey(applicationId ?? 0),
    queryFn: async () => asList<Message>(await api.get<unknown>(`/api/applications/${applicationId}/messages`)),
    enabled: applicationId !== undefined,
    refetchInterval: socketConnected ? THREAD_POLL_CONNECTED_MS : THREAD_POLL_MS,
    staleTime: 0,
  });
}

/** The messages this user received, newest first; readAt null = unread. */
export function useReceivedMessages(userId: number | undefined) {
  return useQuery<Message[]>({
    queryKey: receivedKey(userId ?? 0),
    queryFn: async () => asList<Message>(await api.get<unknown>(`/api/users/${userId}/messages`)),
    enabled: userId !== undefined,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
  });
}

export function useSendMessage(applicationId: number, receiverId: number, userId: number | undefined) {
  return useMutation<Message, Error, string>({
    mutationFn: (content) => api.post<Message>(`/api/applications/${applicationId}/messages`, { content, receiverId }),
    onSuccess: (message) => {
      queryClient.setQueryData<Message[]>(threadKey(applicationId), (list) =>
        list?.some((m) => m.id === message.id) ? list : [...(list ?? []), message],
      );
      void queryClient.invalidateQueries({ queryKey: threadKey(applicationId) });
      if (userId !== undefined) void queryClient.invalidateQueries({ queryKey: receivedKey(userId) });
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    },
  });
}
