import {
  ArrowLeft,
  Briefcase,
  Building2,
  Clock,
  DollarSign,
  ExternalLink,
  GraduationCap,
  Layers,
  MapPin,
  RefreshCw,
  SearchX,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SpinnerBlock } from '@/components/ui/spinner';
import { SearchField } from '@/components/ui/search-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/stores/toast-store';
import {
  useExternalCompanies,
  useExternalJobs,
  useIsAdmin,
  useRefreshJobs,
  type ExternalCompany,
  type ExternalJob,
} from '../api/external-jobs';
import { ns } from '../i18n';
import { descriptionPreview, formatSalary, sourceLabel, workplaceLabel } from '../lib/format';

const SEARCH_DEBOUNCE_MS = 300;

/** One fact of a job as a badge in the card's list (`dl`), named for screen readers; nothing when the job does not say. */
function BadgeFact({
  label,
  value,
  tone,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string | null | undefined;
  tone: BadgeTone;
  icon: LucideIcon;
  testId?: string;
}) {
  if (!value) return null;
  return (
    <div>
      <dt className="sr-only">{label}</dt>
      <dd>
        <Badge tone={tone} data-testid={testId}>
          <Icon aria-hidden className="h-3.5 w-3.5" />
          {value}
        </Badge>
      </dd>
    </div>
  );
}

function SourceBadge({ source }: { source: string }) {
  const { t } = useTranslation(ns);
  return (
    <Badge tone="neutral" data-testid="source-badge">
      {t('via', { source: sourceLabel(source) })}
    </Badge>
  );
}

function CountBadge({ beginner, count }: { beginner: boolean; count: number | undefined }) {
  const { t } = useTranslation(ns);
  if (count === undefined) return null;
  return (
    <Badge tone={beginner ? 'positive' : 'brand'} className="max-w-full px-3 py-1 text-sm" data-testid="count-badge">
      {/* Wraps on a narrow phone (the Spanish runs longer than the badge's one line). */}
      <span className="min-w-0 whitespace-normal">{beginner ? t('beginnerCount', { count }) : t('totalCount', { count })}</span>
    </Badge>
  );
}

function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <Card className="text-center" role="alert">
      <p className="font-semibold text-slate-900">{t('loadFailed')}</p>
      <p className="mt-1 text-sm text-slate-600">{errorMessage(error) ?? t('pleaseTryAgain')}</p>
      <Button size="sm" variant="outline" className="mt-4" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </Card>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Card className="py-10 text-center">
      <SearchX aria-hidden className="mx-auto h-9 w-9 text-slate-400" />
      <p className="mt-3 text-lg font-bold text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </Card>
  );
}

function CompanyCard({ company, onOpen }: { company: ExternalCompany; onOpen: () => void }) {
  const shownLocations = company.locations.slice(0, 2);
  const more = Math.max(0, (company.totalLocations || company.locations.length) - shownLocations.length);
  const { t } = useTranslation(ns);
  return (
    <li data-testid="company-card" aria-label={company.companyName}>
      <Card className="flex h-full flex-col">
        <div className="flex items-start justify-between gap-2">
          <div className="flex min-w-0 items-center gap-3">
            <span
              aria-hidden
              className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-brand-gradient text-sm font-bold text-white"
            >
              {company.companyName.slice(0, 2).toUpperCase()}
            </span>
            <div className="min-w-0">
              <h3 className="text-base font-bold leading-snug text-slate-900 [overflow-wrap:anywhere]">{company.companyName}</h3>
              <p className="text-sm text-slate-600">{t('company.openPositions', { count: company.jobCount })}</p>
            </div>
          </div>
          <SourceBadge source={company.source} />
        </div>
        {company.sampleRoles.length > 0 ? (
          <ul className="mt-3 space-y-1 text-sm text-slate-700" aria-label={t('company.sampleRoles')}>
            {company.sampleRoles.slice(0, 3).map((role) => (
              <li key={role} className="flex items-center gap-2">
                <Briefcase aria-hidden className="h-3.5 w-3.5 shrink-0 text-slate-400" />
                <span className="min-w-0 truncate">{role}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {shownLocations.length > 0 ? (
          <p className="mt-3 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
            <MapPin aria-hidden className="h-3.5 w-3.5 text-slate-400" />
            <span className="sr-only">{t('company.locations')}</span>
            {shownLocations.map((l) => (
              <Badge key={l} tone="neutral">
                {l}
              </Badge>
            ))}
            {more > 0 ? <span className="font-semibold">{t('company.moreLocations', { n: more })}</span> : null}
          </p>
        ) : null}
        <Button
          variant="secondary"
          className="mt-4 w-full"
          onClick={onOpen}
          aria-label={t('company.viewAllLabel', { company: company.companyName })}
        >
          {t('company.viewAll')}
        </Button>
      </Card>
    </li>
  );
}

function JobCard({ job }: { job: ExternalJob }) {
  const salary = formatSalary(job.salaryMin, job.salaryMax, job.salaryCurrency, job.salaryInterval);
  const workplace = workplaceLabel(job.workplaceType);
  const { t } = useTranslation(ns);
  return (
    <li data-testid="job-card" aria-label={job.title}>
      <Card className="flex h-full flex-col">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-base font-bold leading-snug text-slate-900">{job.title}</h3>
          {job.beginner ? (
            <Badge tone="positive">
              <GraduationCap aria-hidden className="h-3.5 w-3.5" />
              {t('job.studentFriendly')}
            </Badge>
          ) : null}
        </div>
        {job.location ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
            <MapPin aria-hidden className="h-3.5 w-3.5" />
            {job.location}
          </p>
        ) : null}
        <dl className="mt-2 flex flex-wrap gap-1.5 text-xs">
          <BadgeFact label={t('job.department')} value={job.department} tone="brand" icon={Layers} />
          <BadgeFact label={t('job.commitment')} value={job.commitment} tone="info" icon={Clock} />
          <BadgeFact label={t('job.workplaceType')} value={workplace} tone="neutral" icon={Building2} />
          <BadgeFact label={t('job.salary')} value={salary} tone="positive" icon={DollarSign} testId="job-salary" />
        </dl>
        {job.descriptionPlain ? <p className="mt-3 text-sm text-slate-700">{descriptionPreview(job.descriptionPlain)}</p> : null}
        <div className="mt-auto pt-4">
          <a
            href={job.applyUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-5 py-2 text-center text-sm font-semibold text-white [overflow-wrap:anywhere] shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t('job.applyOn', { company: job.companyName })}
            <ExternalLink aria-hidden className="h-4 w-4" />
            <span className="sr-only">{t('job.newTab')}</span>
          </a>
        </div>
      </Card>
    </li>
  );
}

function CompanyDetail({ company, beginner, onBack }: { company: ExternalCompany; beginner: boolean; onBack: () => void }) {
  const { t } = useTranslation(ns);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const jobs = useExternalJobs({ beginner, company: company.companyName, q });
  const list = jobs.data ?? [];

  return (
    <section aria-labelledby="company-heading" className="space-y-4">
      <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t('detail.back')}
      </Button>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="company-heading" className="min-w-0 text-2xl font-extrabold tracking-tight text-slate-900 [overflow-wrap:anywhere]">
          {company.companyName}
        </h2>
        <SourceBadge source={company.source} />
      </div>
      <CountBadge beginner={beginner} count={jobs.data ? list.length : undefined} />
      <SearchField
        label={t('detail.search', { company: company.companyName })}
        value={text}
        onChange={setText}
        placeholder={t('detail.searchPlaceholder')}
      />
      {jobs.isLoading ? (
        <SpinnerBlock label={t('detail.loading')} className="py-10" />
      ) : jobs.isError ? (
        <ErrorState error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          title={t('detail.noMatch')}
          text={q ? t('detail.tryDifferent') : beginner ? t('detail.switchToAll') : t('detail.checkBackLater')}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={jobs.isFetching}>
          {list.map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /external-jobs: jobs pulled from company career pages, student-friendly by default. */
export function ExternalJobsPage() {
  const { t } = useTranslation(ns);
  const [beginner, setBeginner] = useState(true);
  const [company, setCompany] = useState<ExternalCompany | null>(null);
  const companies = useExternalCompanies(beginner);
  const isAdmin = useIsAdmin();
  const refresh = useRefreshJobs();
  const list = companies.data ?? [];
  const total = companies.data ? list.reduce((sum, c) => sum + c.jobCount, 0) : undefined;

  // Keep the open company in step with the toggle (its counts change with it).
  const openCompany = company ? (list.find((c) => c.companyName === company.companyName) ?? company) : null;

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () => toast({ title: t('refreshSuccess'), description: t('refreshing'), variant: 'success' }),
      onError: () => toast({ title: t('refreshError'), description: t('refreshFailed'), variant: 'destructive' }),
    });

  return (
    <PageShell>
      <AppHeader back={{ href: paths.home, label: t('back') }} title={t('title')} />
      <main>
        <PageContainer wide className="space-y-5 py-6">
          <div className="space-y-1">
            <h2 className="text-2xl font-extrabold tracking-tight text-slate-900">{t('heading')}</h2>
            <p className="text-sm text-slate-600">{t('intro')}</p>
          </div>

          <div className="flex flex-wrap items-center gap-3">
            <div role="group" aria-label={t('whichJobs')} className="inline-flex rounded-full border border-slate-300 bg-white p-1">
              {[
                { value: true, label: t('studentFriendlyJobs') },
                { value: false, label: t('allJobs') },
              ].map((o) => (
                <button
                  key={String(o.value)}
                  type="button"
                  aria-pressed={beginner === o.value}
                  onClick={() => setBeginner(o.value)}
                  className={cn(
                    'min-h-9 rounded-full px-4 py-1 text-sm font-semibold transition',
                    beginner === o.value ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  {o.label}
                </button>
              ))}
            </div>
            {isAdmin.data === true ? (
              <Button variant="outline" size="sm" onClick={onRefresh} disabled={refresh.isPending}>
                <RefreshCw aria-hidden className={cn('h-4 w-4', refresh.isPending && 'animate-spin')} />
                {t('refresh')}
              </Button>
            ) : null}
          </div>

          {openCompany ? (
            <CompanyDetail key={openCompany.companyName} company={openCompany} beginner={beginner} onBack={() => setCompany(null)} />
          ) : (
            <section aria-label={t('companies')} className="space-y-4">
              <CountBadge beginner={beginner} count={total} />
              {companies.isLoading ? (
                <SpinnerBlock label={t('loadingCompanies')} className="py-10" />
              ) : companies.isError ? (
                <ErrorState error={companies.error} onRetry={() => void companies.refetch()} />
              ) : list.length === 0 ? (
                <EmptyState title={t('noJobsTitle')} text={beginner ? t('noStudentFriendly') : t('checkBackSoon')} />
              ) : (
                <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {list.map((c) => (
                    <CompanyCard key={c.companyName} company={c} onOpen={() => setCompany(c)} />
                  ))}
                </ul>
              )}
            </section>
          )}

          <div className="pt-2 text-center">
            <LinkButton href={paths.jobFeed} variant="ghost" size="sm">
              {t('backToFeed')}
            </LinkButton>
          </div>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default ExternalJobsPage;
