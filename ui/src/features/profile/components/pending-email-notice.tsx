import { MailCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';
import { ns } from '../i18n';

/**
 * A new e-mail address waits for the link sent to it (PUT /api/users/{id} answers
 * `pendingEmail`); until it is opened the account keeps the current address.
 */
export function PendingEmailNotice({ pendingEmail, className }: { pendingEmail: string | null | undefined; className?: string }) {
  const { t } = useTranslation(ns);
  if (!pendingEmail) return null;
  return (
    <p
      role="status"
      data-testid="pending-email"
      className={cn(
        'flex items-start gap-2 rounded-2xl bg-amber-50 px-3 py-2 text-left text-sm font-medium text-amber-900 [overflow-wrap:anywhere]',
        className,
      )}
    >
      <MailCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{t('pendingEmail', { email: pendingEmail })}</span>
    </p>
  );
}
