import { Save } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ChangePasswordSection } from '@/components/account/change-password-section';
import { CompanyFields } from '@/components/forms/company-fields';
import { NameFields } from '@/components/forms/name-fields';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { RetryButton } from '@/components/ui/retry-button';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { EmailNotificationsSection } from '@/components/notifications/email-notifications-section';
import { PushNotificationsSection } from '@/components/notifications/push-notifications-section';
import { errorMessage, isApiError } from '@/lib/api-client';
import { EMPLOYER_PASSWORD_MIN } from '@/lib/passwords';
import { validateEmployerProfile } from '@/lib/schemas/employer';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid, normalizeUrl } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import type { User } from '@/types/api';
import { useEmployerProfile, useUpdateEmployerProfile } from '../api/profile';
import { ns } from '../i18n';
import { profileValuesFrom } from '../lib/profile';
import { useEmployerGuard } from '../lib/use-employer-guard';
import { EmployerSignOutButton } from './sign-out-button';

function ProfileForm({ profile }: { profile: User }) {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(profileValuesFrom(profile), validateEmployerProfile);
  const { values } = form;
  const update = useUpdateEmployerProfile();
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (!form.validateAll(formRef.current)) return;
    setSaving(true);
    try {
      await update.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        company: values.company.trim(),
        position: values.position.trim(),
        companySize: values.companySize,
        industry: values.industry,
        website: values.website.trim() ? normalizeUrl(values.website) : null,
        phone: values.phone.trim(),
        address: values.address.trim(),
        companyDescription: values.companyDescription.trim(),
      });
      toast({ title: t('profile.updated'), description: t('profile.updatedText'), variant: 'success' });
    } catch (error) {
      if (isApiError(error)) {
        const fieldErrors = form.serverErrors(error.errors);
        if (error.status === 409) fieldErrors.email = error.message;
        if (Object.keys(fieldErrors).length) {
          form.setErrors(fieldErrors);
          focusFirstInvalid(formRef.current);
        }
      }
      toast({
        title: t('profile.updateFailed'),
        description: errorMessage(error) ?? t('profile.updateFailedText'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6" aria-label={t('profile.formLabel')}>
      <Card className="space-y-4">
        <h2 className="text-lg font-bold text-slate-900">{t('profile.personal')}</h2>
        <NameFields form={form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('profile.workEmail')} type="email" autoComplete="email" {...form.field('email')} />
          <TextField label={t('profile.phone')} type="tel" autoComplete="tel" hint={t('profile.phoneHint')} {...form.field('phone')} />
        </div>
        <TextField label={t('profile.position')} autoComplete="organization-title" {...form.field('position')} />
      </Card>
      <Card className="space-y-4">
        <h2 className="text-lg font-bold text-slate-900">{t('profile.company')}</h2>
        <CompanyFields form={form} industry={values.industry} description={values.companyDescription} variant="profile" />
      </Card>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <LinkButton href={paths.employerDashboard} variant="outline">
          {t('shared.backToDashboard')}
        </LinkButton>
        <Button type="submit" variant="gradient" disabled={saving}>
          <Save aria-hidden className="h-4 w-4" />
          {saving ? t('shared.saving') : t('shared.saveChanges')}
        </Button>
      </div>
    </form>
  );
}

/** /employer-profile: GET/PUT /api/employers/profile. */
export function EmployerProfilePage() {
  const { t } = useTranslation(ns);
  const { ready } = useEmployerGuard();
  const profile = useEmployerProfile(ready);

  if (!ready) return <PageLoader />;
  return (
    <PageShell>
      <AppHeader
        back={{ href: paths.employerDashboard, label: t('shared.backToDashboard') }}
        title={t('shared.companyProfile')}
        right={<EmployerSignOutButton />}
      />
      <main>
        <PageContainer wide className="py-6">
          <div className="mx-auto max-w-3xl">
            {profile.isLoading ? <PageLoader /> : null}
            {profile.isError ? (
              <Card>
                <p className="text-sm text-rose-700">{t('profile.loadFailed', { error: errorMessage(profile.error) ?? '' })}</p>
                <RetryButton onRetry={() => void profile.refetch()} />
              </Card>
            ) : null}
            {profile.data ? (
              <>
                <ProfileForm profile={profile.data} />
                <EmailNotificationsSection />
                <PushNotificationsSection />
                <ChangePasswordSection minLength={EMPLOYER_PASSWORD_MIN} username={profile.data.email} />
              </>
            ) : null}
          </div>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default EmployerProfilePage;
