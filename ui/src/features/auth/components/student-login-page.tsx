import { GraduationCap } from 'lucide-react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { ContinueWith } from '@/components/forms/continue-with';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth';
import { toast } from '@/stores/toast-store';
import { usePendingSchoolSignIn, useSsoConfig } from '../api/sso';
import { useStudentLogin } from '../api/student-login';
import { AuthCard, AuthHeading } from '@/components/layout/auth-card';
import { TextLink } from '@/components/ui/text-link';
import { LoginForm } from './login-form';

/** /login (reached as /login?type=student). */
export function StudentLoginPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const login = useStudentLogin();
  const params = new URLSearchParams(search);
  const ssoError = params.get('ssoError')?.trim() || null;
  const linking = params.get('sso') === 'link';
  const sso = useSsoConfig();
  const pending = usePendingSchoolSignIn(linking);
  const linkTo = linking && pending.data?.link ? pending.data : null;

  // /login?type=employer is the employer's sign-in.
  if (params.get('type') === 'employer') return <Redirect to={paths.employerLogin} replace />;

  return (
    <PageShell>
      <AppHeader back={{ href: paths.home, label: 'Back to home' }} title="Student Sign In" right={null} />
      <main>
        <PageContainer className="py-8">
          <AuthCard>
            <AuthHeading icon={GraduationCap} title="Welcome back" text="Sign in to pick up where you left off." />
            {ssoError ? (
              <FormAlert testId="sso-error" className="mb-5">
                {ssoError}
              </FormAlert>
            ) : null}
            {linkTo ? (
              <p data-testid="sso-link" className="mb-5 rounded-2xl border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
                An account with <strong className="[overflow-wrap:anywhere]">{linkTo.email}</strong> already exists. Sign in with its
                password once to link your school account.
              </p>
            ) : (
              <ContinueWith providers={sso.studentProviders} role="student" className="mb-5" />
            )}
            <LoginForm
              // The account to link arrives after the page: the form starts again from its e-mail.
              key={linkTo?.email ?? ''}
              initialEmail={linkTo?.email}
              label="Student sign in"
              forgotPasswordHref={paths.resetPassword}
              onSubmit={async (values) => {
                try {
                  const user = await login.mutateAsync(values);
                  setCurrentUser(user);
                  toast({ title: 'Welcome back!', description: `Hello ${user.firstName}!`, variant: 'success' });
                  navigate(paths.jobFeed);
                } catch (error) {
                  const description = errorMessage(error) ?? 'Invalid username or password. Please try again.';
                  toast({ title: 'Login Failed', description, variant: 'destructive' });
                  throw new Error(description, { cause: error });
                }
              }}
              footer={
                <p className="text-center text-sm text-slate-600">
                  Don&apos;t have an account? <TextLink href={paths.studentSignup}>Sign up here</TextLink>
                </p>
              }
            />
          </AuthCard>
          <p className="mt-6 text-center text-sm text-slate-500">
            Hiring?{' '}
            <Link href={paths.employerLogin} className="font-semibold text-slate-700 hover:underline">
              Employer sign in
            </Link>
          </p>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default StudentLoginPage;
