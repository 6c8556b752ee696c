import { CalendarCheck, CheckCircle2, Clock, Copy, Link2, Mail, Share2, UserCheck } from 'lucide-react';
import { PageContainer, PageShell } from '@/components/layout/page';
import { statusLabel } from '@/components/internship/status-badge';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { formatDate, formatTime } from '@/lib/format';
import { useMyApplications } from '@/lib/internships';
import { shareLink } from '@/lib/share';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import type { Application } from '@/types/internship';

/** The application's reference in SPEC.md's format (AI-YYYY-NNN), built from its real id and date. */
export function applicationReference(a: Application): string {
  const year = new Date(a.appliedAt).getFullYear();
  return `AI-${Number.isNaN(year) ? '' : year}-${String(a.id).padStart(3, '0')}`;
}

const NEXT_STEPS = [
  { icon: Mail, text: "You'll receive a confirmation email within 24 hours." },
  { icon: Clock, text: 'The employer typically reviews applications within 2-3 weeks.' },
  { icon: UserCheck, text: "If you're selected, you'll be contacted for an interview." },
];

/** `/confirmation`: the application just submitted (the id kept in the session store). */
export function ConfirmationPage() {
  const { user, isLoading } = useUser();
  const applicationId = useSessionStore((s) => s.applicationId);
  const applications = useMyApplications(user?.userType === 'student' ? user.id : undefined);
  const application = applications.data?.find((a) => String(a.id) === applicationId) ?? null;
  const internshipPath = application ? paths.internship(application.internshipId) : paths.jobFeed;

  const copy = async () => {
    const url = new URL(internshipPath, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied!', description: url, variant: 'success' });
    } catch {
      toast({ title: 'Share this link', description: url, duration: 15000 });
    }
  };

  return (
    <PageShell>
      <main className="py-8">
        <PageContainer>
          {isLoading || applications.isLoading ? (
            <PageLoader />
          ) : !application ? (
            <Card className="text-center">
              <h1 className="text-xl font-bold text-slate-900">No recent application</h1>
              <p className="mt-1 text-sm text-slate-600">
                {applications.isError ? applications.error.message : 'Apply to an internship and its confirmation shows here.'}
              </p>
              <div className="mt-4 flex justify-center gap-2">
                <LinkButton href={paths.jobFeed}>Back to Job Feed</LinkButton>
                {user ? (
                  <LinkButton href={paths.profile} variant="outline">
                    My Applications
                  </LinkButton>
                ) : null}
              </div>
            </Card>
          ) : (
            <>
              <div className="text-center">
                <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
                  <CheckCircle2 aria-hidden className="h-9 w-9" />
                </div>
                <h1 className="mt-3 text-2xl font-extrabold text-slate-900">Application Submitted</h1>
                <p className="mt-1 text-slate-600">
                  {application.internship?.title ?? application.internshipTitle}
                  {application.internship?.company ? ` at ${application.internship.company}` : ''}
                </p>
              </div>
              <Card className="mt-6">
                <dl className="divide-y divide-slate-100 text-sm">
                  <div className="flex justify-between gap-3 py-2">
                    <dt className="text-slate-500">Application ID</dt>
                    <dd className="font-mono font-semibold text-slate-900" data-testid="application-reference">
                      {applicationReference(application)}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-3 py-2">
                    <dt className="text-slate-500">Submitted</dt>
                    <dd className="font-semibold text-slate-900">
                      {formatDate(application.appliedAt)} at {formatTime(application.appliedAt)}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-3 py-2">
                    <dt className="text-slate-500">Status</dt>
                    <dd className="inline-flex items-center gap-1 font-semibold text-slate-900" data-testid="application-status">
                      <CalendarCheck aria-hidden className="h-4 w-4 text-brand-600" />
                      {/* SPEC.md: a new application shows 'Under Review' here (pending and under_review both await review). */}
                      {application.status === 'pending' ? 'Under Review' : statusLabel(application.status)}
                    </dd>
                  </div>
                </dl>
              </Card>
              <Card className="mt-4">
                <h2 className="font-bold text-slate-900">What's next</h2>
                <ul className="mt-2 space-y-2">
                  {NEXT_STEPS.map(({ icon: Icon, text }) => (
                    <li key={text} className="flex items-start gap-2 text-sm text-slate-700">
                      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                      {text}
                    </li>
                  ))}
                </ul>
              </Card>
              <div className="mt-6 flex flex-col gap-2">
                <LinkButton href={paths.jobFeed} variant="gradient" size="lg">
                  Back to Job Feed
                </LinkButton>
                <LinkButton href={paths.profile} variant="outline" size="lg">
                  View My Applications
                </LinkButton>
              </div>
              <div className="mt-6 text-center">
                <p className="text-sm font-semibold text-slate-700">Share this opportunity</p>
                <div className="mt-2 flex justify-center gap-2">
                  <Button
                    size="icon"
                    variant="outline"
                    aria-label="Share"
                    onClick={() =>
                      void shareLink({
                        title: application.internship?.title ?? 'Internship',
                        path: internshipPath,
                      })
                    }
                  >
                    <Share2 aria-hidden className="h-4 w-4" />
                  </Button>
                  <Button size="icon" variant="outline" aria-label="Copy link" onClick={() => void copy()}>
                    <Copy aria-hidden className="h-4 w-4" />
                  </Button>
                  <a
                    aria-label="Share by email"
                    href={`mailto:?subject=${encodeURIComponent(application.internship?.title ?? 'Internship')}&body=${encodeURIComponent(
                      new URL(internshipPath, window.location.origin).toString(),
                    )}`}
                    className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:border-brand-400"
                  >
                    <Link2 aria-hidden className="h-4 w-4" />
                  </a>
                </div>
              </div>
            </>
          )}
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default ConfirmationPage;
