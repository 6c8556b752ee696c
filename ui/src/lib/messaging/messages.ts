import { useMutation, useQuery } from '@tanstack/react-query';
import { usePushOfferStore } from '@/lib/notifications/push';
import { api, isApiError, type Page } from '@/lib/api-client';
import { useFirstPaintDone } from '@/lib/boot';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/stores/toast-store';
import type { Message } from '@/types/internship';
import { tMessaging } from '@/lib/i18n/namespaces/messaging';

export const threadKey = (applicationId: number) => [`/api/applications/${applicationId}/messages`] as const;
export const receivedKey = (userId: number) => [`/api/users/${userId}/messages`] as const;

/** The thread is polled every 2 s, or 10 s while the socket is connected. */
export const THREAD_POLL_MS = 2000;
export const THREAD_POLL_CONNECTED_MS = 10000;
/** Unread messages are polled every 5 s. */
export const UNREAD_POLL_MS = 5000;
export const MESSAGE_MAX = 500;

function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/**
 * A thread as held in the cache: every message loaded so far, oldest first (by id), and the URL
 * of the page of messages just before the oldest one held (null when the thread is complete).
 */
export interface ThreadData {
  messages: Message[];
  earlier: string | null;
  /** Why this user can no longer write here (the latest answer's `X-Thread-Closed`), or null. */
  closed?: string | null;
}

/** Both lists by id, one copy each (the `fresh` copy wins: it carries the newer read state), oldest first. */
function mergeMessages(held: Message[], fresh: Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const m of held) byId.set(m.id, m);
  for (const m of fresh) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * Fold the latest page into what is held. The page overlaps the held messages (its oldest is
 * among them): merge and keep the held `earlier` link. Otherwise (first load, or more new
 * messages than a page since the last poll) the page starts afresh with its own `Link`.
 */
export function mergeLatestPage(held: ThreadData | undefined, page: Page<Message>): ThreadData {
  const oldest = page.items[0];
  if (page.next === null || oldest === undefined) return { messages: mergeMessages([], page.items), earlier: null };
  if (held && held.messages.some((m) => m.id === oldest.id)) {
    return { messages: mergeMessages(held.messages, page.items), earlier: held.earlier };
  }
  return { messages: mergeMessages([], page.items), earlier: page.next };
}

/**
 * GET /api/applications/{id}/messages: the latest page (the server's first page), polled every
 * 2 s (10 s with the socket); each answer is merged by id into the messages already held, so
 * earlier pages loaded with `useLoadEarlierMessages` stay.
 */
export function useThread(applicationId: number | undefined, socketConnected: boolean) {
  return useQuery<ThreadData>({
    queryKey: threadKey(applicationId ?? 0),
    queryFn: async () => {
      const url = `/api/applications/${applicationId}/messages`;
      let page = await api.page<Message>(url);
      // Showing the thread marks what was sent to this user read: a POST of its own (reading
      // never changes anything), sent while anything shown is unread. When it marked something,
      // the thread is read again (with its read times) and the unread count refreshed.
      if (page.items.some((m) => m.readAt === null)) {
        const done = await api.post<{ marked: number }>(`${url}/read`).catch(() => null);
        if (done && done.marked > 0) {
          page = await api.page<Message>(url);
          void queryClient.invalidateQueries({
            predicate: (q) => {
              const key = q.queryKey[0];
              return typeof key === 'string' && key.startsWith('/api/users/') && key.endsWith('/messages');
            },
          });
        }
      }
      // Read the cache after the answer, so a page of earlier messages stored meanwhile is kept.
      const merged = mergeLatestPage(queryClient.getQueryData<ThreadData>(threadKey(applicationId ?? 0)), page);
      return { ...merged, closed: page.headers?.get('X-Thread-Closed')?.trim() || null };
    },
    enabled: applicationId !== undefined,
    refetchInterval: socketConnected ? THREAD_POLL_CONNECTED_MS : THREAD_POLL_MS,
    staleTime: 0,
  });
}

/** Follow the thread's `earlier` link (the Link header of the oldest page held) and prepend that page. */
export function useLoadEarlierMessages(applicationId: number) {
  return useMutation<{ url: string; page: Page<Message> } | null, Error, void>({
    mutationFn: async () => {
      const url = queryClient.getQueryData<ThreadData>(threadKey(applicationId))?.earlier;
      if (!url) return null;
      return { url, page: await api.page<Message>(url) };
    },
    onSuccess: (result) => {
      if (!result) return;
      queryClient.setQueryData<ThreadData>(threadKey(applicationId), (held) =>
        // Only when the thread still continues from that link (a poll may have started afresh).
        held && held.earlier === result.url
          ? { ...held, messages: mergeMessages(result.page.items, held.messages), earlier: result.page.next }
          : held,
      );
    },
    onError: () => {
      toast({ title: tMessaging('errors.title'), description: tMessaging('errors.earlier'), variant: 'destructive' });
    },
  });
}

/** The messages this user received, newest first; readAt null = unread. */
export function useReceivedMessages(userId: number | undefined) {
  // The bell's first call waits for the first screen's paint (lib/boot).
  const painted = useFirstPaintDone();
  return useQuery<Message[]>({
    queryKey: receivedKey(userId ?? 0),
    queryFn: async () => asList<Message>(await api.get<unknown>(`/api/users/${userId}/messages`)),
    enabled: painted && userId !== undefined,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
  });
}

export function useSendMessage(applicationId: number, receiverId: number, userId: number | undefined) {
  return useMutation<Message, Error, string>({
    mutationFn: (content) => api.post<Message>(`/api/applications/${applicationId}/messages`, { content, receiverId }),
    onSuccess: (message) => {
      queryClient.setQueryData<ThreadData>(threadKey(applicationId), (held) =>
        held ? { ...held, messages: mergeMessages(held.messages, [message]) } : { messages: [message], earlier: null },
      );
      void queryClient.invalidateQueries({ queryKey: threadKey(applicationId) });
      if (userId !== undefined) void queryClient.invalidateQueries({ queryKey: receivedKey(userId) });
      // A moment it matters: the offer of push notifications (unless refused or on already).
      usePushOfferStore.getState().ask();
    },
    onError: (error) => {
      // A refusal the server explains (a block, a suspended employer, a company awaiting
      // review) is shown as it is; anything else gets the generic text.
      const explained = isApiError(error) && error.status === 403 && error.message;
      toast({
        title: tMessaging('errors.title'),
        description: explained ? error.message : tMessaging('errors.send'),
        variant: 'destructive',
      });
    },
  });
}
