import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useResendEmailConfirmation } from '@/lib/email-confirmation';
import { AUTH_USER_KEY } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/stores/toast-store';

/**
 * Shown while the employer's sign-up address is unconfirmed: where the link went, and a way to
 * send a new one (the server's answer is read out). Confirmed meanwhile (another tab): the
 * banner goes away with a toast saying so.
 */
export function EmailConfirmationBanner({ email }: { email: string }) {
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
          Confirm your e-mail address: <span className="font-normal [overflow-wrap:anywhere]">we sent a link to {email}.</span>
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
                if (answer.message.toLowerCase().includes('already confirmed')) {
                  toast({ title: answer.message, variant: 'success' });
                  void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
                }
              },
            })
          }
        >
          {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Link sent' : 'Send a new link'}
        </Button>
        <p role="status" data-testid="email-confirmation-message" className="min-w-0 font-medium [overflow-wrap:anywhere] empty:hidden">
          {resend.isError ? resend.error.message : sentMessage}
        </p>
        {resend.isSuccess ? (
          <p data-testid="email-confirmation-note" className="basis-full text-slate-700">
            Check your inbox and spam folder. Only the newest link works; it is valid for 7 days.
          </p>
        ) : null}
      </div>
    </Notice>
  );
}
