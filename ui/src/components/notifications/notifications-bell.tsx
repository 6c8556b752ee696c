import { BellRing, CheckCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { RetryButton } from '@/components/ui/retry-button';
import { SpinnerBlock } from '@/components/ui/spinner';
import { asAccount, useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDateTime, relativeTime } from '@/lib/format';
import { notificationsNs, tNotifications } from '@/lib/i18n/namespaces/notifications';
import { useLiveSocket } from '@/lib/socket';
import { flattenNotifications, useMarkNotificationsRead, useNotifications, type AppNotification } from '@/lib/notifications/notifications';
import { appPath } from '@/lib/notifications/links';

function unreadLabel(unread: number): string {
  return unread > 0 ? tNotifications('bell.unread', { count: unread }) : tNotifications('bell.noneUnread');
}

function NotificationItem({
  notification,
  fallback,
  onOpen,
}: {
  notification: AppNotification;
  fallback: string;
  onOpen: (n: AppNotification) => void;
}) {
  const { t } = useTranslation(notificationsNs);
  const unread = notification.readAt === null;
  return (
    <li>
      <Link
        href={appPath(notification.link, fallback)}
        onClick={() => onOpen(notification)}
        data-testid="notification"
        data-unread={unread}
        data-kind={notification.kind}
        className={cn(
          'flex items-start gap-3 rounded-xl px-3 py-3 text-left transition',
          unread ? 'bg-brand-50 hover:bg-brand-100' : 'hover:bg-slate-50',
        )}
      >
        <span aria-hidden className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')} />
        <span className="min-w-0 flex-1">
          {unread ? <span className="sr-only">{t('bell.unreadMark')}</span> : null}
          <span className={cn('block whitespace-pre-line break-words text-sm', unread ? 'font-semibold text-slate-900' : 'text-slate-700')}>
            {notification.text}
          </span>
          <time
            className="mt-0.5 block text-xs text-slate-600"
            dateTime={notification.createdAt}
            title={formatDateTime(notification.createdAt)}
          >
            {relativeTime(notification.createdAt)}
          </time>
        </span>
      </Link>
    </li>
  );
}

/**
 * The floating notifications bell, beside the messages bell: the unread count (polled every
 * minute, and refreshed live through /ws) and a dialog listing the notifications, newest
 * first, each a link to where it happened that marks it read.
 */
export function NotificationsBell() {
  const { t } = useTranslation(notificationsNs);
  const meId = asAccount(useUser().user)?.id;
  useLiveSocket(meId);
  const notifications = useNotifications(meId);
  const markRead = useMarkNotificationsRead(meId);
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);

  const items = flattenNotifications(notifications.data);
  const unread = notifications.data?.pages[0]?.unreadCount ?? 0;

  // New unread notifications (by the poll or the socket) are announced while the bell waits.
  const lastUnread = useRef<number | null>(null);
  useEffect(() => {
    if (!notifications.isSuccess) return;
    if (lastUnread.current !== null && unread > lastUnread.current) {
      setAnnouncement(t('bell.announce', { unread: unreadLabel(unread) }));
    }
    lastUnread.current = unread;
  }, [unread, notifications.isSuccess, t]);

  // After 'Load more', focus moves to the first notification of the new page.
  useEffect(() => {
    if (focusIndex.current === null || notifications.isFetchingNextPage) return;
    const links = listRef.current?.querySelectorAll<HTMLElement>('[data-testid="notification"]');
    const target = links?.[focusIndex.current] ?? links?.[links.length - 1];
    focusIndex.current = null;
    target?.focus();
  }, [items.length, notifications.isFetchingNextPage]);

  if (meId === undefined) return null;

  const openPanel = () => {
    setStatus('');
    setOpen(true);
    void notifications.refetch();
  };

  const openNotification = (n: AppNotification) => {
    if (n.readAt === null) markRead.mutate({ ids: [n.id] });
    setOpen(false);
  };

  const markAll = () => {
    if (unread === 0 || markRead.isPending) return;
    markRead.mutate({ all: true }, { onSuccess: () => setStatus(t('bell.allRead')) });
  };

  const loadMore = () => {
    if (notifications.isFetchingNextPage) return;
    focusIndex.current = items.length;
    void notifications.fetchNextPage();
  };

  return (
    <>
      <button
        type="button"
        onClick={openPanel}
        data-testid="notifications-bell"
        data-unread={unread}
        aria-label={t('bell.label', { unread: unreadLabel(unread) })}
        aria-haspopup="dialog"
        aria-expanded={open}
        title={t('bell.title')}
        className={cn(
          // Phones: above the messages bell, so the two keep to the right edge (clear of the cards' dates and badges).
          'fixed bottom-[5.5rem] right-5 z-40 flex h-14 w-14 sm:bottom-5 sm:right-22 items-center justify-center rounded-full bg-white text-brand-700 shadow-xl shadow-brand-700/20 ring-1 ring-slate-200 transition hover:bg-brand-50',
        )}
      >
        <BellRing aria-hidden className="h-6 w-6" />
        {unread > 0 ? (
          <span
            aria-hidden
            data-testid="notifications-count"
            className="absolute -right-1 -top-1 flex h-6 min-w-6 items-center justify-center rounded-full bg-rose-600 px-1.5 text-xs font-bold text-white ring-2 ring-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <span role="status" aria-live="polite" className="sr-only">
        {announcement}
      </span>

      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('bell.title')}
        description={unread > 0 ? t('bell.unread', { count: unread }) : items.length > 0 ? t('bell.caughtUp') : t('bell.nothingNew')}
      >
        <p role="status" className="sr-only">
          {status}
        </p>
        {notifications.isLoading ? (
          <SpinnerBlock label={t('bell.loading')} />
        ) : notifications.isError && items.length === 0 ? (
          <div role="alert" className="py-4 text-center text-sm text-rose-700">
            <p>{t('bell.loadFailed')}</p>
            <RetryButton onRetry={() => void notifications.refetch()} />
          </div>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">{t('bell.empty')}</p>
        ) : (
          <>
            <div className="mb-2 flex justify-end">
              <Button
                size="sm"
                variant="secondary"
                onClick={markAll}
                aria-disabled={unread === 0}
                className={cn(unread === 0 && 'cursor-not-allowed opacity-60')}
              >
                <CheckCheck aria-hidden className="h-4 w-4" />
                {t('bell.markAll')}
              </Button>
            </div>
            <ul ref={listRef} aria-label={t('bell.list')} className="space-y-1">
              {items.map((n) => (
                <NotificationItem key={n.id} notification={n} fallback={location} onOpen={openNotification} />
              ))}
            </ul>
            {notifications.hasNextPage ? (
              <div className="mt-3 flex justify-center">
                <Button size="sm" variant="outline" onClick={loadMore} aria-disabled={notifications.isFetchingNextPage}>
                  {notifications.isFetchingNextPage ? t('bell.loadingMore') : t('bell.loadMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </Dialog>
    </>
  );
}
