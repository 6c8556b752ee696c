import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { required, validator } from '@/lib/validation';
import { ns } from '../i18n';
import { showFieldErrors } from '../lib/format';

export const REASON_MAX = 500;

interface ReasonFormProps {
  /** The button that opens the form, and the form's name. */
  openLabel: string;
  label: string;
  hint?: string;
  submitLabel: string;
  /** The message when the reason is left blank. */
  blankMessage: string;
  /** Sends the reason; a refusal's field message (`reason`) stands on the field. */
  onSubmit: (reason: string) => Promise<unknown>;
  destructive?: boolean;
  /** The button that closes the form without sending ('Cancel' by default). */
  dismissLabel?: string;
  /** The alert when sending fails without a message of its own. */
  failedMessage?: string;
  /** The opening button's look. */
  openVariant?: 'outline' | 'secondary' | 'destructive';
  openSize?: 'sm' | 'md';
  /** A fuller name of the opening button and the form (containing `openLabel`). */
  name?: string;
}

/** An action that needs a reason (cancel, end early, decline, return): a button, then the form. */
export function ReasonForm({
  openLabel,
  label,
  hint,
  submitLabel,
  blankMessage,
  onSubmit,
  destructive = true,
  dismissLabel,
  failedMessage,
  openVariant = 'outline',
  openSize = 'md',
  name,
}: ReasonFormProps) {
  const { t } = useTranslation([ns, 'common']);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const validate = useMemo(() => validator<{ reason: string }>({ reason: required(blankMessage) }), [blankMessage]);
  const form = useForm({ reason: '' }, validate);
  // Closed again: focus goes back to the button that opened the form.
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (closed && !open) openRef.current?.focus();
  }, [closed, open]);

  const close = () => {
    form.reset();
    setAlert(undefined);
    setOpen(false);
    setClosed(true);
  };

  if (!open) {
    return (
      <Button ref={openRef} variant={openVariant} size={openSize} aria-label={name} onClick={() => setOpen(true)}>
        {openLabel}
      </Button>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !form.validateAll(formRef.current)) return;
    setAlert(undefined);
    setPending(true);
    try {
      await onSubmit(form.values.reason.trim());
      close();
    } catch (error) {
      if (!showFieldErrors(form, formRef.current, error, { reason: 'reason', comment: 'reason' })) {
        setAlert(errorMessage(error) ?? failedMessage ?? t('reason.failed'));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={name ?? openLabel}
      className="w-full space-y-3 rounded-2xl border border-slate-200 bg-white p-3"
    >
      <TextAreaField
        label={label}
        hint={hint ?? t('reason.hint', { max: REASON_MAX })}
        maxLength={REASON_MAX}
        className="min-h-20"
        autoFocus
        {...form.field('reason')}
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={pending}>
          {submitLabel}
        </Button>
        <Button variant="outline" disabled={pending} onClick={close}>
          {dismissLabel ?? t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
