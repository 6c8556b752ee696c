import {
  Bookmark,
  Briefcase,
  Camera,
  ClipboardCheck,
  GraduationCap,
  Languages,
  Mail,
  MessageSquare,
  School,
  Sparkles,
  Star,
  UserRound,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, Redirect } from 'wouter';
import { ChangePasswordSection } from '@/components/account/change-password-section';
import { StatusBadge } from '@/components/internship/status-badge';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LanguageSelect } from '@/components/ui/language-select';
import { StateCard } from '@/components/ui/state-card';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { MessagesBell } from '@/components/messaging/messages-bell';
import { MessagingDialog, type MessageTarget } from '@/components/messaging/messaging-dialog';
import { EmailNotificationsSection } from '@/components/notifications/email-notifications-section';
import { PushNotificationsSection } from '@/components/notifications/push-notifications-section';
import { NotificationsBell } from '@/components/notifications/notifications-bell';
import { useUser } from '@/lib/auth';
import { formatDate, initials } from '@/lib/format';
import { useBookmarks, useMyApplications } from '@/lib/internships';
import { useFilePicker } from '@/lib/use-file-picker';
import { STUDENT_PASSWORD_MIN } from '@/lib/passwords';
import { toast } from '@/stores/toast-store';
import type { User } from '@/types/api';
import { useUploadPhoto } from '../api/profile';
import { ns } from '../i18n';
import { gradeLabel } from '@/lib/options';
import { AVATAR_MAX_BYTES, interestLabel } from '../lib/options';
import { AvatarCropDialog } from './avatar-crop-dialog';
import { BlockedCompanies } from './blocked-companies';
import { EditProfileForm } from './edit-profile-form';
import { PendingEmailNotice } from './pending-email-notice';
import { YourData } from './your-data';
import { ListStates, Section } from '@/components/ui/section';

function Header({ editing, onToggle, canEdit }: { editing: boolean; onToggle: () => void; canEdit: boolean }) {
  const { t } = useTranslation([ns, 'common']);
  return (
    <AppHeader
      back={{ href: paths.jobFeed, label: t('page.back') }}
      title={t('page.title')}
      width="xl"
      layer="page"
      right={
        canEdit ? (
          <Button size="sm" variant={editing ? 'outline' : 'secondary'} onClick={onToggle} aria-pressed={editing}>
            {editing ? t('common:actions.cancel') : t('page.edit')}
          </Button>
        ) : null
      }
    />
  );
}

function Avatar({ user, version }: { user: User; version: number }) {
  const { t } = useTranslation(ns);
  const name = `${user.firstName} ${user.lastName}`;
  if (user.profileImageUrl) {
    const src = version ? `${user.profileImageUrl}${user.profileImageUrl.includes('?') ? '&' : '?'}v=${version}` : user.profileImageUrl;
    return (
      <img
        src={src}
        alt={t('photo.alt', { name })}
        data-testid="avatar-photo"
        className="h-24 w-24 rounded-full object-cover ring-4 ring-white shadow-md"
      />
    );
  }
  return (
    <span
      className="flex h-24 w-24 items-center justify-center rounded-full bg-brand-gradient text-2xl font-extrabold text-white ring-4 ring-white shadow-md"
      aria-hidden
    >
      {initials(name)}
    </span>
  );
}

function AvatarUpload({ user }: { user: User }) {
  const { t } = useTranslation(ns);
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState(0);
  const upload = useUploadPhoto(user.id);
  const picker = useFilePicker({
    accepts: (picked) => picked.type.startsWith('image/'),
    typeError: { title: t('photo.invalidType'), description: t('photo.invalidTypeText') },
    maxBytes: AVATAR_MAX_BYTES,
    sizeError: { title: t('photo.tooLarge'), description: t('photo.tooLargeText') },
    onPick: setFile,
  });

  return (
    <div className="relative">
      <Avatar user={user} version={version} />
      <input {...picker.inputProps} accept="image/*" aria-label={t('photo.choose')} data-testid="avatar-input" />
      <button
        type="button"
        onClick={picker.open}
        aria-label={user.profileImageUrl ? t('photo.change') : t('photo.add')}
        className="absolute -bottom-1 -right-1 flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-white shadow ring-2 ring-white hover:bg-brand-700"
      >
        <Camera aria-hidden className="h-4 w-4" />
      </button>
      <AvatarCropDialog
        file={file}
        saving={upload.isPending}
        onCancel={() => setFile(null)}
        onCropped={(blob) =>
          upload.mutate(blob, {
            onSuccess: () => {
              setFile(null);
              setVersion(Date.now());
              toast({ title: t('toasts.updated'), description: t('photo.saved'), variant: 'success' });
            },
            onError: (error) =>
              toast({
                title: t('toasts.updateFailed'),
                description: error.message || t('toasts.updateFailedText'),
                variant: 'destructive',
              }),
          })
        }
      />
    </div>
  );
}

/** One fact of the profile card: the icon stands for the label, which is shown only where the value alone would not say what it is. */
function InfoRow({
  icon: Icon,
  label,
  showLabel = false,
  children,
}: {
  icon: typeof Mail;
  label: string;
  showLabel?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-center gap-3 py-2">
      <Icon aria-hidden className="h-4 w-4 shrink-0 text-brand-500" />
      <dt className={showLabel ? 'shrink-0 text-sm font-semibold text-slate-800' : 'sr-only'}>{label}</dt>
      <dd className="min-w-0 truncate text-sm text-slate-700">{children}</dd>
    </div>
  );
}

function MyApplications({ user, onMessage }: { user: User; onMessage: (target: MessageTarget) => void }) {
  const { t } = useTranslation(ns);
  // Live: a status the employer changes shows here without a reload.
  const applications = useMyApplications(user.id, { live: true });
  const list = applications.data ?? [];
  return (
    <Section headingId="my-applications" icon={Briefcase} title={t('applications.heading')} className="mt-6">
      <ListStates
        query={applications}
        loadingLabel={t('applications.loading')}
        errorText={t('applications.errorText')}
        isEmpty={list.length === 0}
        empty={
          <Card className="text-center">
            <p className="text-sm text-slate-600">{t('applications.empty')}</p>
            <LinkButton href={paths.jobFeed} size="sm" variant="secondary" className="mt-3">
              {t('applications.find')}
            </LinkButton>
          </Card>
        }
      >
        <ul className="space-y-3" data-testid="applications">
          {list.map((a) => (
            <li key={a.id}>
              <Card className="p-4" data-testid="application" data-internship-id={a.internshipId}>
                {/* On a phone the badge goes under the title (clear of the floating bells at the right edge). */}
                <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
                  <div className="min-w-0 flex-[1_1_15rem]">
                    <Link href={paths.internship(a.internshipId)} className="break-words font-semibold text-slate-900 hover:text-brand-700">
                      {a.internship?.title ?? a.internshipTitle ?? t('applications.fallbackTitle', { id: a.internshipId })}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {a.internship?.company}
                      {a.internship?.location ? ` · ${a.internship.location}` : ''}
                    </p>
                    <p className="mt-1 text-xs text-slate-500">{t('applications.applied', { date: formatDate(a.appliedAt) })}</p>
                  </div>
                  <StatusBadge status={a.status} className="shrink-0" />
                </div>
                {a.placementId ? (
                  <LinkButton
                    href={paths.placement(a.placementId)}
                    size="sm"
                    variant="secondary"
                    className="mt-3 mr-2"
                    aria-label={t('applications.placementLabel', {
                      title: a.internship?.title ?? a.internshipTitle ?? t('applications.placementFallback'),
                    })}
                    data-testid="my-placement-link"
                  >
                    <ClipboardCheck aria-hidden className="h-4 w-4" />
                    {t('myPlacement')}
                  </LinkButton>
                ) : null}
                {a.internship ? (
                  <Button
                    size="sm"
                    variant="outline"
                    className="mt-3"
                    aria-label={t('applications.messageLabel', { company: a.internship.company })}
                    onClick={() =>
                      onMessage({
                        applicationId: a.id,
                        otherUserId: a.internship!.employerId,
                        otherName: a.internship!.company,
                        subject: a.internship!.title,
                        company: a.internship!.company,
                      })
                    }
                  >
                    <MessageSquare aria-hidden className="h-4 w-4" />
                    {t('applications.message')}
                  </Button>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      </ListStates>
    </Section>
  );
}

function SavedVideos({ user }: { user: User }) {
  const { t } = useTranslation(ns);
  const saved = useBookmarks(user.id);
  const list = saved.data ?? [];
  return (
    <Section
      headingId="saved-videos"
      icon={Bookmark}
      title={t('saved.heading')}
      action={
        <LinkButton href={paths.jobFeed} size="sm" variant="secondary">
          {t('saved.browse')}
        </LinkButton>
      }
    >
      <ListStates
        query={saved}
        loadingLabel={t('saved.loading')}
        errorText={t('saved.errorText')}
        isEmpty={list.length === 0}
        empty={t('saved.empty')}
      >
        <ul className="grid grid-cols-1 gap-2" data-testid="saved-videos">
          {list.map((s) => (
            <li key={s.internshipId} className="min-w-0">
              <Link
                href={paths.internship(s.internshipId)}
                className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 hover:border-brand-300"
              >
                <span
                  aria-hidden
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 font-bold text-brand-700"
                >
                  {initials(s.company)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-slate-900">{s.title}</span>
                  <span className="block truncate text-sm text-slate-600">
                    {s.company} · {s.location}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </ListStates>
    </Section>
  );
}

function ProfileBody({ user, editing, setEditing }: { user: User; editing: boolean; setEditing: (v: boolean) => void }) {
  const { t } = useTranslation([ns, 'common']);
  const [target, setTarget] = useState<MessageTarget | null>(null);
  const applications = useMyApplications(user.id);
  const titles = useMemo(
    () => new Map((applications.data ?? []).map((a) => [a.id, a.internship?.title ?? a.internshipTitle])),
    [applications.data],
  );
  const companies = useMemo(() => new Map((applications.data ?? []).map((a) => [a.id, a.internship?.company])), [applications.data]);
  // The newest hired application's placement (the list is newest first).
  const placementId = (applications.data ?? []).find((a) => a.placementId)?.placementId ?? null;
  return (
    <>
      <Card className="mt-4 flex flex-col items-center text-center">
        <AvatarUpload user={user} />
        <p className="mt-3 text-xl font-extrabold text-slate-900" data-testid="profile-name">
          {user.firstName} {user.lastName}
        </p>
        <p className="text-sm text-slate-600">
          {user.school
            ? t('card.gradeAtSchool', { grade: gradeLabel(user.grade), school: user.school })
            : t('card.gradeAtNoSchool', { grade: gradeLabel(user.grade) })}
        </p>
        <dl className="mt-3 w-full divide-y divide-slate-100 text-left">
          <InfoRow icon={Mail} label={t('card.email')}>
            {user.email}
          </InfoRow>
          <InfoRow icon={School} label={t('card.school')}>
            {user.school || t('common:notSpecified')}
          </InfoRow>
          <InfoRow icon={GraduationCap} label={t('card.gpa')} showLabel>
            {user.gpa || t('common:notSpecified')}
          </InfoRow>
          <InfoRow icon={Star} label={t('card.interests')}>
            <span className="flex flex-wrap gap-1.5">
              {(user.interests ?? []).length === 0
                ? t('card.noInterests')
                : user.interests.map((i) => (
                    <span key={i} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
                      {interestLabel(i)}
                    </span>
                  ))}
            </span>
          </InfoRow>
        </dl>
        <PendingEmailNotice pendingEmail={user.pendingEmail} className="mt-3 w-full" />
        <div className="mt-3 flex flex-wrap justify-center gap-2">
          <LinkButton href={paths.matches} variant="gradient" size="sm">
            <Sparkles aria-hidden className="h-4 w-4" />
            {t('card.matches')}
          </LinkButton>
          {placementId ? (
            <LinkButton href={paths.placement(placementId)} variant="secondary" size="sm" data-testid="profile-placement-link">
              <ClipboardCheck aria-hidden className="h-4 w-4" />
              {t('myPlacement')}
            </LinkButton>
          ) : null}
        </div>
      </Card>

      {editing ? (
        <Card className="mt-6">
          <h2 className="mb-4 text-lg font-bold text-slate-900">{t('edit.heading')}</h2>
          <EditProfileForm user={user} onDone={() => setEditing(false)} />
        </Card>
      ) : (
        <MyApplications user={user} onMessage={setTarget} />
      )}

      <SavedVideos user={user} />
      <BlockedCompanies />
      <EmailNotificationsSection />
      <PushNotificationsSection />
      <Section headingId="language-setting" icon={Languages} title={t('language.heading')}>
        <Card className="space-y-3">
          <p className="text-sm text-slate-700">{t('language.text')}</p>
          <LanguageSelect variant="field" className="max-w-xs" />
        </Card>
      </Section>
      <ChangePasswordSection minLength={STUDENT_PASSWORD_MIN} username={user.email} />
      <YourData userId={user.id} />
      <MessagingDialog target={target} onClose={() => setTarget(null)} />
      <NotificationsBell />
      <MessagesBell subjectFor={(id) => titles.get(id) ?? undefined} companyFor={(id) => companies.get(id) ?? undefined} />
    </>
  );
}

/** `/profile`: the student's own profile, applications, saved videos and messages. */
export function ProfilePage() {
  const { t } = useTranslation(ns);
  const { user, isLoading } = useUser();
  const [editing, setEditing] = useState(false);
  const student = user?.userType === 'student' ? user : null;

  // A guest's profile is its interests and grade, on its own page.
  if (user?.userType === 'guest') return <Redirect to={paths.guestProfile} replace />;

  return (
    <PageShell>
      <Header editing={editing} onToggle={() => setEditing((e) => !e)} canEdit={student !== null} />
      <main className="pb-40 sm:pb-28">
        <PageContainer>
          {isLoading ? (
            <PageLoader />
          ) : !user ? (
            <StateCard icon={UserRound} iconClassName="text-brand-400" title={t('page.signInTitle')} text={t('page.signInText')}>
              <LinkButton href={paths.studentLogin} className="mt-4">
                {t('page.signIn')}
              </LinkButton>
            </StateCard>
          ) : !student ? (
            <StateCard title={t('page.studentOnlyTitle')} text={t('page.studentOnlyText')}>
              <LinkButton href={paths.employerProfile} className="mt-4">
                {t('page.employerProfile')}
              </LinkButton>
            </StateCard>
          ) : (
            <ProfileBody user={student} editing={editing} setEditing={setEditing} />
          )}
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default ProfilePage;
