import { CheckCircle2, MailWarning } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearch } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { useConfirmEmail } from '@/lib/email-confirmation';
import { AuthCard } from '@/components/layout/auth-card';
import { ns } from '../i18n';

/**
 * `/confirm-email?token=...`: the employer's sign-up e-mail link. The token is sent once on
 * arrival and the server's answer is read out; the way on is the dashboard for a signed-in
 * employer, else the employer sign-in.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation(ns);
  const token = new URLSearchParams(useSearch()).get('token')?.trim() || null;
  const { user } = useUser();
  const confirm = useConfirmEmail();
  const { mutate } = confirm;

  // One attempt per token (a token is single use, and React may run effects twice in development).
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  const ok = confirm.isSuccess;
  const failed = !token || confirm.isError;
  const message = !token ? t('confirmEmail.missingToken') : ok ? confirm.data?.message : confirm.isError ? confirm.error.message : null;
  const employer = user?.userType === 'employer';

  return (
    <PageShell>
      <AppHeader right={null} />
      <main>
        <PageContainer className="py-10">
          <AuthCard className="text-center">
            <span
              aria-hidden
              className={
                failed
                  ? 'mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-rose-100 text-rose-700'
                  : 'mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700'
              }
            >
              {failed ? <MailWarning className="h-8 w-8" /> : <CheckCircle2 className="h-8 w-8" />}
            </span>
            <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-slate-900">{t('confirmEmail.heading')}</h1>
            {/* The outcome arrives after the page: announced when it does. */}
            <div role="status" aria-live="polite" data-testid="confirm-email-status" className="mt-3 min-h-6 text-slate-700">
              {message ? (
                <p className={failed ? 'font-medium text-rose-700' : 'font-medium text-emerald-800'}>{message}</p>
              ) : (
                <span className="inline-flex items-center gap-2 text-slate-600">
                  <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
                  {t('confirmEmail.confirming')}
                </span>
              )}
            </div>
            {message ? (
              <div className="mt-6 flex justify-center">
                {employer ? (
                  <LinkButton href={paths.employerDashboard} variant="gradient">
                    {t('confirmEmail.dashboard')}
                  </LinkButton>
                ) : (
                  <LinkButton href={paths.employerLogin} variant="gradient">
                    {t('confirmEmail.signIn')}
                  </LinkButton>
                )}
              </div>
            ) : null}
          </AuthCard>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default ConfirmEmailPage;
