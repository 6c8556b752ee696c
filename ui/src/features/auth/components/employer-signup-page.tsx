import { Info } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { SelectField } from '@/components/ui/select-field';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { AUTH_USER_KEY } from '@/lib/auth';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid, normalizeUrl, pickFieldErrors, revealFirstInvalid } from '@/lib/validation';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { useCreateEmployer } from '../api/create-employer';
import { COMPANY_DESCRIPTION_MIN } from '../lib/limits';
import { COMPANY_SIZE_OPTIONS, INDUSTRY_OPTIONS } from '@/lib/options';
import { EMPLOYER_SIGNUP_FIELDS, validateEmployerSignup, type EmployerSignupValues } from '../lib/validation';
import { AuthCard, FormSection } from '@/components/layout/auth-card';

/** SPEC.md section 8's duplicate-email texts (the field's message, and the toast's). */
const DUPLICATE_EMAIL_FIELD_TEXT = 'An account with this email already exists';
const DUPLICATE_EMAIL_TEXT =
  'An account with this email already exists. Please use a different email address or try logging in.';

const initialValues: EmployerSignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  position: '',
  company: '',
  industry: '',
  companySize: '',
  website: '',
  address: '',
  companyDescription: '',
};

export function EmployerSignupPage() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(initialValues, validateEmployerSignup);
  const { values, errors } = form;
  const [submitting, setSubmitting] = useState(false);
  const createEmployer = useCreateEmployer();
  const setUserType = useSessionStore((s) => s.setUserType);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!form.validateAll()) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSubmitting(true);
    try {
      await createEmployer.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        position: values.position.trim(),
        company: values.company.trim(),
        companySize: values.companySize,
        industry: values.industry,
        website: values.website.trim() ? normalizeUrl(values.website) : null,
        address: values.address.trim(),
        companyDescription: values.companyDescription.trim(),
      });
      setUserType('employer');
      // The server signs the new employer in; refresh who is signed in.
      void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      toast({
        title: 'Account created successfully!',
        description: 'Welcome to InternReel! You can start posting internships.',
        variant: 'success',
      });
      navigate(paths.employerConfirmation);
    } catch (error) {
      setSubmitting(false);
      if (handleUnauthorized(error, { title: 'Unauthorized', delayMs: 500 })) return;
      const message = errorMessage(error) ?? '';
      const duplicate = (isApiError(error) && error.status === 409) || message.includes('already exists') || message.includes('23505');
      if (isApiError(error) || duplicate) {
        const fieldErrors = isApiError(error) ? pickFieldErrors(EMPLOYER_SIGNUP_FIELDS, error.errors) : {};
        if (duplicate) fieldErrors.email = DUPLICATE_EMAIL_FIELD_TEXT;
        if (Object.keys(fieldErrors).length) {
          // Rendered now, so the first message can be scrolled to and its field focused.
          flushSync(() => form.setErrors(fieldErrors));
          revealFirstInvalid(formRef.current);
        }
      }
      toast({
        title: 'Error creating account',
        description: duplicate ? DUPLICATE_EMAIL_TEXT : 'Please try again or contact support if the problem persists.',
        variant: 'destructive',
      });
    }
  };

  const descriptionLength = values.companyDescription.trim().length;

  return (
    <PageShell>
      <AppHeader back={{ href: paths.home, label: 'Back to home' }} title="Employer Sign Up" right={null} />
      <main>
        <PageContainer className="py-6">
          <AuthCard>
            <div className="mb-6 text-center">
              <h2 className="text-2xl font-extrabold tracking-tight text-slate-900">Hire your next great intern</h2>
              <p className="mt-1 text-sm text-slate-600">
                Create your employer account to post teen-friendly internships as short videos.
              </p>
            </div>
            <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-8" aria-label="Employer sign up">
              <FormSection title="Personal Information">
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField label="First name" autoComplete="given-name" error={errors.firstName} {...form.bind('firstName')} />
                  <TextField label="Last name" autoComplete="family-name" error={errors.lastName} {...form.bind('lastName')} />
                </div>
                <TextField label="Work email" type="email" autoComplete="email" inputMode="email" error={errors.email} {...form.bind('email')} />
                <PasswordField
                  label="Password"
                  autoComplete="new-password"
                  hint="At least 8 characters"
                  error={errors.password}
                  {...form.bind('password')}
                />
                <TextField
                  label="Your position"
                  autoComplete="organization-title"
                  placeholder="e.g. Marketing Manager"
                  error={errors.position}
                  {...form.bind('position')}
                />
              </FormSection>

              <FormSection title="Company Information">
                <TextField label="Company name" autoComplete="organization" error={errors.company} {...form.bind('company')} />
                <div className="grid gap-4 sm:grid-cols-2">
                  <SelectField
                    label="Industry"
                    name="industry"
                    placeholder="Select an industry"
                    options={INDUSTRY_OPTIONS}
                    value={values.industry}
                    onValueChange={(v) => form.setField('industry', v)}
                    error={errors.industry}
                  />
                  <SelectField
                    label="Company size"
                    name="companySize"
                    placeholder="Select company size"
                    options={COMPANY_SIZE_OPTIONS}
                    value={values.companySize}
                    onValueChange={(v) => form.setField('companySize', v)}
                    error={errors.companySize}
                  />
                </div>
                <TextField
                  label="Website"
                  optional
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://example.com"
                  error={errors.website}
                  {...form.bind('website')}
                />
                <TextField
                  label="Company address"
                  autoComplete="street-address"
                  placeholder="Street, city, state"
                  error={errors.address}
                  {...form.bind('address')}
                />
                <TextAreaField
                  label="Company description"
                  placeholder="What does your company do, and what will an intern learn with you?"
                  hint={`${descriptionLength}/${COMPANY_DESCRIPTION_MIN} characters minimum`}
                  error={errors.companyDescription}
                  {...form.bind('companyDescription')}
                />
              </FormSection>

              <div className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900">
                <Info aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                <p>
                  By creating an account, you agree to our{' '}
                  <Link href={paths.terms} className="font-semibold underline">
                    Terms of Service
                  </Link>{' '}
                  and{' '}
                  <Link href={paths.privacy} className="font-semibold underline">
                    Privacy Policy
                  </Link>
                  . Once your account is created, you can post internships right away.
                </p>
              </div>

              <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={submitting}>
                {submitting ? 'Creating Account...' : 'Create Account'}
              </Button>
              <p className="text-center text-sm text-slate-600">
                Already have an account?{' '}
                <Link href={paths.employerLogin} className="font-semibold text-brand-700 hover:underline">
                  Sign in
                </Link>
              </p>
            </form>
          </AuthCard>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default EmployerSignupPage;
