import { ChevronRight, MapPin, SearchX, Sparkles } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, Redirect } from 'wouter';
import { ClosedNotice } from '@/components/internship/closed-notice';
import { MatchScoreBadge } from '@/components/internship/match-score';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button, LinkButton } from '@/components/ui/button';
import { StateCard } from '@/components/ui/state-card';
import { PageLoader } from '@/components/ui/spinner';
import { MarkList } from '@/components/ui/mark-list';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { isClosed } from '@/lib/deadline';
import { formatNumber } from '@/lib/format';
import { useMatches } from '@/lib/internships';
import { ns } from '../i18n';

/** `/matches`: the student's real ranked matches (GET /api/matches), best first. */
export function MatchesPage() {
  const { t } = useTranslation(ns);
  const { user, isLoading } = useUser();
  const student = user?.userType === 'student';
  const matches = useMatches(student);
  const list = matches.data ?? [];
  const best = list[0]?.matchScore ?? null;

  // A guest's ranked internships are its feed (this list is a student's).
  if (user?.userType === 'guest') return <Redirect to={paths.jobFeed} replace />;

  return (
    <PageShell>
      <AppHeader back={{ href: paths.profile, label: t('header.back') }} title={t('header.title')} right={null} width="xl" layer="page" />
      <main className="pb-16">
        <PageContainer>
          {isLoading || (student && matches.isLoading) ? (
            <PageLoader />
          ) : !user ? (
            <StateCard title={t('signIn.title')} text={t('signIn.text')}>
              <LinkButton href={paths.studentLogin} className="mt-4">
                {t('signIn.action')}
              </LinkButton>
            </StateCard>
          ) : !student ? (
            <StateCard title={t('notStudent.title')}>
              <LinkButton href={paths.employerDashboard} className="mt-4">
                {t('notStudent.action')}
              </LinkButton>
            </StateCard>
          ) : matches.isError ? (
            <StateCard
              role="alert"
              data-testid="matches-error"
              icon={SearchX}
              iconClassName="text-rose-400"
              title={t('error.title')}
              text={matches.error.message}
            >
              <Button variant="outline" className="mt-4" onClick={() => void matches.refetch()}>
                {t('error.retry')}
              </Button>
            </StateCard>
          ) : list.length === 0 ? (
            <StateCard title={t('empty.title')} text={t('empty.text')}>
              <div className="mt-4 flex justify-center gap-2">
                <LinkButton href={paths.profile} variant="outline">
                  {t('empty.editProfile')}
                </LinkButton>
                <LinkButton href={paths.browseInternships}>{t('empty.browse')}</LinkButton>
              </div>
            </StateCard>
          ) : (
            <>
              <div className="mt-4 rounded-3xl bg-brand-gradient p-5 text-white shadow-lg">
                <p className="flex items-center gap-2 text-sm font-semibold text-white/90">
                  <Sparkles aria-hidden className="h-4 w-4" />
                  {t('summary.topScore')}
                </p>
                <p className="mt-1 text-4xl font-extrabold">
                  {best !== null ? formatNumber(Math.round(best) / 100, { style: 'percent' }) : '—'}
                </p>
                <p className="mt-1 text-sm text-white/90">{t('summary.ranked', { count: list.length })}</p>
              </div>
              <ol className="mt-4 space-y-3" aria-label={t('list.label')}>
                {list.map((m) => (
                  <li key={m.id}>
                    <Link
                      href={paths.internship(m.id)}
                      data-testid="match-card"
                      className="block rounded-3xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300"
                    >
                      <div className="flex items-start justify-between gap-3">
                        <div className="min-w-0">
                          <h2 className="font-bold leading-snug text-slate-900">{m.title}</h2>
                          <p className="text-sm text-brand-700">{m.company}</p>
                          <p className="flex items-center gap-1 text-xs text-slate-600">
                            <MapPin aria-hidden className="h-3 w-3" />
                            {m.location}
                          </p>
                        </div>
                        {m.matchScore !== null ? <MatchScoreBadge score={m.matchScore} className="shrink-0" /> : null}
                      </div>
                      {m.matchReasons?.length ? (
                        <MarkList
                          items={m.matchReasons}
                          markClassName="text-brand-500"
                          className="mt-2 space-y-0.5 text-sm text-slate-700"
                          itemClassName="flex gap-1.5"
                        />
                      ) : null}
                      {isClosed(m) ? <ClosedNotice posting={m} className="mt-2" /> : null}
                      <span className="mt-2 flex items-center justify-end gap-1 text-sm font-semibold text-brand-700">
                        {t('list.view')}
                        <ChevronRight aria-hidden className="h-4 w-4" />
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            </>
          )}
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default MatchesPage;
