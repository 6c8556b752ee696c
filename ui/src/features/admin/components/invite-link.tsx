import { Copy, MailCheck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { ns } from '../i18n';

/**
 * A staff member's invite link after it was made (a new account, or two-factor reset): shown
 * read-only with Copy, for handing over another way than the e-mail that also carries it.
 */
export function InviteLink({ name, email, url }: { name: string; email: string; url: string }) {
  const { t } = useTranslation(ns);
  const id = useId();
  // Made just now by the admin's click: brought into view, the link focused (and selected) for copying.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
    inputRef.current?.scrollIntoView({
      block: 'center',
      behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
  }, [url]);
  return (
    <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950" data-testid="invite-link">
      <p className="flex items-center gap-2 font-semibold">
        <MailCheck aria-hidden className="h-4 w-4 shrink-0" />
        {t('inviteLink.sent', { name })}
      </p>
      <p className="mt-1 [overflow-wrap:anywhere]">{t('inviteLink.emailed', { email, name })}</p>
      <label htmlFor={id} className="mt-3 block font-semibold">
        {t('inviteLink.label', { name })}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className={cn(inputClasses, 'min-w-0 flex-1 basis-56 py-2 font-mono text-sm')}
        />
        <Button variant="outline" onClick={() => void copyText(url, t('inviteLink.copied'))}>
          <Copy aria-hidden className="h-4 w-4" />
          {t('inviteLink.copy')}
        </Button>
      </div>
    </div>
  );
}
