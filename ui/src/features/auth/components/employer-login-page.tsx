import { Briefcase } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
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
import { RichText } from '@/components/ui/rich-text';
import { TextLink } from '@/components/ui/text-link';
import { ns } from '../i18n';
import { LoginForm } from './login-form';

export function EmployerLoginPage() {
  const { t } = useTranslation(ns);
  const [, navigate] = useLocation();
  const login = useEmployerLogin();
  const setUserType = useSessionStore((s) => s.setUserType);

  return (
    <PageShell>
      <AppHeader back={{ href: paths.roleSelection, label: t('employerLogin.back') }} title={t('employerLogin.title')} right={null} />
      <main>
        <PageContainer className="py-8">
          <AuthCard>
            <AuthHeading
              icon={Briefcase}
              iconClassName="bg-slate-900 text-white"
              title={t('employerLogin.heading')}
              text={t('employerLogin.text')}
            />
            <LoginForm
              label={t('employerLogin.formLabel')}
              forgotPasswordHref={paths.employerResetPassword}
              onSubmit={async (values) => {
                try {
                  const user = await login.mutateAsync(values);
                  setUserType('employer');
                  setCurrentUser(user);
                  toast({
                    title: t('employerLogin.welcomeTitle'),
                    description: t('employerLogin.welcomeText', { firstName: user.firstName, lastName: user.lastName }),
                    variant: 'success',
                  });
                  navigate(paths.employerDashboard);
                } catch (error) {
                  // A suspended employer's 403 names the district and the reason: shown as it is.
                  const description = errorMessage(error) ?? t('employerLogin.failedText');
                  toast({ title: t('employerLogin.failedTitle'), description, variant: 'destructive' });
                  throw new Error(description, { cause: error });
                }
              }}
              footer={
                <div className="space-y-2 text-center text-sm text-slate-600">
                  <p>
                    <RichText
                      text={t('employerLogin.signup')}
                      tags={{ signup: (inner) => <TextLink href={paths.employerSignup}>{inner}</TextLink> }}
                    />
                  </p>
                  <p>
                    <Link href={paths.help} className="font-semibold text-slate-700 hover:underline">
                      {t('employerLogin.help')}
                    </Link>
                  </p>
                </div>
              }
            />
          </AuthCard>
          <p className="mt-6 text-center text-sm text-slate-500">
            <RichText
              text={t('employerLogin.student')}
              tags={{
                student: (inner) => (
                  <Link href={paths.studentLogin} className="font-semibold text-slate-700 hover:underline">
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

export default EmployerLoginPage;
