import { useCallback, useState, type ChangeEvent } from 'react';
import { focusFirstInvalid, hasErrors, pickFieldErrors, type Errors } from './validation';

type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type ListKeys<V> = { [K in keyof V]: V[K] extends string[] ? K : never }[keyof V] & string;

/**
 * The one form layer: values, errors shown after the first submit (then kept live as the
 * user fixes them), and the props that bind a field (`TextField`, `TextAreaField`,
 * `PasswordField`) to its value and message. `validate` is usually `validator(schema)` with
 * the entity's schema from lib/schemas/ (a module constant, so it stays the same function).
 */
export function useForm<V extends object>(initial: V, validate: (values: V) => Errors<keyof V & string>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<keyof V & string>>({});
  const [submitted, setSubmitted] = useState(false);

  const setField = useCallback(
    <F extends keyof V>(field: F, value: V[F]) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (submitted) setErrors(validate(next));
    },
    [values, submitted, validate],
  );

  /** Several fields at once (one state update, so none of them is lost). */
  const setFields = useCallback(
    (patch: Partial<V>) => {
      const next = { ...values, ...patch };
      setValues(next);
      if (submitted) setErrors(validate(next));
    },
    [values, submitted, validate],
  );

  const bind = (field: StringKeys<V>) => ({
    name: field,
    value: values[field] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setField(field, e.target.value as V[typeof field]),
  });

  /** A text field's props: its name, value, change handler and message. */
  const field = (name: StringKeys<V>): FieldProps => ({ ...bind(name), error: errors[name] });

  /** A `SelectField`'s props: its name, value, change handler and message. */
  const select = (name: StringKeys<V>): SelectProps => ({
    name,
    value: values[name] as string,
    onValueChange: (value: string) => setField(name, value as V[typeof name]),
    error: errors[name],
  });

  /** A `CheckboxGroup`'s props: the chosen values, change handler and message. */
  const checks = (name: ListKeys<V>): CheckboxProps => ({
    value: values[name] as string[],
    onChange: (value: string[]) => setField(name, value as V[typeof name]),
    error: errors[name],
  });

  /**
   * Validate everything; true when the form may be sent. Given the form element, a refusal
   * moves keyboard focus to the first invalid control.
   */
  const validateAll = (formElement?: HTMLFormElement | null): boolean => {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const ok = !hasErrors(found);
    if (!ok && formElement !== undefined) focusFirstInvalid(formElement);
    return ok;
  };

  /** A server refusal's per-field messages (JSON field names) for the fields this form holds. */
  const serverErrors = (messages: Record<string, string> | undefined): Errors<keyof V & string> =>
    pickFieldErrors(Object.keys(values) as (keyof V & string)[], messages);

  const reset = () => {
    setValues(initial);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, setErrors, setField, setFields, bind, field, select, checks, validateAll, serverErrors, reset };
}

export interface FieldProps {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: string | undefined;
}

export interface SelectProps {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

export interface CheckboxProps {
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
}

/** The part of a form a shared field block needs: the binders of the fields it shows. */
export interface FieldBinders<T extends string, S extends string = never> {
  field: (name: T) => FieldProps;
  select: (name: S) => SelectProps;
}
