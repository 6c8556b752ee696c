import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
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
    <section
      aria-labelledby="email-confirmation-heading"
      data-testid="email-confirmation-banner"
      className="flex gap-3 rounded-3xl border border-sky-200 bg-sky-50 p-4 text-sky-950"
    >
      <MailCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0 flex-1 text-sm">
        <h2 id="email-confirmation-heading" className="font-bold">
          Confirm your e-mail address: <span className="font-normal [overflow-wrap:anywhere]">we sent a link to {email}.</span>
        </h2>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            size="sm"
            variant="outline"
            disabled={resend.isPending}
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
            {resend.isPending ? 'Sending...' : 'Send a new link'}
          </Button>
          <p role="status" data-testid="email-confirmation-message" className="min-w-0 font-medium [overflow-wrap:anywhere] empty:hidden">
            {resend.isError ? resend.error.message : sentMessage}
          </p>
        </div>
      </div>
    </section>
  );
}
