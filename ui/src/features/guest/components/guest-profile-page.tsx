import { LogOut, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Redirect } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { asGuest, logout, useUser } from '@/lib/auth';
import { toast } from '@/stores/toast-store';
import { useUpdateGuest } from '../api/guest';
import { ns } from '../i18n';
import { GuestPreferencesForm } from './guest-preferences-form';

/**
 * `/guest-profile`: a guest's "My Profile". Interests and grade can be changed (the feed is
 * ranked again), and a student account can be created from the same choice. Anyone else is
 * sent where their own profile is.
 */
export function GuestProfilePage() {
  const { t } = useTranslation(ns);
  const { user, isLoading } = useUser();
  const guest = asGuest(user);
  const update = useUpdateGuest();
  const [leaving, setLeaving] = useState(false);

  if (isLoading) return <PageLoader />;
  if (!user) return <Redirect to={paths.guest} replace />;
  if (!guest) return <Redirect to={user.userType === 'employer' ? paths.employerDashboard : paths.profile} replace />;

  return (
    <PageShell>
      <AppHeader back={{ href: paths.jobFeed, label: t('profile.backToFeed') }} title={t('profile.title')} right={null} />
      <main className="pb-16">
        <PageContainer className="space-y-6 py-6">
          <Card>
            <h2 className="text-lg font-bold text-slate-900">{t('profile.browsingTitle')}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('profile.browsingText')}</p>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <LinkButton href={paths.studentSignup} variant="gradient" className="sm:flex-1">
                <UserPlus aria-hidden className="h-4 w-4" />
                {t('profile.createAccount')}
              </LinkButton>
              <Button
                variant="outline"
                className="sm:flex-1"
                disabled={leaving}
                onClick={() => {
                  setLeaving(true);
                  void logout();
                }}
              >
                <LogOut aria-hidden className="h-4 w-4" />
                {t('profile.exit')}
              </Button>
            </div>
          </Card>
          <Card>
            <h2 className="mb-4 text-lg font-bold text-slate-900">{t('profile.interestsTitle')}</h2>
            <GuestPreferencesForm
              label={t('profile.interestsTitle')}
              initialInterests={guest.interests}
              initialGrade={guest.grade}
              submitLabel={t('profile.submit')}
              pendingLabel={t('profile.pending')}
              onSubmit={async (input) => {
                await update.mutateAsync(input);
                toast({ title: t('profile.savedTitle'), description: t('profile.savedText'), variant: 'success' });
              }}
            />
          </Card>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default GuestProfilePage;
