import { KeyRound } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/password-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formsNs } from '@/lib/i18n/namespaces/forms';
import { useChangePassword, validateNewPassword } from '@/lib/passwords';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid, type Errors } from '@/lib/validation';
import { cn } from '@/lib/cn';
import { toast } from '@/stores/toast-store';
import { Section } from '@/components/ui/section';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const emptyValues: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

interface ChangePasswordSectionProps {
  /** The signed-in role's shortest password (students 6, employers 8: lib/passwords.ts). */
  minLength: number;
  /** The account's e-mail, for password managers (a hidden username field). */
  username?: string;
  className?: string;
}

/**
 * 'Change password' on the student and employer profiles: PUT /api/users/me/password. Other
 * sessions end; this one stays. A wrong current password (403) and the role's rule (400) show
 * at their fields.
 */
export function ChangePasswordSection({ minLength, username, className }: ChangePasswordSectionProps) {
  const { t } = useTranslation(formsNs);
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const validate = useCallback(
    (values: ChangePasswordValues): Errors<keyof ChangePasswordValues> => ({
      ...(values.currentPassword ? {} : { currentPassword: t('changePassword.noCurrent') }),
      ...validateNewPassword(values, minLength),
    }),
    [minLength, t],
  );
  const form = useForm(emptyValues, validate);
  const [formError, setFormError] = useState<string | undefined>();
  const change = useChangePassword();
  const pending = change.isPending;

  // The button is disabled while the call runs: give it focus back if the page lost it. A
  // frame later, so a refused field focused by the error handler (also a frame later) wins.
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) {
      window.requestAnimationFrame(() => {
        if (document.activeElement === null || document.activeElement === document.body) {
          submitRef.current?.focus();
        }
      });
    }
    wasPending.current = pending;
  }, [pending]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setFormError(undefined);
    if (!form.validateAll()) {
      focusFirstInvalid(formRef.current);
      return;
    }
    change.mutate(
      { currentPassword: form.values.currentPassword, newPassword: form.values.newPassword },
      {
        onSuccess: (answer) => {
          form.reset();
          // The server's answer, else the contract's text.
          toast({ title: answer?.message || t('changePassword.changed'), variant: 'success' });
        },
        onError: (failure) => {
          const message = errorMessage(failure) ?? t('changePassword.failed');
          if (isApiError(failure) && failure.status === 403) {
            form.setErrors({ currentPassword: message });
            focusFirstInvalid(formRef.current);
          } else if (isApiError(failure) && failure.status === 400) {
            const fields = failure.errors;
            if (fields?.currentPassword) form.setErrors({ currentPassword: fields.currentPassword });
            else form.setErrors({ newPassword: fields?.newPassword ?? message });
            focusFirstInvalid(formRef.current);
          } else if (isApiError(failure) && failure.status === 401) {
            setFormError(t('changePassword.signedOut'));
          } else {
            setFormError(message);
          }
        },
      },
    );
  };

  return (
    <Section headingId={headingId} icon={KeyRound} title={t('changePassword.title')} className={cn('mt-8', className)}>
      <Card>
        <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-labelledby={headingId}>
          <p className="text-sm text-slate-600">{t('changePassword.intro')}</p>
          {username ? <input type="text" name="username" autoComplete="username" value={username} readOnly hidden /> : null}
          <PasswordField
            label={t('changePassword.current')}
            toggleName={t('changePassword.currentToggle')}
            autoComplete="current-password"
            error={form.errors.currentPassword}
            announceError
            {...form.bind('currentPassword')}
          />
          <NewPasswordFields form={form} hint={t('changePassword.hint', { min: minLength })} />
          {formError ? (
            <p role="alert" className="rounded-2xl border border-rose-200 bg-rose-50 p-3 text-sm font-medium text-rose-800">
              {formError}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button ref={submitRef} type="submit" variant="primary" disabled={pending}>
              {pending ? t('changePassword.pending') : t('changePassword.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </Section>
  );
}
