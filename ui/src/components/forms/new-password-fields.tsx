import type { Ref } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { PasswordField } from '@/components/ui/password-field';
import { formsNs } from '@/lib/i18n/namespaces/forms';
import type { FieldBinders } from '@/lib/use-form';

interface NewPasswordFieldsProps {
  form: FieldBinders<'newPassword' | 'confirmPassword'>;
  /** The new password's rule, under it. */
  hint: string;
  newPasswordRef?: Ref<HTMLInputElement>;
}

/** A new password and its confirmation (reset link, change password); messages read out when they appear. */
export function NewPasswordFields({ form, hint, newPasswordRef }: NewPasswordFieldsProps) {
  const { t } = useTranslation(formsNs);
  return (
    <>
      <PasswordField
        ref={newPasswordRef}
        label={t('newPassword.label')}
        toggleName={t('newPassword.toggle')}
        autoComplete="new-password"
        hint={hint}
        announceError
        {...form.field('newPassword')}
      />
      <PasswordField
        label={t('newPassword.confirm')}
        toggleName={t('newPassword.confirmToggle')}
        autoComplete="new-password"
        announceError
        {...form.field('confirmPassword')}
      />
    </>
  );
}
