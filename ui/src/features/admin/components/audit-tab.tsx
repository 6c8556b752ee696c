import { ScrollText } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { RetryButton } from '@/components/ui/retry-button';
import { SpinnerBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import { useAuditLog, type AuditEntry } from '../api/safety';
import { ns, tAdmin } from '../i18n';

type ActorKind = AuditEntry['actor']['kind'];

const ACTOR_KINDS: readonly ActorKind[] = ['admin', 'staff', 'student', 'employer', 'system', 'cli'];

const isActorKind = (kind: string): kind is ActorKind => (ACTOR_KINDS as readonly string[]).includes(kind);

/** "Maria Lopez (admin #3)", "Student #12", "System" (an unknown kind as the server named it). */
function actorText(actor: AuditEntry['actor']): string {
  const known = isActorKind(actor.kind);
  const kind = known ? tAdmin(`audit.kinds.${actor.kind}`) : actor.kind;
  if (actor.kind === 'system' || actor.kind === 'cli') return kind;
  const name = actor.name?.trim();
  if (name) {
    const inline = known ? tAdmin(`audit.kindsInline.${actor.kind}`) : actor.kind.toLowerCase();
    return actor.id !== null
      ? tAdmin('audit.actorNamedId', { name, kind: inline, id: actor.id })
      : tAdmin('audit.actorNamed', { name, kind: inline });
  }
  return actor.id !== null ? tAdmin('audit.actorId', { kind, id: actor.id }) : kind;
}

/** The audit log, newest first: who did what and when, filterable by the user it concerns. */
export function AuditTab() {
  const { t } = useTranslation(ns);
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [filterError, setFilterError] = useState<string | undefined>();
  const [userId, setUserId] = useState<number | null>(null);
  const audit = useAuditLog(userId, true);
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = draft.trim();
    if (text === '') {
      setFilterError(undefined);
      setUserId(null);
      return;
    }
    if (!/^\d{1,15}$/.test(text) || Number(text) <= 0) {
      setFilterError(t('audit.badUserId'));
      return;
    }
    setFilterError(undefined);
    setUserId(Number(text));
  };

  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ScrollText aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
        {t('audit.heading')}
      </h2>
      <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-2" aria-label={t('audit.filterForm')}>
        <TextField
          id={inputId}
          label={t('audit.filterLabel')}
          type="number"
          inputMode="numeric"
          min={1}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          error={filterError}
          containerClassName="w-48"
        />
        <Button type="submit" variant="outline" size="md">
          {t('audit.filter')}
        </Button>
        {userId !== null ? (
          <Button
            variant="ghost"
            size="md"
            onClick={() => {
              setDraft('');
              setUserId(null);
              setFilterError(undefined);
            }}
          >
            {t('audit.clear')}
          </Button>
        ) : null}
      </form>
      <p className="text-sm text-slate-600" role="status">
        {userId !== null ? t('audit.showingUser', { id: userId }) : t('audit.showingAll')}
      </p>
      {audit.isLoading ? (
        <SpinnerBlock label={t('audit.loading')} className="py-8" />
      ) : audit.isError && entries.length === 0 ? (
        <Card>
          <p className="text-sm text-rose-700">{t('audit.loadFailed', { message: errorMessage(audit.error) ?? '' })}</p>
          <RetryButton onRetry={() => void audit.refetch()} />
        </Card>
      ) : entries.length === 0 ? (
        <Card className="text-center text-sm text-slate-600">{t('audit.empty')}</Card>
      ) : (
        <ol className="space-y-2" aria-label={t('audit.list')} data-testid="audit-entries">
          {entries.map((e) => (
            <li key={e.id} data-testid="audit-entry" data-action={e.action} className="rounded-2xl border border-slate-200 bg-white p-3">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <time dateTime={e.at} className="text-xs font-semibold text-slate-700">
                  {formatDate(e.at, '')} {formatTime(e.at)}
                </time>
                <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800">{e.action}</code>
              </p>
              <p className="mt-1 text-sm text-slate-900 [overflow-wrap:anywhere]">{e.summary}</p>
              <p className="mt-0.5 text-xs text-slate-600">{t('audit.by', { actor: actorText(e.actor) })}</p>
            </li>
          ))}
        </ol>
      )}
      {audit.hasNextPage || audit.isFetchNextPageError ? (
        <div className="flex flex-col items-center gap-2 pt-2">
          {audit.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-rose-700">
              {t('audit.moreFailed', { message: errorMessage(audit.error) ?? '' })}
            </p>
          ) : null}
          <Button variant="outline" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
            {audit.isFetchingNextPage ? t('audit.loadingMore') : t('audit.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
