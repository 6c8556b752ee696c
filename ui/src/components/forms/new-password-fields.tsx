import type { Ref } from 'react';
import { PasswordField } from '@/components/ui/password-field';
import type { FieldBinders } from '@/lib/use-form';

interface NewPasswordFieldsProps {
  form: FieldBinders<'newPassword' | 'confirmPassword'>;
  /** The new password's rule, under it. */
  hint: string;
  newPasswordRef?: Ref<HTMLInputElement>;
}

/** A new password and its confirmation (reset link, change password); messages read out when they appear. */
export function NewPasswordFields({ form, hint, newPasswordRef }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        ref={newPasswordRef}
        label="New password"
        toggleName="new password"
        autoComplete="new-password"
        hint={hint}
        announceError
        {...form.field('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        toggleName="confirm new password"
        autoComplete="new-password"
        announceError
        {...form.field('confirmPassword')}
      />
    </>
  );
}
