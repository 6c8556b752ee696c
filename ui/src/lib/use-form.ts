import { useCallback, useState, type ChangeEvent } from 'react';
import { hasErrors, type Errors } from './validation';

type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A small form state: values, errors shown after the first submit (then kept live as the
 * user fixes them), and helpers to bind text inputs.
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

  /** Validate everything; true when the form may be sent. */
  const validateAll = (): boolean => {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    return !hasErrors(found);
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, setErrors, setField, setFields, bind, validateAll, reset };
}
