import { Sparkles } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Redirect, useLocation } from 'wouter';
import { AuthCard, AuthHeading } from '@/components/layout/auth-card';
import { InterestsField } from '@/components/forms/student-fields';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { SpinnerBlock } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { asAccount, setCurrentUser, useUser } from '@/lib/auth';
import { validateInterests, type InterestsValues } from '@/lib/schemas/student';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid } from '@/lib/validation';
import { useSessionStore } from '@/stores/session-store';
import { useSetInterests } from '../api/student-login';
import { ns } from '../i18n';
import { SignupFrame } from './signup-frame';

const initialValues: InterestsValues = { interests: [] };

/**
 * /welcome: a student whose account the school made (the roster gives name, school and grade,
 * never interests) picks interests at the first sign-in, with the sign-up form's widget, and
 * then sees the feed ranked by them. Anyone else is sent where they belong.
 */
export function WelcomePage() {
  const { t } = useTranslation(ns);
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const { user, isLoading } = useUser();
  const save = useSetInterests();
  const form = useForm(initialValues, validateInterests);
  const setUserType = useSessionStore((s) => s.setUserType);
  const [formError, setFormError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const account = asAccount(user);

  if (isLoading) {
    return (
      <SignupFrame title={t('welcome.title')}>
        <SpinnerBlock label={t('welcome.loading')} className="py-10" />
      </SignupFrame>
    );
  }
  if (!account) return <Redirect to={paths.studentLogin} replace />;
  if (account.userType !== 'student' || (account.interests.length > 0 && !saved)) return <Redirect to={paths.jobFeed} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!form.validateAll(formRef.current)) return;
    setFormError(undefined);
    try {
      const updated = await save.mutateAsync(form.values.interests);
      setSaved(true);
      setUserType('student');
      setCurrentUser(updated);
      navigate(paths.jobFeed, { replace: true });
    } catch (error) {
      const fieldErrors = isApiError(error) ? form.serverErrors(error.errors) : {};
      if (Object.keys(fieldErrors).length > 0) {
        form.setErrors(fieldErrors);
        focusFirstInvalid(formRef.current);
        return;
      }
      setFormError(errorMessage(error) ?? t('welcome.failed'));
    }
  };

  return (
    <SignupFrame title={t('welcome.title')}>
      <AuthCard>
        <AuthHeading icon={Sparkles} title={t('welcome.heading')} text={t('welcome.text', { name: account.firstName })} />
        <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6" aria-label={t('welcome.formLabel')}>
          <InterestsField form={form} />
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={save.isPending}>
            {save.isPending ? t('welcome.submitting') : t('welcome.submit')}
          </Button>
        </form>
      </AuthCard>
    </SignupFrame>
  );
}

export default WelcomePage;
