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
import { Link, useLocation, useParams } from 'wouter';
import { ClosedNotice } from '@/components/internship/closed-notice';
import { CompanyHeader } from '@/components/internship/company-header';
import { Fact } from '@/components/internship/fact';
import { RequirementList } from '@/components/internship/requirement-list';
import { MatchScoreBadge, matchTone } from '@/components/internship/match-score';
import { VideoPreview } from '@/components/internship/video-states';
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
          Applied
        </Button>
        <LinkButton href={paths.profile} variant="ghost" size="sm" className="w-full">
          Track it in My Applications
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
      <span>{apply.isPending ? 'Submitting...' : 'Apply Now'}</span>
      <span className="text-xs font-medium text-white/85">{deadline ? `Apply by ${formatDate(deadline)}` : 'No deadline'}</span>
    </Button>
  );
}

/** `/internship/{id}`: every field of one internship; Apply makes a real application. */
export function InternshipDetailPage() {
  const params = useParams<{ id: string }>();
  const id = routeId(params.id);
  const query = useInternship(id);
  const i = id === null ? undefined : query.data;
  // An id that is not a number, or one the server does not know: 'Internship not found'.
  const failed = id !== null && query.isError && !isNotFoundError(query.error);
  const requirements = requirementList(i?.requirements);

  return (
    <PageShell>
      <AppHeader back={{ href: paths.matches, label: 'Back to Matches' }} title="Internship Details" right={null} width="xl" layer="page" />
      <main className="pb-16">
        <PageContainer>
          {query.isLoading ? (
            <PageLoader />
          ) : !i ? (
            <StateCard
              title={failed ? 'Could not load this internship' : 'Internship not found'}
              text={failed ? query.error?.message : undefined}
            >
              <LinkButton href={paths.jobFeed} className="mt-4">
                Back to Job Feed
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
                    <div className="flex items-center justify-between gap-2">
                      <span className="flex items-center gap-1.5 text-sm font-bold">
                        <Sparkles aria-hidden className="h-4 w-4" />
                        AI Match Score
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
                  <Fact icon={DollarSign} label="Salary" value={orNotSpecified(i.salary)} />
                  <Fact icon={Clock} label="Duration" value={orNotSpecified(i.duration)} />
                  <Fact icon={Briefcase} label="Work style" value={orNotSpecified(i.workStyle)} />
                  <Fact
                    icon={UserRound}
                    label="Age and grade"
                    value={
                      [i.ageRequirement ? `Ages ${i.ageRequirement}` : null, i.gradeRequirement].filter(Boolean).join(' · ') ||
                      'Not specified'
                    }
                  />
                </dl>
              </Card>

              <Card className="mt-4">
                <h3 className="font-bold text-slate-900">About the role</h3>
                <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{i.description}</p>
                <h3 className="mt-4 font-bold text-slate-900">Requirements</h3>
                <RequirementList requirements={requirements} />
                {i.skills.length ? (
                  <>
                    <h3 className="mt-4 font-bold text-slate-900">Skills you will use</h3>
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
                  <h3 className="font-bold text-slate-900">Benefits</h3>
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
                <h3 className="font-bold text-slate-900">About {i.company}</h3>
                <p className="mt-1 text-sm text-slate-700">
                  {i.company} offers this {i.industry ? `${i.industry} ` : ''}internship for high-school students through InternReel. Every
                  employer on InternReel agrees to follow the youth labour rules for 16-17 year olds: limited hours on school days, no
                  hazardous work, and an adult supervisor.
                </p>
              </Card>

              <Card className="mt-4">
                <h3 className="mb-2 font-bold text-slate-900">Video</h3>
                <VideoPreview internship={i} className="max-h-[50dvh]" />
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
