import { School } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Redirect, useLocation } from 'wouter';
import { AuthCard, AuthHeading } from '@/components/layout/auth-card';
import { GradeField, InterestsField, SchoolField } from '@/components/forms/student-fields';
import { Button, LinkButton } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { SpinnerBlock } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth';
import { validateSchoolSignup, type SchoolSignupValues } from '@/lib/schemas/student';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid } from '@/lib/validation';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { useSchools } from '../api/schools';
import { usePendingSchoolSignIn, useFinishSchoolSignup } from '../api/sso';
import { ns } from '../i18n';
import { SignupFrame } from './signup-frame';

const initialValues: SchoolSignupValues = { school: '', grade: '', interests: [] };

/**
 * /school-signup: a student's first sign-in with a school account. The name and e-mail come
 * from the school; the student gives grade, school and interests (the sign-up form's widgets),
 * then lands on the feed.
 */
export function SchoolSignupPage() {
  const { t } = useTranslation(ns);
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const pending = usePendingSchoolSignIn();
  const schools = useSchools();
  const finish = useFinishSchoolSignup();
  const form = useForm(initialValues, validateSchoolSignup);
  const setUserType = useSessionStore((s) => s.setUserType);
  const [formError, setFormError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (finish.isPending) return;
    if (!form.validateAll(formRef.current)) return;
    setFormError(undefined);
    try {
      const user = await finish.mutateAsync({
        grade: form.values.grade,
        school: form.values.school.trim(),
        interests: form.values.interests,
      });
      setUserType('student');
      setCurrentUser(user);
      toast({
        title: t('studentSignup.createdTitle'),
        description: t('studentSignup.createdText', { name: user.firstName }),
        variant: 'success',
      });
      navigate(paths.jobFeed);
    } catch (error) {
      const fieldErrors = isApiError(error) ? form.serverErrors(error.errors) : {};
      if (Object.keys(fieldErrors).length > 0) {
        form.setErrors(fieldErrors);
        focusFirstInvalid(formRef.current);
        return;
      }
      setFormError(errorMessage(error) ?? t('schoolSignup.failed'));
    }
  };

  const account = pending.data;
  // An existing account with this e-mail is linked by signing in with its password.
  if (account?.link) return <Redirect to={`${paths.login}?sso=link`} replace />;

  return (
    <SignupFrame title={t('studentSignup.title')}>
      <AuthCard>
        {pending.isLoading ? (
          <SpinnerBlock label={t('schoolSignup.loading')} className="py-10" />
        ) : !account ? (
          <div className="text-center">
            <AuthHeading
              icon={School}
              title={t('schoolSignup.heading')}
              text={pending.isError ? errorMessage(pending.error) : t('schoolSignup.expired')}
            />
            <LinkButton href={paths.login} variant="gradient">
              {t('schoolSignup.goToSignIn')}
            </LinkButton>
          </div>
        ) : (
          <>
            <AuthHeading icon={School} title={t('schoolSignup.heading')} text={t('schoolSignup.text')} />
            <div className="mb-6 rounded-2xl border border-slate-200 bg-slate-50 p-4 text-sm" data-testid="school-account">
              <dl className="grid gap-3 sm:grid-cols-2">
                <div className="min-w-0">
                  <dt className="font-semibold text-slate-600">{t('schoolSignup.name')}</dt>
                  <dd className="text-slate-900 [overflow-wrap:anywhere]">{account.name}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="font-semibold text-slate-600">{t('schoolSignup.email')}</dt>
                  <dd className="text-slate-900 [overflow-wrap:anywhere]">{account.email}</dd>
                </div>
              </dl>
              <p className="mt-2 text-xs text-slate-600">{t('schoolSignup.from', { provider: account.provider })}</p>
            </div>
            <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6" aria-label={t('schoolSignup.formLabel')}>
              <SchoolField form={form} schools={schools} />
              <GradeField form={form} />
              <InterestsField form={form} />
              {formError ? <FormAlert>{formError}</FormAlert> : null}
              <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={finish.isPending}>
                {finish.isPending ? t('schoolSignup.submitting') : t('schoolSignup.submit')}
              </Button>
            </form>
          </>
        )}
      </AuthCard>
    </SignupFrame>
  );
}

export default SchoolSignupPage;
