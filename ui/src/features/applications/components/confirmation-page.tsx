import { CalendarCheck, CheckCircle2, Clock, Copy, Link2, Mail, Share2, UserCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
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
import { ns } from '../i18n';

/** The application's reference, AI-YYYY-NNN, built from its real id and date. */
export function applicationReference(a: Application): string {
  const year = new Date(a.appliedAt).getFullYear();
  return `AI-${Number.isNaN(year) ? '' : year}-${String(a.id).padStart(3, '0')}`;
}

const NEXT_STEPS = [
  { icon: Mail, key: 'email' },
  { icon: Clock, key: 'review' },
  { icon: UserCheck, key: 'interview' },
] as const;

/** `/confirmation`: the application just submitted (the id kept in the session store). */
export function ConfirmationPage() {
  const { t } = useTranslation(ns);
  const { user, isLoading } = useUser();
  const applicationId = useSessionStore((s) => s.applicationId);
  const applications = useMyApplications(user?.userType === 'student' ? user.id : undefined);
  const application = applications.data?.find((a) => String(a.id) === applicationId) ?? null;
  const internshipPath = application ? paths.internship(application.internshipId) : paths.jobFeed;

  const copy = async () => {
    const url = new URL(internshipPath, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('share.copied'), description: url, variant: 'success' });
    } catch {
      toast({ title: t('share.copyByHand'), description: url, duration: 15000 });
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
              <h1 className="text-xl font-bold text-slate-900">{t('none.title')}</h1>
              <p className="mt-1 text-sm text-slate-600">{applications.isError ? applications.error.message : t('none.text')}</p>
              <div className="mt-4 flex justify-center gap-2">
                <LinkButton href={paths.jobFeed}>{t('none.backToFeed')}</LinkButton>
                {user ? (
                  <LinkButton href={paths.profile} variant="outline">
                    {t('none.myApplications')}
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
                <h1 className="mt-3 text-2xl font-extrabold text-slate-900">{t('submitted.title')}</h1>
                <p className="mt-1 text-slate-600">
                  {application.internship?.company
                    ? t('submitted.titleAtCompany', {
                        title: application.internship.title ?? application.internshipTitle,
                        company: application.internship.company,
                      })
                    : (application.internship?.title ?? application.internshipTitle)}
                </p>
              </div>
              <Card className="mt-6">
                <dl className="divide-y divide-slate-100 text-sm">
                  <div className="flex justify-between gap-3 py-2">
                    <dt className="text-slate-500">{t('details.id')}</dt>
                    <dd className="font-mono font-semibold text-slate-900" data-testid="application-reference">
                      {applicationReference(application)}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-3 py-2">
                    <dt className="text-slate-500">{t('details.submitted')}</dt>
                    <dd className="font-semibold text-slate-900">
                      {t('details.submittedAt', { date: formatDate(application.appliedAt), time: formatTime(application.appliedAt) })}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-3 py-2">
                    <dt className="text-slate-500">{t('details.status')}</dt>
                    <dd className="inline-flex items-center gap-1 font-semibold text-slate-900" data-testid="application-status">
                      <CalendarCheck aria-hidden className="h-4 w-4 text-brand-600" />
                      {/* A new application shows 'Under Review' here (pending and under_review both await review). */}
                      {application.status === 'pending' ? t('details.underReview') : statusLabel(application.status)}
                    </dd>
                  </div>
                </dl>
              </Card>
              <Card className="mt-4">
                <h2 className="font-bold text-slate-900">{t('nextSteps.title')}</h2>
                <ul className="mt-2 space-y-2">
                  {NEXT_STEPS.map(({ icon: Icon, key }) => (
                    <li key={key} className="flex items-start gap-2 text-sm text-slate-700">
                      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                      {t(`nextSteps.${key}`)}
                    </li>
                  ))}
                </ul>
              </Card>
              <div className="mt-6 flex flex-col gap-2">
                <LinkButton href={paths.jobFeed} variant="gradient" size="lg">
                  {t('actions.backToFeed')}
                </LinkButton>
                <LinkButton href={paths.profile} variant="outline" size="lg">
                  {t('actions.viewApplications')}
                </LinkButton>
              </div>
              <div className="mt-6 text-center">
                <p className="text-sm font-semibold text-slate-700">{t('share.title')}</p>
                <div className="mt-2 flex justify-center gap-2">
                  <Button
                    size="icon"
                    variant="outline"
                    aria-label={t('share.share')}
                    onClick={() =>
                      void shareLink({
                        title: application.internship?.title ?? t('share.fallbackTitle'),
                        path: internshipPath,
                      })
                    }
                  >
                    <Share2 aria-hidden className="h-4 w-4" />
                  </Button>
                  <Button size="icon" variant="outline" aria-label={t('share.copyLink')} onClick={() => void copy()}>
                    <Copy aria-hidden className="h-4 w-4" />
                  </Button>
                  <a
                    aria-label={t('share.email')}
                    href={`mailto:?subject=${encodeURIComponent(application.internship?.title ?? t('share.fallbackTitle'))}&body=${encodeURIComponent(
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
