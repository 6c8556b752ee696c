import { MailCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useResendEmailConfirmation } from '@/lib/email-confirmation';
import { AUTH_USER_KEY } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/stores/toast-store';
import { ns } from '../i18n';

/**
 * Shown while the employer's sign-up address is unconfirmed: where the link went, and a way to
 * send a new one (the server's answer is read out). Confirmed meanwhile (another tab): the
 * banner goes away with a toast saying so.
 */
export function EmailConfirmationBanner({ email }: { email: string }) {
  const { t } = useTranslation(ns);
  const resend = useResendEmailConfirmation();
  const sentMessage = resend.isSuccess ? resend.data?.message : null;
  return (
    <Notice
      headingId="email-confirmation-heading"
      testId="email-confirmation-banner"
      tone="info"
      icon={MailCheck}
      heading={
        <>
          {t('emailBanner.confirm')} <span className="font-normal [overflow-wrap:anywhere]">{t('emailBanner.sentTo', { email })}</span>
        </>
      }
    >
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          variant="outline"
          // Once sent, no second one from this page: the note says where it went and what to do.
          disabled={resend.isPending || resend.isSuccess}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (answer) => {
                // The server's answer is in the UI's language: a new link's names the address, 'already confirmed' does not.
                if (!answer.message.includes(email)) {
                  toast({ title: answer.message, variant: 'success' });
                  void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
                }
              },
            })
          }
        >
          {resend.isPending ? t('emailBanner.sending') : resend.isSuccess ? t('emailBanner.sent') : t('emailBanner.send')}
        </Button>
        <p role="status" data-testid="email-confirmation-message" className="min-w-0 font-medium [overflow-wrap:anywhere] empty:hidden">
          {resend.isError ? resend.error.message : sentMessage}
        </p>
        {resend.isSuccess ? (
          <p data-testid="email-confirmation-note" className="basis-full text-slate-700">
            {t('emailBanner.note')}
          </p>
        ) : null}
      </div>
    </Notice>
  );
}
