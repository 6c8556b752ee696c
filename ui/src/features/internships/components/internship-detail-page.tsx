import {
  Award,
  Briefcase,
  Bus,
  CheckCircle2,
  Clock,
  DollarSign,
  GraduationCap,
  Laptop,
  Sparkles,
  Ticket,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useLocation, useParams } from 'wouter';
import { ClosedNotice } from '@/components/internship/closed-notice';
import { CompanyHeader } from '@/components/internship/company-header';
import { Fact } from '@/components/internship/fact';
import { RequirementList } from '@/components/internship/requirement-list';
import { MatchScoreBadge, matchTone } from '@/components/internship/match-score';
import { VideoPreview } from '@/components/internship/video-states';
import { Transcript } from '@/components/internship/transcript';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StateCard } from '@/components/ui/state-card';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { deadlineOf, isClosed } from '@/lib/deadline';
import { formatDate, orNotSpecified, requirementList } from '@/lib/format';
import { isNotFoundError, routeId, useApply, useInternship } from '@/lib/internships';
import type { Internship } from '@/types/internship';
import { ns } from '../i18n';
import { gradeRequirementLabel, industryLabel, workStyleLabel } from '../lib/labels';

/** An icon per benefit, by keyword. */
function benefitIcon(benefit: string): LucideIcon {
  const b = benefit.toLowerCase();
  if (/(paid|stipend|\$|pay|wage)/.test(b)) return DollarSign;
  if (/(mentor|coach|team)/.test(b)) return Users;
  if (/(flexible|hours|schedule)/.test(b)) return Clock;
  if (/(remote|laptop|equipment|software)/.test(b)) return Laptop;
  if (/(pass|ticket|discount|free)/.test(b)) return Ticket;
  if (/(letter|recommend|certificate|credit)/.test(b)) return Award;
  if (/(transport|bus|travel)/.test(b)) return Bus;
  if (/(skill|learn|training|college)/.test(b)) return GraduationCap;
  return CheckCircle2;
}

function ApplySection({ internship }: { internship: Internship }) {
  const { t } = useTranslation(ns);
  const [, navigate] = useLocation();
  const apply = useApply({ toastOnSuccess: false });
  const deadline = deadlineOf(internship);
  if (!internship.hasApplied && isClosed(internship)) {
    return <ClosedNotice posting={internship} size="lg" className="w-full" />;
  }
  if (internship.hasApplied) {
    return (
      <div className="space-y-2">
        <Button
          disabled
          size="lg"
          variant="secondary"
          className="w-full bg-slate-200 text-slate-600 disabled:opacity-100"
          data-testid="apply"
        >
          <CheckCircle2 aria-hidden className="h-5 w-5" />
          {t('apply.applied')}
        </Button>
        <LinkButton href={paths.profile} variant="ghost" size="sm" className="w-full">
          {t('apply.track')}
        </LinkButton>
      </div>
    );
  }
  return (
    <Button
      size="lg"
      variant="gradient"
      className="h-auto w-full flex-col gap-0 py-3"
      data-testid="apply"
      disabled={apply.isPending}
      onClick={() => apply.mutate(internship, { onSuccess: () => navigate(paths.confirmation) })}
    >
      <span>{apply.isPending ? t('apply.submitting') : t('apply.applyNow')}</span>
      <span className="text-xs font-medium text-white/85">
        {deadline ? t('apply.applyBy', { date: formatDate(deadline) }) : t('apply.noDeadline')}
      </span>
    </Button>
  );
}

/** `/internship/{id}`: every field of one internship; Apply makes a real application. */
export function InternshipDetailPage() {
  const { t } = useTranslation([ns, 'common']);
  const params = useParams<{ id: string }>();
  const id = routeId(params.id);
  const query = useInternship(id);
  const i = id === null ? undefined : query.data;
  // An id that is not a number, or one the server does not know: 'Internship not found'.
  const failed = id !== null && query.isError && !isNotFoundError(query.error);
  const requirements = requirementList(i?.requirements);

  return (
    <PageShell>
      <AppHeader back={{ href: paths.matches, label: t('header.back') }} title={t('header.title')} right={null} width="xl" layer="page" />
      <main className="pb-16">
        <PageContainer>
          {query.isLoading ? (
            <PageLoader />
          ) : !i ? (
            <StateCard title={failed ? t('notFound.failed') : t('notFound.title')} text={failed ? query.error?.message : undefined}>
              <LinkButton href={paths.jobFeed} className="mt-4">
                {t('notFound.backToFeed')}
              </LinkButton>
            </StateCard>
          ) : (
            <>
              <Card className="mt-4">
                <CompanyHeader internship={i}>
                  <h2 className="text-xl font-extrabold leading-tight text-slate-900">{i.title}</h2>
                  <Link href={paths.company(i.id)} className="text-sm font-semibold text-brand-700 hover:underline">
                    {i.company}
                  </Link>
                </CompanyHeader>
                {i.matchScore !== null && i.matchScore !== undefined ? (
                  <div className={cn('mt-4 rounded-2xl p-3 ring-1', matchTone(i.matchScore))}>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="flex items-center gap-1.5 text-sm font-bold">
                        <Sparkles aria-hidden className="h-4 w-4" />
                        {t('matchScore')}
                      </span>
                      <MatchScoreBadge score={i.matchScore} size="lg" className="bg-white/70" />
                    </div>
                    {i.matchReasons?.length ? (
                      <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm">
                        {i.matchReasons.map((r) => (
                          <li key={r}>{r}</li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                ) : null}
                <dl className="mt-4 grid grid-cols-2 gap-2">
                  <Fact icon={DollarSign} label={t('facts.salary')} value={orNotSpecified(i.salary)} />
                  <Fact icon={Clock} label={t('facts.duration')} value={orNotSpecified(i.duration)} />
                  <Fact icon={Briefcase} label={t('facts.workStyle')} value={orNotSpecified(workStyleLabel(t, i.workStyle))} />
                  <Fact
                    icon={UserRound}
                    label={t('facts.ageAndGrade')}
                    value={
                      [i.ageRequirement ? t('facts.ages', { age: i.ageRequirement }) : null, gradeRequirementLabel(t, i.gradeRequirement)]
                        .filter(Boolean)
                        .join(' · ') || t('common:notSpecified')
                    }
                  />
                </dl>
              </Card>

              <Card className="mt-4">
                <h3 className="font-bold text-slate-900">{t('sections.aboutRole')}</h3>
                <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{i.description}</p>
                <h3 className="mt-4 font-bold text-slate-900">{t('sections.requirements')}</h3>
                <RequirementList requirements={requirements} />
                {i.skills.length ? (
                  <>
                    <h3 className="mt-4 font-bold text-slate-900">{t('sections.skills')}</h3>
                    <ul className="mt-2 flex flex-wrap gap-1.5">
                      {i.skills.map((s) => (
                        <li key={s} className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700">
                          {s}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </Card>

              {i.benefits.length ? (
                <Card className="mt-4">
                  <h3 className="font-bold text-slate-900">{t('sections.benefits')}</h3>
                  <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
                    {i.benefits.map((b) => {
                      const Icon = benefitIcon(b);
                      return (
                        <li
                          key={b}
                          className="flex items-center gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
                        >
                          <Icon aria-hidden className="h-4 w-4 shrink-0" />
                          {b}
                        </li>
                      );
                    })}
                  </ul>
                </Card>
              ) : null}

              <Card className="mt-4">
                <h3 className="font-bold text-slate-900">{t('sections.aboutCompany', { company: i.company })}</h3>
                <p className="mt-1 text-sm text-slate-700">
                  {i.industry
                    ? t('aboutCompany.withIndustry', { company: i.company, industry: industryLabel(t, i.industry) })
                    : t('aboutCompany.text', { company: i.company })}
                </p>
              </Card>

              <Card className="mt-4">
                <h3 className="mb-2 font-bold text-slate-900">{t('sections.video')}</h3>
                <VideoPreview internship={i} className="max-h-[50dvh]" />
                <Transcript internship={i} />
              </Card>

              <div className="mt-4">
                <ApplySection internship={i} />
              </div>
            </>
          )}
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default InternshipDetailPage;
