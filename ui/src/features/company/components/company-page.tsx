import { Briefcase, Building2, CalendarClock, Clock, DollarSign, Flag, Share2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useParams } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { ClosedNotice } from '@/components/internship/closed-notice';
import { CompanyHeader } from '@/components/internship/company-header';
import { Fact } from '@/components/internship/fact';
import { RequirementList } from '@/components/internship/requirement-list';
import { PageContainer, PageShell } from '@/components/layout/page';
import { ReportDialog, type ReportTarget } from '@/components/safety/report-dialog';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StateCard } from '@/components/ui/state-card';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isClosed } from '@/lib/deadline';
import { formatDate, orNotSpecified, requirementList } from '@/lib/format';
import { isNotFoundError, routeId, useApply, useInternship } from '@/lib/internships';
import { useReporter } from '@/lib/reports';
import { shareLink } from '@/lib/share';
import type { Internship } from '@/types/internship';
import { ns } from '../i18n';
import { workStyleLabel } from '../lib/labels';

function ApplyForPosition({ internship }: { internship: Internship }) {
  const { t } = useTranslation(ns);
  const apply = useApply();
  if (internship.hasApplied) {
    return (
      <Button
        disabled
        variant="secondary"
        size="lg"
        className="w-full bg-slate-200 text-slate-600 disabled:opacity-100"
        data-testid="apply"
      >
        {t('apply.applied')}
      </Button>
    );
  }
  if (isClosed(internship)) return <ClosedNotice posting={internship} size="lg" className="w-full" />;
  return (
    <Button
      size="lg"
      variant="gradient"
      className="w-full"
      data-testid="apply"
      disabled={apply.isPending}
      onClick={() => apply.mutate(internship)}
    >
      {apply.isPending ? t('apply.applying') : t('apply.apply')}
    </Button>
  );
}

/**
 * `/company/{id}` and `/company-profile/{id}`: the company behind one internship (loaded by
 * the internship's id: the route's id is the internship's, as the feed's links give it).
 */
export function CompanyPage({ back }: { back?: { href: string; label: string } }) {
  const { t } = useTranslation(ns);
  const params = useParams<{ id: string }>();
  const id = routeId(params.id);
  const internship = useInternship(id);
  const data = id === null ? undefined : internship.data;
  const requirements = requirementList(data?.requirements);
  // An id that is not a number, or one the server does not know: the not-found text.
  const failed = id !== null && internship.isError && !isNotFoundError(internship.error);
  const reporter = useReporter();
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const canReport = !!data && reporter.canReport && !(reporter.isEmployer && data.employerId === reporter.meId);

  return (
    <PageShell>
      <AppHeader
        back={back ?? { href: paths.jobFeed, label: t('header.backToFeed') }}
        title={t('header.title')}
        right={null}
        width="xl"
        layer="page"
      />
      <main className="pb-16">
        <PageContainer>
          {internship.isLoading ? (
            <PageLoader />
          ) : !data ? (
            <StateCard
              icon={Building2}
              iconClassName="text-slate-300"
              title={failed ? t('notFound.failed') : t('notFound.title')}
              text={failed ? internship.error?.message : t('notFound.text')}
            >
              <LinkButton href={paths.jobFeed} className="mt-4">
                {t('notFound.backToFeed')}
              </LinkButton>
            </StateCard>
          ) : (
            <>
              <Card className="mt-4">
                <CompanyHeader
                  internship={data}
                  large
                  action={
                    <Button
                      variant="outline"
                      size="sm"
                      className="shrink-0 px-3!"
                      onClick={() =>
                        void shareLink({
                          title: t('titleAtCompany', { title: data.title, company: data.company }),
                          path: paths.company(data.id),
                        })
                      }
                    >
                      <Share2 aria-hidden className="h-4 w-4" />
                      {t('share')}
                    </Button>
                  }
                >
                  {/* Long names wrap (never cut off); a single very long word breaks too. */}
                  <h2 className="text-xl font-extrabold leading-tight text-slate-900 [overflow-wrap:anywhere]" data-testid="company-name">
                    {data.company}
                  </h2>
                </CompanyHeader>
              </Card>
              <Card className="mt-4">
                <div className="flex items-start gap-3">
                  {data.posterUrl ? (
                    <img
                      src={data.posterUrl}
                      alt={t('posterAlt', { title: data.title })}
                      loading="lazy"
                      data-testid="company-poster"
                      className="h-28 w-16 shrink-0 rounded-xl bg-slate-200 object-cover"
                    />
                  ) : null}
                  <div className="min-w-0">
                    <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{t('openPosition')}</p>
                    <h3 className="mt-1 text-lg font-bold text-slate-900">{data.title}</h3>
                  </div>
                </div>
                <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{data.description}</p>
                <h4 className="mt-4 text-sm font-bold text-slate-900">{t('requirements')}</h4>
                <RequirementList requirements={requirements} />
                <dl className="mt-4 grid grid-cols-2 gap-2">
                  <Fact icon={DollarSign} label={t('facts.salary')} value={orNotSpecified(data.salary)} />
                  <Fact icon={Clock} label={t('facts.duration')} value={orNotSpecified(data.duration)} />
                  <Fact icon={Briefcase} label={t('facts.workStyle')} value={orNotSpecified(workStyleLabel(t, data.workStyle))} />
                  <Fact icon={CalendarClock} label={t('facts.deadline')} value={formatDate(data.applicationDeadline ?? data.deadline)} />
                </dl>
                <p className="mt-4 flex items-start gap-2 rounded-2xl bg-emerald-50 p-3 text-xs text-emerald-900">
                  <ShieldCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
                  {t('youthRules')}
                </p>
                <div className="mt-4">
                  <ApplyForPosition internship={data} />
                </div>
                <LinkButton href={paths.internship(data.id)} variant="ghost" size="sm" className="mt-2 w-full">
                  {t('fullDetails')}
                </LinkButton>
                {canReport ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-1 w-full text-slate-700 hover:text-rose-700"
                    onClick={() =>
                      setReporting({
                        type: 'internship',
                        id: data.id,
                        label: t('titleAtCompany', { title: data.title, company: data.company }),
                      })
                    }
                  >
                    <Flag aria-hidden className="h-4 w-4" />
                    {t('report')}
                  </Button>
                ) : null}
              </Card>
            </>
          )}
        </PageContainer>
      </main>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </PageShell>
  );
}

export default CompanyPage;
