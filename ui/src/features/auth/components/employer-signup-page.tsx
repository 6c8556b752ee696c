import { Info } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { CompanyFields } from '@/components/forms/company-fields';
import { NameFields } from '@/components/forms/name-fields';
import { TextField } from '@/components/ui/field';
import { RichText } from '@/components/ui/rich-text';
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
import { ns } from '../i18n';
import { SignupFrame } from './signup-frame';

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
  const { t } = useTranslation(ns);
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
        title: t('employerSignup.createdTitle'),
        description: t('employerSignup.createdText'),
        variant: 'success',
      });
      navigate(paths.employerConfirmation);
    } catch (error) {
      setSubmitting(false);
      if (handleUnauthorized(error, { title: t('signup.unauthorized'), delayMs: 500 })) return;
      const message = errorMessage(error) ?? '';
      const duplicate = (isApiError(error) && error.status === 409) || message.includes('already exists') || message.includes('23505');
      if (isApiError(error) || duplicate) {
        const fieldErrors = isApiError(error) ? form.serverErrors(error.errors) : {};
        // A taken address gets its own texts: the field's message, and the toast's.
        if (duplicate) fieldErrors.email = t('signup.duplicateEmailField');
        if (Object.keys(fieldErrors).length) {
          // Rendered now, so the first message can be scrolled to and its field focused.
          flushSync(() => form.setErrors(fieldErrors));
          revealFirstInvalid(formRef.current);
        }
      }
      toast({
        title: t('employerSignup.failedTitle'),
        description: duplicate ? t('signup.duplicateEmail') : t('employerSignup.failedText'),
        variant: 'destructive',
      });
    }
  };

  return (
    <SignupFrame title={t('employerSignup.title')}>
      <AuthCard>
        <AuthHeading title={t('employerSignup.heading')} text={t('employerSignup.text')} />
        <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-8" aria-label={t('employerSignup.formLabel')}>
          <FormSection title={t('employerSignup.personal')}>
            <NameFields form={form} />
            <TextField label={t('employerSignup.workEmail')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
            <PasswordField
              label={t('signup.password')}
              autoComplete="new-password"
              hint={t('employerSignup.passwordHint')}
              {...form.field('password')}
            />
            <TextField
              label={t('employerSignup.position')}
              autoComplete="organization-title"
              placeholder={t('employerSignup.positionPlaceholder')}
              {...form.field('position')}
            />
          </FormSection>

          <FormSection title={t('employerSignup.company')}>
            <CompanyFields form={form} industry={values.industry} description={values.companyDescription} variant="signup" />
          </FormSection>

          <div className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900">
            <Info aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
            <p>
              <RichText
                text={t('employerSignup.agreement')}
                tags={{
                  terms: (inner) => (
                    <Link href={paths.terms} className="font-semibold underline">
                      {inner}
                    </Link>
                  ),
                  privacy: (inner) => (
                    <Link href={paths.privacy} className="font-semibold underline">
                      {inner}
                    </Link>
                  ),
                }}
              />
            </p>
          </div>

          <SignupSubmit submitting={submitting} loginHref={paths.employerLogin} />
        </form>
      </AuthCard>
    </SignupFrame>
  );
}

export default EmployerSignupPage;
