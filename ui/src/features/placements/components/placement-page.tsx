import { AlertTriangle, Ban, FileWarning, LogIn, MapPin, Timer } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useParams } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageShell } from '@/components/layout/page';
import { LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { RetryButton } from '@/components/ui/retry-button';
import { PageLoader } from '@/components/ui/spinner';
import { StateCard } from '@/components/ui/state-card';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { isNotFoundError, routeId } from '@/lib/internships';
import { usePushOfferStore } from '@/lib/notifications/push';
import { gradeLabel } from '@/lib/options';
import { capFlagText, type Placement, type PlacementRole } from '@/types/placement';
import { useLivePlacement, usePlacement } from '../api/placements';
import { ns, tPlacements } from '../i18n';
import { atText, datesText, partiesInSentence } from '../lib/format';
import { ActionsSection } from './actions-section';
import { AgreementSection, Documents } from './agreement-section';
import { DetailsSection } from './details-section';
import { EvaluationsSection } from './evaluations-section';
import { SchoolGuardianSection, StudentGuardianSection } from './guardian-section';
import { HistorySection } from './history-section';
import { HoursSection } from './hours-section';
import { RecordSection } from './record-section';
import { ReflectionSection } from './reflection-section';
import { Signatures } from './signatures';
import { PlacementStateBadge } from './state-badge';

/** Where the back arrow leads each party, and what it says. */
function backFor(you: PlacementRole): { href: string; label: string } {
  if (you === 'student') return { href: paths.profile, label: tPlacements('page.backStudent') };
  if (you === 'supervisor') return { href: paths.employerInterns, label: tPlacements('page.backSupervisor') };
  return { href: paths.admin, label: tPlacements('page.backSchool') };
}

function titleFor(you: PlacementRole): string {
  if (you === 'student') return tPlacements('page.titleStudent');
  if (you === 'supervisor') return tPlacements('page.titleSupervisor');
  return tPlacements('page.titleSchool');
}

/** What the placement's state means for the one reading it. */
function stateSentence(p: Placement): string {
  const waiting = partiesInSentence(p.awaiting);
  switch (p.state) {
    case 'setup':
      if (p.you === 'supervisor') return tPlacements('stateSentence.setupSupervisor');
      if (p.you === 'student') return tPlacements('stateSentence.setupStudent');
      return tPlacements('stateSentence.setupSchool');
    case 'awaiting_signatures':
      return waiting ? tPlacements('stateSentence.waitingFor', { parties: waiting }) : tPlacements('stateSentence.waitingForSignatures');
    case 'active':
      if (p.you === 'student') return tPlacements('stateSentence.activeStudent');
      if (p.you === 'supervisor') return tPlacements('stateSentence.activeSupervisor');
      return tPlacements('stateSentence.activeSchool');
    case 'completed':
      return p.you === 'student' ? tPlacements('stateSentence.completedStudent') : tPlacements('stateSentence.completed');
    case 'ended_early':
      return tPlacements('stateSentence.endedEarly');
    case 'cancelled':
      return tPlacements('stateSentence.cancelled');
    default:
      return '';
  }
}

function Summary({ placement: p }: { placement: Placement }) {
  return (
    <Card className="space-y-3" data-testid="placement-summary">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-700 [overflow-wrap:anywhere]">{p.employer.company}</p>
          <h2 className="text-xl font-extrabold text-slate-900 [overflow-wrap:anywhere]">{p.internship.title}</h2>
        </div>
        <PlacementStateBadge state={p.state} />
      </div>
      {p.you !== 'student' ? (
        <p className="text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid="placement-student">
          <span className="font-semibold">{p.student.name}</span>
          {p.student.grade ? ` · ${gradeLabel(p.student.grade)}` : ''}
          {p.student.school ? ` · ${p.student.school}` : ''}
        </p>
      ) : null}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <span>{datesText(p.startDate, p.endDate)}</span>
        {p.worksite || p.internship.location ? (
          <span className="inline-flex min-w-0 items-center gap-1 [overflow-wrap:anywhere]">
            <MapPin aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
            {p.worksite || p.internship.location}
          </span>
        ) : null}
      </p>
      <p className="text-sm font-medium text-slate-900" data-testid="state-sentence">
        {stateSentence(p)}
      </p>
    </Card>
  );
}

/** Notes that stop or end the placement: the guardian's refusal, the reason it ended, the flags. */
function Notes({ placement: p }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  return (
    <>
      {p.guardianDeclined && p.state === 'awaiting_signatures' ? (
        <Notice
          headingId="declined-heading"
          testId="guardian-declined"
          tone="danger"
          icon={AlertTriangle}
          heading={t('notes.declinedHeading')}
        >
          <p className="mt-1 [overflow-wrap:anywhere]">
            {p.guardianDeclined.reason !== null
              ? t('notes.declinedReason', { reason: p.guardianDeclined.reason, at: atText(p.guardianDeclined.at) })
              : null}
            {p.you === 'student' ? t('notes.declinedStudent') : t('notes.declinedOther')}
          </p>
        </Notice>
      ) : null}
      {(p.state === 'ended_early' || p.state === 'cancelled') && p.endReason ? (
        <Notice
          headingId="end-heading"
          testId="end-reason"
          tone="warning"
          icon={Ban}
          heading={p.state === 'cancelled' ? t('notes.whyCancelled') : t('notes.whyEnded')}
        >
          <p className="mt-1 [overflow-wrap:anywhere]">{p.endReason}</p>
        </Notice>
      ) : null}
      {p.flags.length > 0 ? (
        <Notice headingId="flags-heading" testId="flags" tone="warning" icon={FileWarning} heading={t('notes.flags')}>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {p.flags.map((flag) => (
              <li key={`${flag.period} ${flag.date}`} className="[overflow-wrap:anywhere]">
                {capFlagText(flag)}
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
    </>
  );
}

/** The sections this party reads and acts on, in the order the placement goes. */
function PlacementBody({ placement }: { placement: Placement }) {
  const you = placement.you;
  return (
    <>
      <div className="space-y-4">
        <Summary placement={placement} />
        {/* The documents sit with the state line that announces them. */}
        <Documents placement={placement} />
        {placement.state === 'active' && (you === 'student' || you === 'supervisor') ? (
          <a
            href="#hours-heading"
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
            data-testid="jump-to-hours"
          >
            <Timer aria-hidden className="h-4 w-4" />
            {you === 'student' ? tPlacements('page.jumpLogHours') : tPlacements('page.jumpReviewHours')}
          </a>
        ) : null}
        <Notes placement={placement} />
      </div>
      <DetailsSection placement={placement} />
      <Signatures placement={placement} />
      {you === 'student' ? <StudentGuardianSection placement={placement} /> : null}
      {you === 'school' ? <SchoolGuardianSection placement={placement} /> : null}
      <AgreementSection placement={placement} />
      <HoursSection placement={placement} />
      <EvaluationsSection placement={placement} />
      <ReflectionSection placement={placement} />
      <RecordSection placement={placement} />
      <ActionsSection placement={placement} />
      {you !== 'student' ? <HistorySection placement={placement} /> : null}
    </>
  );
}

/**
 * `/placements/{id}`: one work-based-learning placement as its party sees it (the server says
 * which: `you`): the student's "My placement", the supervisor's controls, the school's record.
 */
export function PlacementPage() {
  const { t } = useTranslation(ns);
  const params = useParams<{ id: string }>();
  const id = routeId(params.id);
  const placement = usePlacement(id);
  useLivePlacement(id);
  const data = id === null ? undefined : placement.data;
  const you = data?.you;
  const started = you === 'student' && data?.state === 'active';
  // A moment it matters: the student's placement started (the offer of push notifications,
  // unless refused or on already, as after the first application).
  useEffect(() => {
    if (started) usePushOfferStore.getState().ask();
  }, [started]);
  const signedOut = isApiError(placement.error) && placement.error.status === 401;
  const notFound =
    id === null ||
    (placement.isError && (isNotFoundError(placement.error) || (isApiError(placement.error) && placement.error.status === 403)));

  return (
    <PageShell>
      <AppHeader
        back={you ? backFor(you) : { href: paths.home, label: t('page.backHome') }}
        right={you === 'student' ? undefined : null}
        width="5xl"
        layer="page"
      />
      <main className="pb-40 sm:pb-28">
        <div className="mx-auto w-full max-w-3xl px-4 py-6">
          {/* The title in the page, not the header: beside a phone's bells it was cut to "My pla…". */}
          <h1 className="mb-4 text-2xl font-extrabold tracking-tight text-slate-900">{you ? titleFor(you) : t('page.title')}</h1>
          {id !== null && placement.isLoading ? (
            <PageLoader />
          ) : data ? (
            <PlacementBody placement={data} />
          ) : signedOut ? (
            <StateCard icon={LogIn} iconClassName="text-brand-400" title={t('page.signedOutTitle')} text={t('page.signedOutText')}>
              <div className="mt-4 flex flex-wrap justify-center gap-2">
                <LinkButton href={paths.studentLogin} size="sm">
                  {t('page.studentSignIn')}
                </LinkButton>
                <LinkButton href={paths.employerLogin} size="sm" variant="outline">
                  {t('page.employerSignIn')}
                </LinkButton>
                <LinkButton href={paths.adminLogin} size="sm" variant="outline">
                  {t('page.schoolSignIn')}
                </LinkButton>
              </div>
            </StateCard>
          ) : notFound ? (
            <StateCard icon={FileWarning} iconClassName="text-slate-400" title={t('page.notFoundTitle')} text={t('page.notFoundText')}>
              <LinkButton href={paths.home} size="sm" className="mt-4">
                {t('page.goHome')}
              </LinkButton>
            </StateCard>
          ) : (
            <StateCard title={t('page.loadFailed')} text={placement.error?.message}>
              <RetryButton onRetry={() => void placement.refetch()} />
            </StateCard>
          )}
        </div>
      </main>
    </PageShell>
  );
}

export default PlacementPage;
