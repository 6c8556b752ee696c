import { Save } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { ChangePasswordSection } from '@/components/account/change-password-section';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { EmailNotificationsSection } from '@/components/notifications/email-notifications-section';
import { errorMessage, isApiError } from '@/lib/api-client';
import { EMPLOYER_PASSWORD_MIN } from '@/lib/passwords';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid, normalizeUrl, pickFieldErrors } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import type { User } from '@/types/api';
import { useEmployerProfile, useUpdateEmployerProfile } from '../api/profile';
import {
  COMPANY_DESCRIPTION_MIN,
  COMPANY_SIZE_OPTIONS,
  industryOptions,
  PROFILE_FIELDS,
  profileValuesFrom,
  validateEmployerProfile,
} from '../lib/profile';
import { useEmployerGuard } from '../lib/use-employer-guard';
import { EmployerSignOutButton } from './sign-out-button';

function ProfileForm({ profile }: { profile: User }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(profileValuesFrom(profile), validateEmployerProfile);
  const { values, errors } = form;
  const update = useUpdateEmployerProfile();
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (!form.validateAll()) {
      focusFirstInvalid(formRef.current);
      return;
    }
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
      toast({ title: 'Profile Updated', description: 'Your company profile has been saved.', variant: 'success' });
    } catch (error) {
      if (isApiError(error)) {
        const fieldErrors = pickFieldErrors(PROFILE_FIELDS, error.errors);
        if (error.status === 409) fieldErrors.email = error.message;
        if (Object.keys(fieldErrors).length) {
          form.setErrors(fieldErrors);
          focusFirstInvalid(formRef.current);
        }
      }
      toast({
        title: 'Update Failed',
        description: errorMessage(error) ?? 'Failed to update profile. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6" aria-label="Company profile">
      <Card className="space-y-4">
        <h2 className="text-lg font-bold text-slate-900">Personal Information</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" error={errors.firstName} {...form.bind('firstName')} />
          <TextField label="Last name" autoComplete="family-name" error={errors.lastName} {...form.bind('lastName')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Work email" type="email" autoComplete="email" error={errors.email} {...form.bind('email')} />
          <TextField label="Phone" type="tel" autoComplete="tel" hint="At least 10 characters" error={errors.phone} {...form.bind('phone')} />
        </div>
        <TextField label="Your position" autoComplete="organization-title" error={errors.position} {...form.bind('position')} />
      </Card>
      <Card className="space-y-4">
        <h2 className="text-lg font-bold text-slate-900">Company Information</h2>
        <TextField label="Company name" autoComplete="organization" error={errors.company} {...form.bind('company')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Industry"
            name="industry"
            placeholder="Select an industry"
            options={industryOptions(values.industry)}
            value={values.industry}
            onValueChange={(v) => form.setField('industry', v)}
            error={errors.industry}
          />
          <SelectField
            label="Company size"
            name="companySize"
            placeholder="Select a size"
            options={COMPANY_SIZE_OPTIONS}
            value={values.companySize}
            onValueChange={(v) => form.setField('companySize', v)}
            error={errors.companySize}
          />
        </div>
        <TextField label="Website" optional type="url" inputMode="url" placeholder="https://example.com" error={errors.website} {...form.bind('website')} />
        <TextField label="Company address" autoComplete="street-address" error={errors.address} {...form.bind('address')} />
        <TextAreaField
          label="Company description"
          hint={`${values.companyDescription.trim().length}/${COMPANY_DESCRIPTION_MIN} characters minimum`}
          error={errors.companyDescription}
          {...form.bind('companyDescription')}
        />
      </Card>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <LinkButton href={paths.employerDashboard} variant="outline">
          Back to Dashboard
        </LinkButton>
        <Button type="submit" variant="gradient" disabled={saving}>
          <Save aria-hidden className="h-4 w-4" />
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/** /employer-profile: GET/PUT /api/employers/profile. */
export function EmployerProfilePage() {
  const { ready } = useEmployerGuard();
  const profile = useEmployerProfile(ready);

  if (!ready) return <PageLoader />;
  return (
    <PageShell>
      <AppHeader back={{ href: paths.employerDashboard, label: 'Back to Dashboard' }} title="Company Profile" right={<EmployerSignOutButton />} />
      <main>
        <PageContainer wide className="py-6">
          <div className="mx-auto max-w-3xl">
          {profile.isLoading ? <PageLoader /> : null}
          {profile.isError ? (
            <Card>
              <p className="text-sm text-rose-700">Could not load your profile: {errorMessage(profile.error)}</p>
              <Button size="sm" variant="outline" className="mt-3" onClick={() => void profile.refetch()}>
                Try again
              </Button>
            </Card>
          ) : null}
          {profile.data ? (
            <>
              <ProfileForm profile={profile.data} />
              <EmailNotificationsSection />
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
