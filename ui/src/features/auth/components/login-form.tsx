import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { errorMessage } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid } from '@/lib/validation';
import { validateLogin, type LoginValues } from '../lib/validation';

interface LoginFormProps {
  label: string;
  /**
   * Resolves when signed in; rejects with the error to show under the form (the server's
   * message, e.g. a suspended employer's 403).
   */
  onSubmit: (values: LoginValues) => Promise<void>;
  footer?: ReactNode;
}

const initialValues: LoginValues = { email: '', password: '' };

export function LoginForm({ label, onSubmit, footer }: LoginFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(initialValues, validateLogin);
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
      setFormError(errorMessage(error) ?? 'Could not sign in. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-5" aria-label={label}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={form.errors.email}
        {...form.bind('email')}
      />
      <PasswordField label="Password" autoComplete="current-password" error={form.errors.password} {...form.bind('password')} />
      {formError ? (
        <p role="alert" data-testid="form-error" className="rounded-2xl border border-rose-200 bg-rose-50 p-3 text-sm font-medium text-rose-800">
          {formError}
        </p>
      ) : null}
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
      {footer}
    </form>
  );
}
