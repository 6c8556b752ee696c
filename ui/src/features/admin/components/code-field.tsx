import { forwardRef } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { TextField, type TextFieldProps } from '@/components/ui/field';
import { ns } from '../i18n';

/**
 * The 6-digit code of an authenticator app: a numeric keypad on phones, and the code the
 * phone's keyboard offers from a text message or a password manager.
 */
export const CodeField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label'> & { label?: string }>(function CodeField(
  { label, ...props },
  ref,
) {
  const { t } = useTranslation(ns);
  return (
    <TextField
      ref={ref}
      label={label ?? t('codeField.label')}
      inputMode="numeric"
      autoComplete="one-time-code"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      maxLength={20}
      {...props}
    />
  );
});
