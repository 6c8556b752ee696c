import { Briefcase, Building2, CalendarClock, Clock, DollarSign, Flag, Share2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
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

function ApplyForPosition({ internship }: { internship: Internship }) {
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
        Applied
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
      {apply.isPending ? 'Applying...' : 'Apply for this Position'}
    </Button>
  );
}

/**
 * `/company/{id}` and `/company-profile/{id}`: the company behind one internship (loaded by
 * the internship's id, as SPEC.md describes).
 */
export function CompanyPage({ back = { href: paths.jobFeed, label: 'Back to Job Feed' } }: { back?: { href: string; label: string } }) {
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
      <AppHeader back={back} title="Company Profile" right={null} width="xl" layer="page" />
      <main className="pb-16">
        <PageContainer>
          {internship.isLoading ? (
            <PageLoader />
          ) : !data ? (
            <StateCard
              icon={Building2}
              iconClassName="text-slate-300"
              title={failed ? 'Could not load this company' : 'Company Not Found'}
              text={failed ? internship.error?.message : 'The requested company profile could not be found.'}
            >
              <LinkButton href={paths.jobFeed} className="mt-4">
                Back to Job Feed
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
                      onClick={() => void shareLink({ title: `${data.title} at ${data.company}`, path: paths.company(data.id) })}
                    >
                      <Share2 aria-hidden className="h-4 w-4" />
                      Share
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
                      alt={`Still from the video for ${data.title}`}
                      loading="lazy"
                      data-testid="company-poster"
                      className="h-28 w-16 shrink-0 rounded-xl bg-slate-200 object-cover"
                    />
                  ) : null}
                  <div className="min-w-0">
                    <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">Open position</p>
                    <h3 className="mt-1 text-lg font-bold text-slate-900">{data.title}</h3>
                  </div>
                </div>
                <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{data.description}</p>
                <h4 className="mt-4 text-sm font-bold text-slate-900">Requirements</h4>
                <RequirementList requirements={requirements} />
                <dl className="mt-4 grid grid-cols-2 gap-2">
                  <Fact icon={DollarSign} label="Salary" value={orNotSpecified(data.salary)} />
                  <Fact icon={Clock} label="Duration" value={orNotSpecified(data.duration)} />
                  <Fact icon={Briefcase} label="Work style" value={orNotSpecified(data.workStyle)} />
                  <Fact icon={CalendarClock} label="Deadline" value={formatDate(data.applicationDeadline ?? data.deadline)} />
                </dl>
                <p className="mt-4 flex items-start gap-2 rounded-2xl bg-emerald-50 p-3 text-xs text-emerald-900">
                  <ShieldCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
                  Employers of 16-17 year olds follow youth labour rules: limited hours on school days and no hazardous work.
                </p>
                <div className="mt-4">
                  <ApplyForPosition internship={data} />
                </div>
                <LinkButton href={paths.internship(data.id)} variant="ghost" size="sm" className="mt-2 w-full">
                  See full internship details
                </LinkButton>
                {canReport ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-1 w-full text-slate-700 hover:text-rose-700"
                    onClick={() => setReporting({ type: 'internship', id: data.id, label: `${data.title} at ${data.company}` })}
                  >
                    <Flag aria-hidden className="h-4 w-4" />
                    Report this posting
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
