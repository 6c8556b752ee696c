import { cn } from '@/lib/cn';
import { MessageCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Dialog } from '@/components/ui/dialog';
import { messageTime } from '@/lib/format';
import { messagingNs } from '@/lib/i18n/namespaces/messaging';
import { asAccount, useUser } from '@/lib/auth';
import type { Message } from '@/types/internship';
import { useReceivedMessages } from '@/lib/messaging/messages';
import { useMessagesSocket } from '@/lib/messaging/socket';
import { MessagingDialog, type MessageTarget } from './messaging-dialog';

interface Conversation {
  applicationId: number;
  otherUserId: number;
  otherName: string;
  latest: Message;
  unread: number;
}

/** Group received messages (newest first) by application; the newest message leads. */
function conversations(messages: Message[]): Conversation[] {
  const byApp = new Map<number, Conversation>();
  for (const m of messages) {
    const entry = byApp.get(m.applicationId);
    if (entry) {
      if (m.readAt === null) entry.unread += 1;
    } else {
      byApp.set(m.applicationId, {
        applicationId: m.applicationId,
        otherUserId: m.senderId,
        otherName: m.senderName,
        latest: m,
        unread: m.readAt === null ? 1 : 0,
      });
    }
  }
  return [...byApp.values()];
}

/**
 * The floating new-messages bell: the unread count (polled every 5 s, and refreshed live
 * through /ws), a list of conversations, and the messaging dialog for the chosen one.
 */
export function MessagesBell({
  subjectFor,
  companyFor,
}: {
  subjectFor?: (applicationId: number) => string | undefined;
  /** Student side: the company behind an application (for 'Block {company}'). */
  companyFor?: (applicationId: number) => string | undefined;
}) {
  const { t } = useTranslation(messagingNs);
  const meId = asAccount(useUser().user)?.id;
  useMessagesSocket(meId);
  const received = useReceivedMessages(meId);
  const [listOpen, setListOpen] = useState(false);
  const [target, setTarget] = useState<MessageTarget | null>(null);

  const all = useMemo(() => received.data ?? [], [received.data]);
  const unread = all.filter((m) => m.readAt === null).length;
  const convos = useMemo(() => conversations(all), [all]);

  if (meId === undefined) return null;

  return (
    <>
      <button
        type="button"
        onClick={() => setListOpen(true)}
        data-testid="messages-bell"
        data-unread={unread}
        aria-label={unread > 0 ? t('bell.label', { count: unread }) : t('bell.labelNone')}
        className={cn(
          'fixed bottom-5 right-5 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-brand-gradient text-white shadow-xl shadow-brand-700/30 transition hover:brightness-110',
        )}
      >
        <MessageCircle aria-hidden className="h-6 w-6" />
        {unread > 0 ? (
          <span
            aria-hidden
            className="absolute -right-1 -top-1 flex h-6 min-w-6 items-center justify-center rounded-full bg-rose-600 px-1.5 text-xs font-bold text-white ring-2 ring-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>

      <Dialog
        open={listOpen}
        onOpenChange={setListOpen}
        title={t('bell.title')}
        description={unread > 0 ? t('bell.unread', { count: unread }) : t('bell.noneNew')}
      >
        {convos.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{t('bell.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {convos.map((c) => (
              <li key={c.applicationId}>
                <button
                  type="button"
                  data-testid="conversation"
                  onClick={() => {
                    setListOpen(false);
                    setTarget({
                      applicationId: c.applicationId,
                      otherUserId: c.otherUserId,
                      otherName: c.otherName,
                      subject: subjectFor?.(c.applicationId),
                      company: companyFor?.(c.applicationId),
                    });
                  }}
                  className="flex w-full items-start gap-3 rounded-xl px-2 py-3 text-left hover:bg-slate-50"
                >
                  <div className="min-w-0 flex-1">
                    <p className="flex items-baseline justify-between gap-2">
                      <span className={c.unread > 0 ? 'font-bold text-slate-900' : 'font-semibold text-slate-700'}>{c.otherName}</span>
                      <time className="shrink-0 text-xs text-slate-500" dateTime={c.latest.createdAt}>
                        {messageTime(c.latest.createdAt)}
                      </time>
                    </p>
                    {subjectFor?.(c.applicationId) ? (
                      <p className="truncate text-xs text-slate-500">{subjectFor(c.applicationId)}</p>
                    ) : null}
                    <p className="truncate text-sm text-slate-600">{c.latest.content}</p>
                  </div>
                  {c.unread > 0 ? (
                    <span className="mt-0.5 shrink-0 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">
                      {t('bell.new', { count: c.unread })}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>

      <MessagingDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
