import { AlertTriangle, ArrowRight, ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListStates } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { gradeLabel } from '@/lib/options';
import {
  capFlagText,
  hoursText,
  PARTY_LABELS,
  PLACEMENT_FILTER_LABELS,
  PLACEMENT_STATE_LABELS,
  PLACEMENT_STATES,
  type Placement,
  type PlacementFilter,
  type PlacementState,
} from '@/types/placement';
import { useAdminPlacements } from '../api/placements';
import { ns, tAdmin } from '../i18n';
import { AdminFact } from './admin-fact';

const STATE_TONES: Record<PlacementState, BadgeTone> = {
  setup: 'neutral',
  awaiting_signatures: 'warning',
  active: 'info',
  completed: 'positive',
  ended_early: 'negative',
  cancelled: 'negative',
};

/** The select's value for every state (a select's value cannot be empty). */
const ALL_STATES = '__all__';

const FILTERS: (PlacementFilter | null)[] = [null, 'missing_signatures', 'hours_waiting', 'over_cap', 'evaluation_overdue'];

function datesText(p: Placement): string {
  if (!p.startDate && !p.endDate) return tAdmin('placements.notSetYet');
  const notSet = tAdmin('placements.notSet');
  return tAdmin('placements.dates', { start: formatDate(p.startDate, notSet), end: formatDate(p.endDate, notSet) });
}

/** What needs the school on a placement. */
function attention(p: Placement): string[] {
  const out: string[] = [];
  if (p.awaiting.length > 0) {
    out.push(tAdmin('placements.awaiting', { parties: p.awaiting.map((x) => PARTY_LABELS[x]?.toLowerCase() ?? x).join(', ') }));
  }
  if (p.guardian && p.guardian.source === 'student' && !p.guardian.confirmed && p.state === 'awaiting_signatures') {
    out.push(tAdmin('placements.guardianUnconfirmed'));
  }
  if (p.guardianDeclined && p.state === 'awaiting_signatures') out.push(tAdmin('placements.guardianDeclined'));
  const waiting = p.entries.filter((e) => e.status === 'waiting').length;
  if (waiting > 0) out.push(tAdmin('placements.entriesWaiting', { count: waiting }));
  if (p.evaluationsDue.some((d) => d.overdue)) out.push(tAdmin('placements.evaluationOverdue'));
  return out;
}

function PlacementRow({ placement: p }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const notes = attention(p);
  return (
    <li data-testid="admin-placement" aria-label={t('placements.rowLabel', { student: p.student.name, company: p.employer.company })}>
      <Card className="h-full space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-base font-bold text-slate-900 [overflow-wrap:anywhere]">{p.student.name}</h3>
            <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
              {p.internship.title} · {p.employer.company}
            </p>
          </div>
          <Badge tone={STATE_TONES[p.state] ?? 'neutral'} data-testid="placement-state" data-state={p.state}>
            {PLACEMENT_STATE_LABELS[p.state] ?? p.state}
          </Badge>
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <AdminFact label={t('placements.school')}>{p.student.school || t('fact.notGiven')}</AdminFact>
          <AdminFact label={t('placements.grade')}>{p.student.grade ? gradeLabel(p.student.grade) : t('fact.notGiven')}</AdminFact>
          <AdminFact label={t('placements.datesLabel')}>{datesText(p)}</AdminFact>
          <AdminFact label={t('placements.approvedHours')}>
            {t('placements.hoursOf', { approved: hoursText(p.hours.approved), planned: hoursText(p.hours.planned) })}
          </AdminFact>
        </dl>
        {notes.length > 0 ? (
          <ul className="space-y-1 text-sm text-amber-900" aria-label={t('placements.needsAttention', { name: p.student.name })}>
            {notes.map((note) => (
              <li key={note} className="flex items-start gap-1.5">
                <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
                {note}
              </li>
            ))}
          </ul>
        ) : null}
        {p.flags.length > 0 ? (
          <ul
            className="space-y-1 rounded-2xl bg-rose-50 p-2 text-sm text-rose-900"
            aria-label={t('placements.flags', { name: p.student.name })}
            data-testid="placement-flags"
          >
            {p.flags.map((flag) => (
              <li key={`${flag.period} ${flag.date}`} className="[overflow-wrap:anywhere]">
                {capFlagText(flag)}
              </li>
            ))}
          </ul>
        ) : null}
        <Link
          href={paths.placement(p.id)}
          className={buttonClasses('secondary', 'sm')}
          aria-label={t('placements.openRecordName', { name: p.student.name })}
        >
          {t('placements.openRecord')}
          <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </Card>
    </li>
  );
}

/**
 * Placements: every work-based-learning placement (a coordinator's school's only), by state and
 * by what needs attention; each opens its whole record on /placements/{id}.
 */
export function PlacementsTab({ coordinatorSchool }: { coordinatorSchool: string | null }) {
  const { t } = useTranslation(ns);
  const [state, setState] = useState<PlacementState | null>(null);
  const [filter, setFilter] = useState<PlacementFilter | null>(null);
  const placements = useAdminPlacements({ state, filter });
  const list = placements.data ?? [];
  return (
    <section aria-labelledby="placements-heading" className="space-y-4">
      <h2 id="placements-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ClipboardCheck aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
        {t('placements.heading')}
      </h2>
      <p className="text-sm text-slate-600">
        {coordinatorSchool ? t('placements.introSchool', { school: coordinatorSchool }) : t('placements.intro')}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label={t('placements.state')}
          placeholder={t('placements.allStates')}
          className="sm:w-64"
          value={state ?? ALL_STATES}
          onValueChange={(value) => setState(value === ALL_STATES ? null : (value as PlacementState))}
          options={[
            { value: ALL_STATES, label: t('placements.allStates') },
            ...PLACEMENT_STATES.map((s) => ({ value: s, label: PLACEMENT_STATE_LABELS[s] })),
          ]}
        />
      </div>
      <div role="group" aria-label={t('placements.show')} className="flex flex-wrap gap-1.5">
        {FILTERS.map((f) => (
          <Button
            key={f ?? 'all'}
            size="sm"
            variant={filter === f ? 'primary' : 'outline'}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {f ? PLACEMENT_FILTER_LABELS[f] : t('placements.all')}
          </Button>
        ))}
      </div>
      {placements.data ? (
        <p role="status" className="text-sm font-semibold text-slate-700" data-testid="placements-count">
          {t('placements.count', { count: list.length })}
          {placements.isFetching && placements.isPlaceholderData ? <span className="sr-only"> {t('placements.updating')}</span> : null}
        </p>
      ) : null}
      <ListStates
        query={placements}
        loadingLabel={t('placements.loading')}
        loadingClassName="py-8"
        errorText={t('placements.errorText')}
        onRetry={() => void placements.refetch()}
        isEmpty={list.length === 0}
        empty={state || filter ? t('placements.noMatch') : t('placements.empty')}
      >
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('placements.list')} aria-busy={placements.isPlaceholderData || undefined}>
          {list.map((p) => (
            <PlacementRow key={p.id} placement={p} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
