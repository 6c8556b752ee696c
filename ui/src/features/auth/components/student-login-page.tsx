import { GraduationCap } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { ContinueWith } from '@/components/forms/continue-with';
import { SsoRefusal } from '@/components/forms/sso-refusal';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth';
import { toast } from '@/stores/toast-store';
import { usePendingSchoolSignIn, useSsoConfig } from '../api/sso';
import { afterStudentSignIn, useStudentLogin } from '../api/student-login';
import { AuthCard, AuthHeading } from '@/components/layout/auth-card';
import { RichText } from '@/components/ui/rich-text';
import { TextLink } from '@/components/ui/text-link';
import { ns } from '../i18n';
import { LoginForm } from './login-form';

/** /login (reached as /login?type=student). */
export function StudentLoginPage() {
  const { t } = useTranslation([ns, 'common']);
  const [, navigate] = useLocation();
  const search = useSearch();
  const login = useStudentLogin();
  const params = new URLSearchParams(search);
  const linking = params.get('sso') === 'link';
  const sso = useSsoConfig();
  const pending = usePendingSchoolSignIn(linking);
  const linkTo = linking && pending.data?.link ? pending.data : null;

  // /login?type=employer is the employer's sign-in.
  if (params.get('type') === 'employer') return <Redirect to={paths.employerLogin} replace />;

  return (
    <PageShell>
      <AppHeader back={{ href: paths.home, label: t('common:actions.backToHome') }} title={t('studentLogin.title')} right={null} />
      <main>
        <PageContainer className="py-8">
          <AuthCard>
            <AuthHeading icon={GraduationCap} title={t('studentLogin.heading')} text={t('studentLogin.text')} />
            <SsoRefusal search={params} providers={sso.isLoading ? undefined : sso.studentProviders} />
            {linkTo ? (
              <p data-testid="sso-link" className="mb-5 rounded-2xl border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
                <RichText
                  text={t('studentLogin.linkAccount')}
                  tags={{ email: () => <strong className="[overflow-wrap:anywhere]">{linkTo.email}</strong> }}
                />
              </p>
            ) : (
              <ContinueWith providers={sso.studentProviders} role="student" className="mb-5" />
            )}
            <LoginForm
              // The account to link arrives after the page: the form starts again from its e-mail.
              key={linkTo?.email ?? ''}
              initialEmail={linkTo?.email}
              label={t('studentLogin.formLabel')}
              forgotPasswordHref={paths.resetPassword}
              onSubmit={async (values) => {
                try {
                  const user = await login.mutateAsync(values);
                  setCurrentUser(user);
                  toast({
                    title: t('studentLogin.welcomeTitle'),
                    description: t('studentLogin.welcomeText', { name: user.firstName }),
                    variant: 'success',
                  });
                  navigate(afterStudentSignIn(user));
                } catch (error) {
                  const description = errorMessage(error) ?? t('studentLogin.failedText');
                  toast({ title: t('studentLogin.failedTitle'), description, variant: 'destructive' });
                  throw new Error(description, { cause: error });
                }
              }}
              footer={
                <p className="text-center text-sm text-slate-600">
                  <RichText
                    text={t('studentLogin.signup')}
                    tags={{ signup: (inner) => <TextLink href={paths.studentSignup}>{inner}</TextLink> }}
                  />
                </p>
              }
            />
          </AuthCard>
          <p className="mt-6 text-center text-sm text-slate-500">
            <RichText
              text={t('studentLogin.employer')}
              tags={{
                employer: (inner) => (
                  <Link href={paths.employerLogin} className="font-semibold text-slate-700 hover:underline">
                    {inner}
                  </Link>
                ),
              }}
            />
          </p>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default StudentLoginPage;
