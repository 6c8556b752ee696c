import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { errorMessage } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid } from '@/lib/validation';
import { ns } from '../i18n';
import { validateLogin, type LoginValues } from '../lib/validation';

interface LoginFormProps {
  label: string;
  /**
   * Resolves when signed in; rejects with the error to show under the form (the server's
   * message, e.g. a suspended employer's 403).
   */
  onSubmit: (values: LoginValues) => Promise<void>;
  /** Where 'Forgot password?' (under the password field) leads. */
  forgotPasswordHref: string;
  footer?: ReactNode;
  /** The e-mail to start from (the account a school sign-in asks to link). */
  initialEmail?: string;
}

export function LoginForm({ label, onSubmit, forgotPasswordHref, footer, initialEmail = '' }: LoginFormProps) {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<LoginValues>({ email: initialEmail, password: '' }, validateLogin);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!form.validateAll()) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setPending(true);
    setFormError(undefined);
    try {
      await onSubmit({ email: form.values.email.trim(), password: form.values.password });
    } catch (error) {
      setFormError(errorMessage(error) ?? t('login.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-5" aria-label={label}>
      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={form.errors.email}
        {...form.bind('email')}
      />
      <div>
        <PasswordField
          label={t('login.password')}
          autoComplete="current-password"
          error={form.errors.password}
          {...form.bind('password')}
        />
        <p className="mt-2 text-right text-sm">
          <Link href={forgotPasswordHref} className="inline-block py-1 font-semibold text-brand-700 hover:underline">
            {t('login.forgotPassword')}
          </Link>
        </p>
      </div>
      {formError ? <FormAlert testId="form-error">{formError}</FormAlert> : null}
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={pending}>
        {pending ? t('login.submitting') : t('login.submit')}
      </Button>
      {footer}
    </form>
  );
}
