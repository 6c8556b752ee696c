import { useId } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import { placeLine } from '@/types/safety';
import { useMarkFalseMatch, type AdminReport } from '../api/safety';
import { ns } from '../i18n';

function quoted(terms: readonly string[]): string {
  return terms.map((term) => `'${term}'`).join(', ');
}

/**
 * A hazard hold of a posting: where each held term matched ("'driving' matched “delivery truck”
 * in the description"), and for a district admin, while the hold is open, one button per term
 * to mark it a false match for this posting (the server re-screens without it; with nothing
 * else holding the posting, the hold ends). The terms already marked are listed with when.
 */
export function HeldPlaces({ report, canMark }: { report: AdminReport; canMark: boolean }) {
  const { t } = useTranslation(ns);
  const headingId = useId();
  const markedId = useId();
  const mark = useMarkFalseMatch();
  const places = report.heldPlaces ?? [];
  const marked = report.falseMatches ?? [];
  const open = report.status === 'open';
  // Each held term once, in the screen's order; once resolved, those with places left (a term a
  // false mark covers has none: it is listed with the marks).
  const terms = open ? report.heldTerms : report.heldTerms.filter((term) => places.some((p) => p.term === term));
  if (terms.length === 0 && marked.length === 0) return null;

  const onMark = (term: string) =>
    mark.mutate(
      { id: report.id, term },
      {
        onSuccess: (after) =>
          toast({
            title: t('reports.falseMatch.doneTitle', { term }),
            description:
              after.status === 'resolved'
                ? t('reports.falseMatch.released')
                : t('reports.falseMatch.stillHeld', { terms: quoted(after.heldTerms) }),
            variant: 'success',
          }),
        onError: (error) => toast({ title: t('reports.falseMatch.failed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <div role="group" aria-labelledby={headingId} className="space-y-2" data-testid="held-places">
      <h4 id={headingId} className="text-sm font-bold text-slate-900">
        {t('reports.falseMatch.heading')}
      </h4>
      {terms.length > 0 ? (
        <ul className="space-y-2">
          {terms.map((term) => {
            const lines = places.filter((p) => p.term === term);
            return (
              <li
                key={term}
                data-testid="held-place"
                data-term={term}
                className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900"
              >
                <ul className="list-disc space-y-0.5 pl-4 [overflow-wrap:anywhere]">
                  {lines.length > 0 ? (
                    lines.map((p) => <li key={`${p.field}:${p.text}`}>{placeLine(p)}</li>)
                  ) : (
                    <li>{t('reports.falseMatch.noPlace', { term })}</li>
                  )}
                </ul>
                {open && canMark ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={mark.isPending}
                    aria-label={t('reports.falseMatch.markLabel', { term })}
                    onClick={() => onMark(term)}
                  >
                    {t('reports.falseMatch.mark')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {open && canMark && terms.length > 0 ? <p className="text-xs text-slate-600">{t('reports.falseMatch.hint')}</p> : null}
      {marked.length > 0 ? (
        <div className="space-y-1 text-sm">
          <h5 id={markedId} className="text-xs font-semibold text-slate-600">
            {t('reports.falseMatch.markedHeading')}
          </h5>
          <ul
            aria-labelledby={markedId}
            className="list-disc space-y-0.5 pl-4 text-slate-800 [overflow-wrap:anywhere]"
            data-testid="false-matches"
          >
            {marked.map((m) => (
              <li key={m.term} data-term={m.term}>
                {t('reports.falseMatch.markedOn', {
                  what: m.places.length > 0 ? m.places.map(placeLine).join('; ') : `'${m.term}'`,
                  when: `${formatDate(m.markedAt, '')} ${formatTime(m.markedAt)}`.trim(),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
