import { Info } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { CompanyFields } from '@/components/forms/company-fields';
import { NameFields } from '@/components/forms/name-fields';
import { TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { AUTH_USER_KEY } from '@/lib/auth';
import { validateEmployerSignup, type EmployerSignupValues } from '@/lib/schemas/employer';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useForm } from '@/lib/use-form';
import { normalizeUrl, revealFirstInvalid } from '@/lib/validation';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { useCreateEmployer } from '../api/create-employer';
import { AuthCard, AuthHeading, FormSection } from '@/components/layout/auth-card';
import { SignupSubmit } from './signup-submit';
import { SignupFrame } from './signup-frame';

/** SPEC.md section 8's duplicate-email texts (the field's message, and the toast's). */
const DUPLICATE_EMAIL_FIELD_TEXT = 'An account with this email already exists';
const DUPLICATE_EMAIL_TEXT = 'An account with this email already exists. Please use a different email address or try logging in.';

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
  const { values } = form;
  const [submitting, setSubmitting] = useState(false);
  const createEmployer = useCreateEmployer();
  const setUserType = useSessionStore((s) => s.setUserType);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!form.validateAll(formRef.current)) return;
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
        const fieldErrors = isApiError(error) ? form.serverErrors(error.errors) : {};
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

  return (
    <SignupFrame title="Employer Sign Up">
      <AuthCard>
        <AuthHeading
          title="Hire your next great intern"
          text="Create your employer account to post teen-friendly internships as short videos."
        />
        <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-8" aria-label="Employer sign up">
          <FormSection title="Personal Information">
            <NameFields form={form} />
            <TextField label="Work email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
            <PasswordField label="Password" autoComplete="new-password" hint="At least 8 characters" {...form.field('password')} />
            <TextField
              label="Your position"
              autoComplete="organization-title"
              placeholder="e.g. Marketing Manager"
              {...form.field('position')}
            />
          </FormSection>

          <FormSection title="Company Information">
            <CompanyFields form={form} industry={values.industry} description={values.companyDescription} variant="signup" />
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
              . Once your account is created you can post internships; students see them after your district has reviewed your company. We
              also e-mail you a link to confirm your address.
            </p>
          </div>

          <SignupSubmit submitting={submitting} loginHref={paths.employerLogin} />
        </form>
      </AuthCard>
    </SignupFrame>
  );
}

export default EmployerSignupPage;
