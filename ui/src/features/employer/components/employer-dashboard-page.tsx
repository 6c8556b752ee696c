import { Ban, BookOpen, Briefcase, Building2, ClipboardCheck, FileText, Heart, Hourglass, LifeBuoy, Plus, Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RetryButton } from '@/components/ui/retry-button';
import { PageLoader, SpinnerBlock } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDistrict } from '@/lib/district';
import { MessagesBell } from '@/components/messaging/messages-bell';
import { NotificationsBell } from '@/components/notifications/notifications-bell';
import { toast } from '@/stores/toast-store';
import { useReceivedMessages } from '@/lib/messaging/messages';
import { defaultDistrictName } from '@/types/safety';
import { ns } from '../i18n';
import { useEmployerApplicationCount, useEmployerApplications } from '../api/applications';
import { useDeleteInternship, useEmployerInternships } from '../api/internships';
import { useEmployerProfile } from '../api/profile';
import { useEmployerGuard } from '../lib/use-employer-guard';
import type { Internship } from '@/types/internship';
import { InternshipFormDialog } from './internship-form-dialog';
import { MessagingSlot, type MessageTarget } from './messaging-slot';
import { isActivePosting, PostingCard } from './posting-card';
import { RecentActivity } from './recent-activity';
import { ReviewApplicationsDialog } from './review-applications-dialog';
import { CaptionEditorDialog } from './caption-editor-dialog';
import { EmailConfirmationBanner } from './email-confirmation-banner';
import { EmployerSignOutButton } from './sign-out-button';
import { PlacementTodos } from './placement-todos';

/** The dashboard's Quick Actions that lead to another screen. */
const quickLinks = [
  { href: paths.studentProfiles, icon: Users, key: 'applicants' },
  { href: paths.employerInterns, icon: ClipboardCheck, key: 'interns' },
  { href: paths.employerProfile, icon: Building2, key: 'profile' },
  { href: paths.employerGuide, icon: BookOpen, key: 'guide' },
  { href: paths.support, icon: LifeBuoy, key: 'support' },
  { href: paths.externalJobs, icon: FileText, key: 'jobs' },
] as const;

/** The district's review of the company, when it is not (or no longer) verified. */
function ReviewBanner({ status, reason }: { status: string | null | undefined; reason: string | null | undefined }) {
  const { t } = useTranslation(ns);
  const { name, contact } = useDistrict();
  const district = name ?? defaultDistrictName();
  if (status === 'pending') {
    return (
      <Notice
        headingId="review-banner-heading"
        testId="review-banner"
        tone="warning"
        icon={Hourglass}
        heading={t('dashboard.review.pendingHeading')}
      >
        <p className="mt-1">{t('dashboard.review.pendingText', { district })}</p>
        {contact ? <p className="mt-1">{t('dashboard.review.questions', { contact })}</p> : null}
      </Notice>
    );
  }
  if (status === 'suspended') {
    return (
      <Notice
        headingId="review-banner-heading"
        testId="review-banner"
        tone="danger"
        icon={Ban}
        heading={t('dashboard.review.suspendedHeading')}
      >
        <p className="mt-1">
          {reason
            ? t('dashboard.review.suspendedTextReason', { district, reason, contact: contact ?? district })
            : t('dashboard.review.suspendedText', { district, contact: contact ?? district })}
        </p>
      </Notice>
    );
  }
  return null;
}

function StatCard({
  label,
  value,
  hint,
  icon,
  testId,
}: {
  label: string;
  value: number | undefined;
  hint?: string;
  icon: ReactNode;
  /** The same in every language ('stat-active-postings'). */
  testId: string;
}) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">{icon}</span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="text-2xl font-extrabold text-slate-900" data-testid={testId}>
          {value === undefined ? '–' : value}
        </p>
        {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      </div>
    </Card>
  );
}

/** /employer-dashboard, with real counters and activity. */
export function EmployerDashboardPage() {
  const { t } = useTranslation(ns);
  const { user, ready } = useEmployerGuard();
  const internships = useEmployerInternships(ready);
  const count = useEmployerApplicationCount(ready);
  const profile = useEmployerProfile(ready);
  const applications = useEmployerApplications(ready);
  const messages = useReceivedMessages(ready ? user?.id : undefined);
  const deleteInternship = useDeleteInternship();
  const queryClient = useQueryClient();

  // `formKey` remounts the form so each opening starts from the right values.
  const [form, setForm] = useState<{ open: boolean; editing: Internship | null; key: number; focusVideo: boolean }>({
    open: false,
    editing: null,
    key: 0,
    focusVideo: false,
  });
  const [reviewing, setReviewing] = useState<Internship | null>(null);
  const [captioning, setCaptioning] = useState<Internship | null>(null);
  const [deleting, setDeleting] = useState<Internship | null>(null);
  const [messageTarget, setMessageTarget] = useState<MessageTarget | null>(null);

  // A video that finishes converting (the list is polled meanwhile) is announced, and the
  // feed's cached lists are refreshed so students get the playable video.
  const transcodingIds = useRef<Set<number>>(new Set());
  useEffect(() => {
    const list = internships.data;
    if (!list) return;
    const before = transcodingIds.current;
    let changed = false;
    for (const i of list) {
      if (!before.has(i.id) || i.videoStatus === 'transcoding') continue;
      changed = true;
      if (i.videoStatus === 'ready') {
        // Only a public posting is in the feed; a held one or a pending company's waits for the district.
        toast({
          title: t('dashboard.toast.videoReady'),
          description:
            i.visibility === 'public'
              ? t('dashboard.toast.videoReadyPublic', { title: i.title })
              : t('dashboard.toast.videoReadyHeld', { title: i.title }),
          variant: 'success',
        });
      } else if (i.videoStatus === 'failed') {
        toast({
          title: t('dashboard.toast.videoFailed'),
          description: i.videoError ?? t('dashboard.toast.videoFailedText', { title: i.title }),
          variant: 'destructive',
        });
      }
    }
    if (changed) void queryClient.invalidateQueries({ queryKey: ['/api/internships'] });
    transcodingIds.current = new Set(list.filter((i) => i.videoStatus === 'transcoding').map((i) => i.id));
  }, [internships.data, queryClient, t]);

  if (!ready || !user) return <PageLoader />;

  const postings = internships.data ?? [];
  const engagement = internships.data ? postings.reduce((sum, i) => sum + i.likes + i.bookmarks, 0) : undefined;
  const openForm = (editing: Internship | null, focusVideo = false) =>
    setForm((f) => ({ open: true, editing, key: f.key + 1, focusVideo }));

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    deleteInternship.mutate(target.id, {
      onSuccess: () => {
        toast({
          title: t('dashboard.toast.deleted'),
          description: t('dashboard.toast.deletedText', { title: target.title }),
          variant: 'success',
        });
        setDeleting(null);
      },
      onError: (error) => {
        toast({ title: t('dashboard.toast.deleteFailed'), description: errorMessage(error), variant: 'destructive' });
        setDeleting(null);
      },
    });
  };

  return (
    <PageShell>
      <AppHeader
        title={t('dashboard.title')}
        right={
          <div className="flex items-center gap-1.5">
            <Link
              href={paths.employerProfile}
              className={buttonClasses('ghost', 'sm', 'max-sm:px-2.5!')}
              aria-label={t('dashboard.companyProfileLabel')}
            >
              <Building2 aria-hidden className="h-4 w-4" />
              <span className="hidden sm:inline">{t('shared.companyProfile')}</span>
            </Link>
            <EmployerSignOutButton />
          </div>
        }
      />
      {/* Room below the content for the floating notifications and messages bells (stacked on phones). */}
      <main className="pb-40 sm:pb-28">
        <PageContainer wide className="space-y-6 py-6">
          <ReviewBanner status={user.employerStatus} reason={user.employerStatusReason} />
          {user.emailConfirmed === false ? <EmailConfirmationBanner email={user.email} /> : null}
          <section className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <p className="text-sm font-semibold text-brand-700">{user.company ?? t('dashboard.yourCompany')}</p>
              {/* 'Welcome back' once there is something to come back to (a first visit has no postings). */}
              <h2 className="text-2xl font-extrabold tracking-tight text-slate-900">
                {postings.length > 0
                  ? t('dashboard.welcomeBack', { name: user.firstName })
                  : t('dashboard.welcome', { name: user.firstName })}
              </h2>
              <p className="text-sm text-slate-600">{t('dashboard.intro')}</p>
            </div>
            <Button variant="gradient" size="lg" onClick={() => openForm(null)}>
              <Plus aria-hidden className="h-5 w-5" />
              {t('dashboard.postNew')}
            </Button>
          </section>

          <PlacementTodos enabled={ready} />
          <section aria-label={t('dashboard.stats.label')} className="grid gap-3 sm:grid-cols-3">
            <StatCard
              label={t('dashboard.stats.active')}
              testId="stat-active-postings"
              value={internships.data ? postings.filter(isActivePosting).length : undefined}
              hint={t('dashboard.stats.activeHint')}
              icon={<Briefcase aria-hidden className="h-5 w-5" />}
            />
            <StatCard
              label={t('dashboard.stats.applications')}
              testId="stat-total-applications"
              value={count.data?.count}
              icon={<Users aria-hidden className="h-5 w-5" />}
            />
            <StatCard
              label={t('dashboard.stats.views')}
              testId="stat-profile-views"
              value={profile.data ? (profile.data.profileViews ?? 0) : undefined}
              hint={
                engagement === undefined ? t('dashboard.stats.viewsHint') : t('dashboard.stats.viewsHintEngagement', { count: engagement })
              }
              icon={<Heart aria-hidden className="h-5 w-5" />}
            />
          </section>

          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <section aria-labelledby="postings-heading" className="min-w-0">
              <h2 id="postings-heading" className="mb-3 text-lg font-bold text-slate-900">
                {t('dashboard.postings.heading')}
              </h2>
              {internships.isLoading ? (
                <SpinnerBlock label={t('dashboard.postings.loading')} className="py-10" />
              ) : internships.isError ? (
                <Card>
                  <p className="text-sm text-rose-700">
                    {t('dashboard.postings.loadFailed', { error: errorMessage(internships.error) ?? '' })}
                  </p>
                  <RetryButton onRetry={() => void internships.refetch()} />
                </Card>
              ) : postings.length === 0 ? (
                <Card className="text-center">
                  <p className="font-semibold text-slate-900">{t('dashboard.postings.empty')}</p>
                  <p className="mt-1 text-sm text-slate-600">{t('dashboard.postings.emptyText')}</p>
                  <Button className="mt-4" onClick={() => openForm(null)}>
                    <Plus aria-hidden className="h-4 w-4" />
                    {t('dashboard.postNew')}
                  </Button>
                </Card>
              ) : (
                <ul className="space-y-3" aria-label={t('dashboard.postings.listLabel')}>
                  {postings.map((i) => (
                    <PostingCard
                      key={i.id}
                      internship={i}
                      onEdit={() => openForm(i)}
                      onReplaceVideo={() => openForm(i, true)}
                      onDelete={() => setDeleting(i)}
                      onReview={() => setReviewing(i)}
                      onCaptions={() => setCaptioning(i)}
                    />
                  ))}
                </ul>
              )}
            </section>

            <aside className="min-w-0 space-y-6">
              <Card>
                <h2 className="text-lg font-bold text-slate-900">{t('dashboard.quickActions')}</h2>
                <div className="mt-3 grid gap-2">
                  <Button variant="secondary" className="justify-start" onClick={() => openForm(null)}>
                    <Plus aria-hidden className="h-4 w-4" />
                    {t('dashboard.postNew')}
                  </Button>
                  {quickLinks.map(({ href, icon: Icon, key }) => (
                    <Link key={href} href={href} className={buttonClasses('secondary', 'md', 'justify-start')}>
                      <Icon aria-hidden className="h-4 w-4" />
                      {t(`dashboard.quickLinks.${key}`)}
                    </Link>
                  ))}
                </div>
              </Card>
              <RecentActivity
                applications={applications.data ?? []}
                messages={messages.data ?? []}
                loading={applications.isLoading || messages.isLoading}
                onOpenMessage={setMessageTarget}
              />
            </aside>
          </div>
        </PageContainer>
      </main>

      {form.open ? (
        <InternshipFormDialog
          key={form.key}
          open={form.open}
          editing={form.editing}
          focusVideo={form.focusVideo}
          onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
        />
      ) : null}
      <ReviewApplicationsDialog internship={reviewing} onClose={() => setReviewing(null)} onMessage={setMessageTarget} />
      <CaptionEditorDialog internship={captioning} onClose={() => setCaptioning(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('dashboard.delete.title')}
        description={t('dashboard.delete.text', { title: deleting?.title ?? '' })}
        confirmLabel={deleteInternship.isPending ? t('dashboard.delete.deleting') : t('dashboard.delete.confirm')}
        pending={deleteInternship.isPending}
        onConfirm={confirmDelete}
      />
      <MessagingSlot target={messageTarget} onClose={() => setMessageTarget(null)} />
      <NotificationsBell />
      <MessagesBell subjectFor={(applicationId) => applications.data?.find((a) => a.id === applicationId)?.internshipTitle} />
    </PageShell>
  );
}

export default EmployerDashboardPage;
