import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from '@/components/ui/field';

export const CODE_LABEL = 'Code from your authenticator app';

/**
 * The 6-digit code of an authenticator app: a numeric keypad on phones, and the code the
 * phone's keyboard offers from a text message or a password manager.
 */
export const CodeField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label'> & { label?: string }>(function CodeField(
  { label = CODE_LABEL, ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      label={label}
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
