import { ScrollText } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { RetryButton } from '@/components/ui/retry-button';
import { SpinnerBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import { useAuditLog, type AuditEntry } from '../api/safety';

const ACTOR_KINDS: Record<AuditEntry['actor']['kind'], string> = {
  admin: 'Admin',
  student: 'Student',
  employer: 'Employer',
  system: 'System',
  cli: 'Command line',
};

function actorText(actor: AuditEntry['actor']): string {
  const kind = ACTOR_KINDS[actor.kind] ?? actor.kind;
  if (actor.kind === 'system' || actor.kind === 'cli') return kind;
  const name = actor.name?.trim();
  const id = actor.id !== null ? ` #${actor.id}` : '';
  return name ? `${name} (${kind.toLowerCase()}${id})` : `${kind}${id}`;
}

/** The audit log, newest first: who did what and when, filterable by the user it concerns. */
export function AuditTab() {
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
      setFilterError('Enter a user ID (a whole number)');
      return;
    }
    setFilterError(undefined);
    setUserId(Number(text));
  };

  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ScrollText aria-hidden className="h-5 w-5 text-brand-600" />
        Audit log
      </h2>
      <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-2" aria-label="Filter the audit log">
        <TextField
          id={inputId}
          label="Filter by user ID"
          type="number"
          inputMode="numeric"
          min={1}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          error={filterError}
          containerClassName="w-48"
        />
        <Button type="submit" variant="outline" size="md">
          Filter
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
            Clear filter
          </Button>
        ) : null}
      </form>
      <p className="text-sm text-slate-600" role="status">
        {userId !== null ? `Showing entries about user #${userId}.` : 'Showing every entry.'}
      </p>
      {audit.isLoading ? (
        <SpinnerBlock label="Loading the audit log" className="py-8" />
      ) : audit.isError && entries.length === 0 ? (
        <Card>
          <p className="text-sm text-rose-700">Could not load the audit log: {errorMessage(audit.error)}</p>
          <RetryButton onRetry={() => void audit.refetch()} />
        </Card>
      ) : entries.length === 0 ? (
        <Card className="text-center text-sm text-slate-600">No entries.</Card>
      ) : (
        <ol className="space-y-2" aria-label="Audit entries" data-testid="audit-entries">
          {entries.map((e) => (
            <li key={e.id} data-testid="audit-entry" data-action={e.action} className="rounded-2xl border border-slate-200 bg-white p-3">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <time dateTime={e.at} className="text-xs font-semibold text-slate-700">
                  {formatDate(e.at, '')} {formatTime(e.at)}
                </time>
                <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800">{e.action}</code>
              </p>
              <p className="mt-1 text-sm text-slate-900 [overflow-wrap:anywhere]">{e.summary}</p>
              <p className="mt-0.5 text-xs text-slate-600">By {actorText(e.actor)}</p>
            </li>
          ))}
        </ol>
      )}
      {audit.hasNextPage || audit.isFetchNextPageError ? (
        <div className="flex flex-col items-center gap-2 pt-2">
          {audit.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-rose-700">
              Could not load more entries: {errorMessage(audit.error)}
            </p>
          ) : null}
          <Button variant="outline" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
            {audit.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
