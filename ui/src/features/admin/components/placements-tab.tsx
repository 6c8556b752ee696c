import { AlertTriangle, ArrowRight, ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
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
  if (!p.startDate && !p.endDate) return 'Not set yet';
  return `${formatDate(p.startDate, 'Not set')} to ${formatDate(p.endDate, 'Not set')}`;
}

/** What needs the school on a placement. */
function attention(p: Placement): string[] {
  const out: string[] = [];
  if (p.awaiting.length > 0) out.push(`Awaiting: ${p.awaiting.map((x) => PARTY_LABELS[x]?.toLowerCase() ?? x).join(', ')}`);
  if (p.guardian && p.guardian.source === 'student' && !p.guardian.confirmed && p.state === 'awaiting_signatures') {
    out.push('Guardian given by the student, not confirmed');
  }
  if (p.guardianDeclined && p.state === 'awaiting_signatures') out.push('The guardian declined');
  const waiting = p.entries.filter((e) => e.status === 'waiting').length;
  if (waiting > 0) out.push(`${waiting} ${waiting === 1 ? 'entry' : 'entries'} waiting for approval`);
  if (p.evaluationsDue.some((d) => d.overdue)) out.push('Evaluation overdue');
  return out;
}

function PlacementRow({ placement: p }: { placement: Placement }) {
  const notes = attention(p);
  return (
    <li data-testid="admin-placement" aria-label={`${p.student.name} at ${p.employer.company}`}>
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
          <AdminFact label="School">{p.student.school || 'Not given'}</AdminFact>
          <AdminFact label="Grade">{p.student.grade ? gradeLabel(p.student.grade) : 'Not given'}</AdminFact>
          <AdminFact label="Dates">{datesText(p)}</AdminFact>
          <AdminFact label="Approved hours">{`${hoursText(p.hours.approved)} of ${hoursText(p.hours.planned)}`}</AdminFact>
        </dl>
        {notes.length > 0 ? (
          <ul className="space-y-1 text-sm text-amber-900" aria-label={`Needs attention, ${p.student.name}`}>
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
            aria-label={`Flags, ${p.student.name}`}
            data-testid="placement-flags"
          >
            {p.flags.map((flag) => (
              <li key={flag} className="[overflow-wrap:anywhere]">
                {flag}
              </li>
            ))}
          </ul>
        ) : null}
        <Link href={paths.placement(p.id)} className={buttonClasses('secondary', 'sm')} aria-label={`Open record, ${p.student.name}`}>
          Open record
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
  const [state, setState] = useState<PlacementState | null>(null);
  const [filter, setFilter] = useState<PlacementFilter | null>(null);
  const placements = useAdminPlacements({ state, filter });
  const list = placements.data ?? [];
  const count = `${list.length} placement${list.length === 1 ? '' : 's'}`;
  return (
    <section aria-labelledby="placements-heading" className="space-y-4">
      <h2 id="placements-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ClipboardCheck aria-hidden className="h-5 w-5 text-brand-600" />
        Placements
      </h2>
      <p className="text-sm text-slate-600">
        {coordinatorSchool
          ? `The work-based-learning placements of ${coordinatorSchool}: open one for its record, signatures, hours and history.`
          : 'Every work-based-learning placement: open one for its record, signatures, hours and history.'}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label="State"
          placeholder="All states"
          className="sm:w-64"
          value={state ?? ALL_STATES}
          onValueChange={(value) => setState(value === ALL_STATES ? null : (value as PlacementState))}
          options={[
            { value: ALL_STATES, label: 'All states' },
            ...PLACEMENT_STATES.map((s) => ({ value: s, label: PLACEMENT_STATE_LABELS[s] })),
          ]}
        />
      </div>
      <div role="group" aria-label="Show placements" className="flex flex-wrap gap-1.5">
        {FILTERS.map((f) => (
          <Button
            key={f ?? 'all'}
            size="sm"
            variant={filter === f ? 'primary' : 'outline'}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {f ? PLACEMENT_FILTER_LABELS[f] : 'All'}
          </Button>
        ))}
      </div>
      {placements.data ? (
        <p role="status" className="text-sm font-semibold text-slate-700" data-testid="placements-count">
          {count}
          {placements.isFetching && placements.isPlaceholderData ? <span className="sr-only"> (updating)</span> : null}
        </p>
      ) : null}
      <ListStates
        query={placements}
        loadingLabel="Loading placements"
        loadingClassName="py-8"
        errorText="placements"
        onRetry={() => void placements.refetch()}
        isEmpty={list.length === 0}
        empty={state || filter ? 'No placement matches.' : 'No placements yet. One starts when an employer moves an application to Hired.'}
      >
        <ul className="grid gap-3 lg:grid-cols-2" aria-label="Placements" aria-busy={placements.isPlaceholderData || undefined}>
          {list.map((p) => (
            <PlacementRow key={p.id} placement={p} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
