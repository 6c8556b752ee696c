import { Briefcase } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { useEmployerLogin } from '../api/employer-login';
import { AuthCard, AuthHeading } from '@/components/layout/auth-card';
import { TextLink } from '@/components/ui/text-link';
import { LoginForm } from './login-form';

export function EmployerLoginPage() {
  const [, navigate] = useLocation();
  const login = useEmployerLogin();
  const setUserType = useSessionStore((s) => s.setUserType);

  return (
    <PageShell>
      <AppHeader back={{ href: paths.roleSelection, label: 'Back to role selection' }} title="Employer Sign In" right={null} />
      <main>
        <PageContainer className="py-8">
          <AuthCard>
            <AuthHeading
              icon={Briefcase}
              iconClassName="bg-slate-900 text-white"
              title="Employer sign in"
              text="Manage your postings and review applicants."
            />
            <LoginForm
              label="Employer sign in"
              forgotPasswordHref={paths.employerResetPassword}
              onSubmit={async (values) => {
                try {
                  const user = await login.mutateAsync(values);
                  setUserType('employer');
                  setCurrentUser(user);
                  toast({
                    title: 'Welcome back!',
                    description: `Logged in as ${user.firstName} ${user.lastName}`,
                    variant: 'success',
                  });
                  navigate(paths.employerDashboard);
                } catch (error) {
                  // A suspended employer's 403 names the district and the reason: shown as it is.
                  const description = errorMessage(error) ?? 'Please check your credentials and try again.';
                  toast({ title: 'Login failed', description, variant: 'destructive' });
                  throw new Error(description, { cause: error });
                }
              }}
              footer={
                <div className="space-y-2 text-center text-sm text-slate-600">
                  <p>
                    New to InternReel? <TextLink href={paths.employerSignup}>Create Account</TextLink>
                  </p>
                  <p>
                    <Link href={paths.help} className="font-semibold text-slate-700 hover:underline">
                      Need help signing in?
                    </Link>
                  </p>
                </div>
              }
            />
          </AuthCard>
          <p className="mt-6 text-center text-sm text-slate-500">
            Are you a student?{' '}
            <Link href={paths.studentLogin} className="font-semibold text-slate-700 hover:underline">
              Student sign in
            </Link>
          </p>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default EmployerLoginPage;
