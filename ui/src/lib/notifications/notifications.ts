import { useInfiniteQuery, useMutation, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useFirstPaintDone } from '@/lib/boot';
import { applicationsKey } from '@/lib/internships';
import { queryClient } from '@/lib/query-client';
import { onSocketFrame } from '@/lib/socket';
import { toast } from '@/stores/toast-store';
import { tNotifications } from '@/lib/i18n/namespaces/notifications';

/** application_status, new_application, unread_messages, ai_video_ready, video_failed, employer_verified, employer_suspended, sign_in_failures. */
export type NotificationKind = string;

/** One notification (`readAt` null = unread); `link` is an app path such as "/profile". */
export interface AppNotification {
  id: number;
  kind: NotificationKind;
  text: string;
  link: string;
  createdAt: string;
  readAt: string | null;
}

/** GET /api/notifications: a page, newest first, with the user's unread count and the next page's cursor. */
export interface NotificationPage {
  notifications: AppNotification[];
  unreadCount: number;
  next: string | null;
}

export type MarkReadInput = { ids: number[] } | { all: true };

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Polled every minute; the /ws socket's `notification` frames refresh it at once. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsKey = (userId: number) => ['/api/notifications', userId] as const;

type NotificationsData = InfiniteData<NotificationPage, string | null>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer as a page, whatever came (a missing list counts as empty). */
function asPage(value: unknown): NotificationPage {
  if (!isRecord(value)) return { notifications: [], unreadCount: 0, next: null };
  const list = Array.isArray(value.notifications) ? (value.notifications as AppNotification[]) : [];
  const unread = typeof value.unreadCount === 'number' ? value.unreadCount : list.filter((n) => n.readAt === null).length;
  return { notifications: list, unreadCount: unread, next: typeof value.next === 'string' && value.next ? value.next : null };
}

function pageUrl(cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return `/api/notifications?${params.toString()}`;
}

/** Notifications about an application: the lists that show its status are refreshed with the bell. */
const APPLICATION_KINDS = new Set<NotificationKind>(['application_status', 'new_application']);

/** Whether a `notification` frame is about an application (any kind when the frame does not say). */
export function isApplicationFrame(frame: Record<string, unknown>): boolean {
  const n = frame.notification;
  if (!isRecord(n) || typeof n.kind !== 'string') return true;
  return APPLICATION_KINDS.has(n.kind);
}

// Live: a `notification` frame on the shared socket refreshes the list and the count, and, for
// an application's news, the student's applications and the employer's (so the card's status
// changes with the bell, not at the next poll).
onSocketFrame((frame, userId) => {
  if (frame.type !== 'notification') return;
  void queryClient.invalidateQueries({ queryKey: notificationsKey(userId) });
  if (isApplicationFrame(frame)) {
    void queryClient.invalidateQueries({ queryKey: applicationsKey(userId) });
    void queryClient.invalidateQueries({ queryKey: ['/api/employers/applications'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/employers/applications/count'] });
  }
});

/**
 * The signed-in user's notifications, page by page ("Load more" follows `next`), from the first
 * screen's paint on.
 */
export function useNotifications(userId: number | undefined) {
  // The bell's first call waits for the first screen's paint (lib/boot).
  const painted = useFirstPaintDone();
  return useInfiniteQuery<NotificationPage, Error, NotificationsData, ReturnType<typeof notificationsKey>, string | null>({
    queryKey: notificationsKey(userId ?? 0),
    queryFn: async ({ pageParam }) => asPage(await api.get<unknown>(pageUrl(pageParam))),
    initialPageParam: null,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: painted && userId !== undefined,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    staleTime: 0,
  });
}

/** Every notification loaded, newest first, once each (a refetch may shift items across pages). */
export function flattenNotifications(data: NotificationsData | undefined): AppNotification[] {
  const seen = new Set<number>();
  const out: AppNotification[] = [];
  for (const page of data?.pages ?? []) {
    for (const n of page.notifications) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      out.push(n);
    }
  }
  return out;
}

/** The cache with the given notifications (or all) read now, and the unread count lowered to match. */
function markedInCache(data: NotificationsData | undefined, input: MarkReadInput): NotificationsData | undefined {
  if (!data) return data;
  const now = new Date().toISOString();
  const ids = 'ids' in input ? new Set(input.ids) : null;
  const newlyRead = new Set<number>();
  const pages = data.pages.map((page) => ({
    ...page,
    notifications: page.notifications.map((n) => {
      if (n.readAt !== null || (ids !== null && !ids.has(n.id))) return n;
      newlyRead.add(n.id);
      return { ...n, readAt: now };
    }),
  }));
  return {
    ...data,
    pages: pages.map((page) => ({ ...page, unreadCount: ids === null ? 0 : Math.max(0, page.unreadCount - newlyRead.size) })),
  };
}

/** POST /api/notifications/read `{ids}` or `{all: true}`: shown read at once, then refetched. */
export function useMarkNotificationsRead(userId: number | undefined) {
  const key = notificationsKey(userId ?? 0);
  return useMutation<{ marked: number }, Error, MarkReadInput, { previous: NotificationsData | undefined }>({
    mutationFn: (input) => api.post<{ marked: number }>('/api/notifications/read', input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationsData>(key);
      queryClient.setQueryData<NotificationsData>(key, (held) => markedInCache(held, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({ title: tNotifications('errors.title'), description: tNotifications('errors.markRead'), variant: 'destructive' });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
