import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';
import { describedBy, FieldShell, inputClasses } from './field';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id?: string;
  /** Render the error as an alert (role=alert), announced when it appears. */
  announceError?: boolean;
  /**
   * What the show/hide toggle names ('Show {toggleName}'), for screens with several password
   * fields; 'password' by default.
   */
  toggleName?: string;
}

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, error, hint, id, announceError, toggleName, className, ...props },
  ref,
) {
  const { t } = useTranslation();
  const name = toggleName ?? t('password.name');
  const autoId = useId();
  const fieldId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} announceError={announceError}>
      <div className="relative">
        <input
          ref={ref}
          id={fieldId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          className={cn(inputClasses, 'pr-12', className)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('password.hide', { name }) : t('password.show', { name })}
          aria-pressed={visible}
          className="absolute inset-y-0 right-1 my-auto flex h-10 w-10 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          {visible ? <EyeOff aria-hidden className="h-5 w-5" /> : <Eye aria-hidden className="h-5 w-5" />}
        </button>
      </div>
    </FieldShell>
  );
});
