import { ArrowRight, Clock, GraduationCap, Users } from 'lucide-react';
import { Link } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageShell } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListStates } from '@/components/ui/section';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { gradeLabel } from '@/lib/options';
import { hoursText, PARTY_LABELS, type Placement } from '@/types/placement';
import { useMyPlacements } from '../api/placements';
import { datesText } from '../lib/format';
import { PlacementStateBadge } from './state-badge';
import { StateCard } from '@/components/ui/state-card';

/** What needs the employer on a placement, if anything. */
function todo(p: Placement): string | null {
  if (p.state === 'setup') return 'Fill in the details';
  if (p.state === 'awaiting_signatures') {
    if (p.awaiting.includes('supervisor')) return 'Your signature is awaited';
    return `Waiting for: ${p.awaiting.map((x) => PARTY_LABELS[x]?.toLowerCase() ?? x).join(', ')}`;
  }
  if (p.state === 'active') {
    const waiting = p.entries.filter((e) => e.status === 'waiting').length;
    const due = p.evaluationsDue.filter((d) => !d.done && d.overdue).length;
    const parts = [
      waiting ? `${waiting} ${waiting === 1 ? 'entry' : 'entries'} to approve` : null,
      due ? 'an evaluation is overdue' : null,
    ];
    const text = parts.filter(Boolean).join('; ');
    return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
  }
  return null;
}

function InternCard({ placement: p }: { placement: Placement }) {
  const next = todo(p);
  return (
    <li data-testid="intern" aria-label={`${p.student.name}, ${p.internship.title}`}>
      <Card className="h-full space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-base font-bold text-slate-900 [overflow-wrap:anywhere]">{p.student.name}</h2>
            <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{p.internship.title}</p>
          </div>
          <PlacementStateBadge state={p.state} />
        </div>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1">
            <GraduationCap aria-hidden className="h-4 w-4 text-slate-500" />
            {[gradeLabel(p.student.grade), p.student.school].filter(Boolean).join(' · ')}
          </span>
          <span>{datesText(p.startDate, p.endDate)}</span>
        </p>
        {p.state === 'active' || p.state === 'completed' || p.state === 'ended_early' ? (
          <p className="text-sm text-slate-700">
            {hoursText(p.hours.approved)} of {hoursText(p.hours.planned)} hours approved
            {p.hours.waiting > 0 ? ` · ${hoursText(p.hours.waiting)} h waiting` : ''}
          </p>
        ) : null}
        {next ? (
          <Badge tone="warning" className="whitespace-normal" data-testid="intern-todo">
            <Clock aria-hidden className="h-3.5 w-3.5 shrink-0" />
            {next}
          </Badge>
        ) : null}
        <div>
          <Link href={paths.placement(p.id)} className={buttonClasses('secondary', 'sm')} aria-label={`Open placement, ${p.student.name}`}>
            Open placement
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        </div>
      </Card>
    </li>
  );
}

/** `/employer/interns`: the employer's placements (one per hired student). */
export function InternsPage() {
  const { user, isLoading } = useUser();
  const employer = user?.userType === 'employer';
  const placements = useMyPlacements(employer);
  const list = placements.data ?? [];
  return (
    <PageShell>
      <AppHeader
        back={{ href: paths.employerDashboard, label: 'Back to the Employer Dashboard' }}
        title="Interns"
        right={null}
        layer="page"
      />
      <main className="pb-16">
        <div className="mx-auto w-full max-w-5xl space-y-4 px-4 py-6">
          {isLoading ? (
            <PageLoader />
          ) : !employer ? (
            <StateCard
              icon={Users}
              iconClassName="text-brand-400"
              title="Sign in as an employer"
              text="Your interns' placements live here."
            >
              <Link href={paths.employerLogin} className={buttonClasses('primary', 'md', 'mt-4')}>
                Employer sign in
              </Link>
            </StateCard>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                Each student you hire gets a placement: fill in its details, sign the training agreement, approve their hours and evaluate
                them.
              </p>
              <ListStates
                query={placements}
                loadingLabel="Loading interns"
                loadingClassName="py-8"
                errorText="your interns"
                onRetry={() => void placements.refetch()}
                isEmpty={list.length === 0}
                empty="No interns yet. When you move an applicant to Hired, their placement shows here."
              >
                <ul className="grid gap-3 md:grid-cols-2" aria-label="Interns">
                  {list.map((p) => (
                    <InternCard key={p.id} placement={p} />
                  ))}
                </ul>
              </ListStates>
            </>
          )}
        </div>
      </main>
    </PageShell>
  );
}

export default InternsPage;
