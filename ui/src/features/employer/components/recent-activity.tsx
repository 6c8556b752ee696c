import { Activity, MessageCircle, UserPlus } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Card } from '@/components/ui/card';
import { ns, tEmployer } from '../i18n';
import { fullName, timeAgo } from '../lib/format';
import { STATUS_LABELS } from '../lib/statuses';
import type { Message } from '@/types/internship';
import type { EmployerApplication } from '../types';
import type { MessageTarget } from './messaging-slot';

interface ActivityItem {
  key: string;
  at: string;
  kind: 'applied' | 'status' | 'message';
  text: string;
  detail?: string;
  unread?: boolean;
  target?: MessageTarget;
}

const MAX_ITEMS = 8;

export function buildActivity(applications: EmployerApplication[], messages: Message[]): ActivityItem[] {
  const items: ActivityItem[] = [];
  const titles = new Map(applications.map((a) => [a.id, a.internshipTitle]));
  for (const a of applications) {
    const name = fullName(a.student);
    a.history.forEach((h, index) => {
      const first = index === 0;
      items.push({
        key: `a${a.id}-${index}`,
        at: h.at,
        kind: first ? 'applied' : 'status',
        text: first
          ? tEmployer('activity.applied', { name, title: a.internshipTitle })
          : tEmployer('activity.moved', { name, status: STATUS_LABELS[h.status] ?? h.status }),
        detail: first ? undefined : a.internshipTitle,
      });
    });
  }
  for (const m of messages) {
    items.push({
      key: `m${m.id}`,
      at: m.createdAt,
      kind: 'message',
      text: tEmployer('activity.message', { name: m.senderName }),
      detail: m.content.length > 90 ? `${m.content.slice(0, 90)}…` : m.content,
      unread: m.readAt === null,
      target: { applicationId: m.applicationId, otherUserId: m.senderId, otherName: m.senderName, subject: titles.get(m.applicationId) },
    });
  }
  return items.sort((x, y) => new Date(y.at).getTime() - new Date(x.at).getTime()).slice(0, MAX_ITEMS);
}

const ICONS = { applied: UserPlus, status: Activity, message: MessageCircle } as const;

export function RecentActivity({
  applications,
  messages,
  loading,
  onOpenMessage,
}: {
  applications: EmployerApplication[];
  messages: Message[];
  loading: boolean;
  onOpenMessage: (target: MessageTarget) => void;
}) {
  const { t } = useTranslation(ns);
  const items = buildActivity(applications, messages);
  return (
    <Card>
      <h2 className="text-lg font-bold text-slate-900">{t('activity.title')}</h2>
      {loading ? <p className="mt-3 text-sm text-slate-500">{t('activity.loading')}</p> : null}
      {!loading && items.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('activity.empty')}</p> : null}
      <ul className="mt-3 divide-y divide-slate-100" aria-label={t('activity.label')} data-testid="recent-activity">
        {items.map((item) => {
          const Icon = ICONS[item.kind];
          const body = (
            <>
              <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <Icon aria-hidden className="h-4 w-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-slate-900">
                  {item.text}
                  {item.unread ? (
                    <span className="ml-2 rounded-full bg-pink-700 px-1.5 py-0.5 text-[10px] font-bold uppercase text-white">
                      {t('activity.new')}
                    </span>
                  ) : null}
                </span>
                {item.detail ? <span className="block truncate text-xs text-slate-600">{item.detail}</span> : null}
                <time dateTime={item.at} className="block text-xs text-slate-600">
                  {timeAgo(item.at)}
                </time>
              </span>
            </>
          );
          return (
            <li key={item.key}>
              {item.target ? (
                <button
                  type="button"
                  onClick={() => item.target && onOpenMessage(item.target)}
                  className="flex w-full items-start gap-3 rounded-xl py-2.5 text-left hover:bg-slate-50"
                >
                  {body}
                </button>
              ) : (
                <div className="flex items-start gap-3 py-2.5">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
