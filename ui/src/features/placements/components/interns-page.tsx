import { ArrowRight, Clock, GraduationCap, Users } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
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
import { employerTodo, hoursText, type Placement } from '@/types/placement';
import { useMyPlacements } from '../api/placements';
import { ns, tPlacements } from '../i18n';
import { datesText, partiesInSentence } from '../lib/format';
import { PlacementStateBadge } from './state-badge';
import { StateCard } from '@/components/ui/state-card';

/** What needs the employer on a placement, or whom it waits for. */
function todo(p: Placement): string | null {
  const mine = employerTodo(p);
  if (mine || p.state !== 'awaiting_signatures') return mine;
  return tPlacements('interns.todoWaitingFor', { parties: partiesInSentence(p.awaiting) });
}

function InternCard({ placement: p }: { placement: Placement }) {
  const { t } = useTranslation(ns);
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
            {p.hours.waiting > 0
              ? t('interns.hoursApprovedWaiting', {
                  approved: hoursText(p.hours.approved),
                  planned: hoursText(p.hours.planned),
                  waiting: hoursText(p.hours.waiting),
                })
              : t('interns.hoursApproved', { approved: hoursText(p.hours.approved), planned: hoursText(p.hours.planned) })}
          </p>
        ) : null}
        {next ? (
          <Badge tone="warning" className="whitespace-normal" data-testid="intern-todo">
            <Clock aria-hidden className="h-3.5 w-3.5 shrink-0" />
            {next}
          </Badge>
        ) : null}
        <div>
          <Link
            href={paths.placement(p.id)}
            className={buttonClasses('secondary', 'sm')}
            aria-label={t('interns.openLabel', { student: p.student.name })}
          >
            {t('interns.open')}
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        </div>
      </Card>
    </li>
  );
}

/** `/employer/interns`: the employer's placements (one per hired student). */
export function InternsPage() {
  const { t } = useTranslation(ns);
  const { user, isLoading } = useUser();
  const employer = user?.userType === 'employer';
  const placements = useMyPlacements(employer);
  const list = placements.data ?? [];
  return (
    <PageShell>
      <AppHeader back={{ href: paths.employerDashboard, label: t('interns.back') }} title={t('interns.title')} right={null} layer="page" />
      <main className="pb-16">
        <div className="mx-auto w-full max-w-5xl space-y-4 px-4 py-6">
          {isLoading ? (
            <PageLoader />
          ) : !employer ? (
            <StateCard icon={Users} iconClassName="text-brand-400" title={t('interns.signInTitle')} text={t('interns.signInText')}>
              <Link href={paths.employerLogin} className={buttonClasses('primary', 'md', 'mt-4')}>
                {t('interns.signIn')}
              </Link>
            </StateCard>
          ) : (
            <>
              <p className="text-sm text-slate-700">{t('interns.intro')}</p>
              <ListStates
                query={placements}
                loadingLabel={t('interns.loading')}
                loadingClassName="py-8"
                errorText={t('interns.errorText')}
                onRetry={() => void placements.refetch()}
                isEmpty={list.length === 0}
                empty={t('interns.empty')}
              >
                <ul className="grid gap-3 md:grid-cols-2" aria-label={t('interns.listLabel')}>
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
