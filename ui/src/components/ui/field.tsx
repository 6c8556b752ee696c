import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';

export const inputClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 ' +
  'placeholder:text-slate-500 shadow-sm transition focus:border-brand-600 focus:outline-none focus:ring-4 ' +
  'focus:ring-brand-600/25 aria-[invalid=true]:border-rose-500 aria-[invalid=true]:focus:ring-rose-500/15';

/** A field's error message; `announce` makes it an alert, read out as soon as it appears. */
export function FieldError({ id, message, announce = false }: { id: string; message?: string; announce?: boolean }) {
  if (!message) return null;
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="mt-1.5 text-sm font-medium text-rose-600">
      {message}
    </p>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-xs text-slate-500">
      {children}
    </p>
  );
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  /** Render the error as an alert (role=alert), announced when it appears. */
  announceError?: boolean;
  children: ReactNode;
  className?: string;
}

/** Label, control, hint and error, laid out the same everywhere. */
export function FieldShell({ id, label, error, hint, optional, announceError, children, className }: FieldShellProps) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <label id={`${id}-label`} htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {optional ? <span className="ml-1 font-normal text-slate-500">{t('field.optional')}</span> : null}
      </label>
      {children}
      {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
      <FieldError id={`${id}-error`} message={error} announce={announceError} />
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  /** Render the error as an alert (role=alert), announced when it appears. */
  announceError?: boolean;
  id?: string;
  containerClassName?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, optional, announceError, id, className, containerClassName, ...props },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      optional={optional}
      announceError={announceError}
      className={containerClassName}
    >
      <input
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={cn(inputClasses, className)}
        {...props}
      />
    </FieldShell>
  );
});

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  id?: string;
  containerClassName?: string;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, optional, id, className, containerClassName, ...props },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} optional={optional} className={containerClassName}>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={cn(inputClasses, 'min-h-28 resize-y', className)}
        {...props}
      />
    </FieldShell>
  );
});
