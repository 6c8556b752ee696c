import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { useForm } from '@/lib/use-form';
import { focusFirstInvalid } from '@/lib/validation';
import { validateLogin, type LoginValues } from '../lib/validation';

interface LoginFormProps {
  label: string;
  /** Resolves when signed in; rejects with the error to show. */
  onSubmit: (values: LoginValues) => Promise<void>;
  footer?: ReactNode;
}

const initialValues: LoginValues = { email: '', password: '' };

export function LoginForm({ label, onSubmit, footer }: LoginFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(initialValues, validateLogin);
  const [pending, setPending] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!form.validateAll()) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setPending(true);
    try {
      await onSubmit({ email: form.values.email.trim(), password: form.values.password });
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
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
      {footer}
    </form>
  );
}
