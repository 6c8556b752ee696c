/** Small shared checks used by the forms' rule lists. */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim());
}

/** Adds https:// when a website is typed without a scheme ("acme.com"). */
export function normalizeUrl(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export function isValidUrl(value: string): boolean {
  const normalized = normalizeUrl(value);
  if (!normalized) return false;
  try {
    const url = new URL(normalized);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * A rule's message: a text, or a function giving it in the current language when the rule
 * runs (`() => i18n.t('posting.titleRequired', { ns })`; ui/README.md, Languages).
 */
export type Message = string | (() => string);

const say = (message: Message): string => (typeof message === 'function' ? message() : message);

/** One field's rule: the message shown when the value is refused, else undefined. */
export type Rule<T> = (value: T) => string | undefined;

/**
 * One entity's rules (lib/schemas/: student, employer, posting), each message written once. Every form that edits the entity checks the fields it holds with the same schema.
 */
export type Schema<V> = { readonly [K in keyof V]?: Rule<V[K]> };

/** The form's check from a schema: each field the values hold, by its rule. */
export function validator<V extends object>(schema: Schema<V>): (values: V) => Errors<keyof V & string> {
  return (values) => {
    const errors: Errors<keyof V & string> = {};
    for (const field of Object.keys(values) as (keyof V & string)[]) {
      const message = schema[field]?.(values[field]);
      if (message) errors[field] = message;
    }
    return errors;
  };
}

/** Text that must not be blank. */
export const required =
  (message: Message): Rule<string> =>
  (value) =>
    value.trim() ? undefined : say(message);

/** A select that must have a choice. */
export const chosen =
  (message: Message): Rule<string> =>
  (value) =>
    value ? undefined : say(message);

/** At least `min` characters (leading and trailing spaces do not count unless `trim` is false). */
export const minLength =
  (min: number, message: Message, trim = true): Rule<string> =>
  (value) =>
    (trim ? value.trim() : value).length < min ? say(message) : undefined;

export const email =
  (message: Message): Rule<string> =>
  (value) =>
    isValidEmail(value) ? undefined : say(message);

/** Empty, or a website (https:// is added when left out). */
export const optionalUrl =
  (message: Message): Rule<string> =>
  (value) =>
    value.trim() && !isValidUrl(value) ? say(message) : undefined;

export function hasErrors<K extends string>(errors: Errors<K>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Merge server-side field errors (JSON field names) into a form's errors, for known fields only. */
export function pickFieldErrors<K extends string>(fields: readonly K[], serverErrors: Record<string, string> | undefined): Errors<K> {
  const out: Errors<K> = {};
  if (!serverErrors) return out;
  for (const field of fields) {
    const message = serverErrors[field];
    if (message) out[field] = message;
  }
  return out;
}

/** Move keyboard focus to the first invalid control after a failed submit. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  if (!form) return;
  // Once the messages have rendered: the first one scrolled into view (a long form or dialog
  // may have it out of sight, e.g. the post dialog's 'Please attach a video...'), its field focused.
  // A busy page may commit the render a few frames later: look again for up to ~10 frames.
  let frames = 0;
  const attempt = () => {
    if (form.querySelector('[aria-invalid="true"]')) {
      revealFirstInvalid(form);
    } else if (frames < 10) {
      frames += 1;
      window.requestAnimationFrame(attempt);
    }
  };
  window.requestAnimationFrame(attempt);
}

/**
 * After a server refusal (the form already rendered its messages): scroll the first invalid
 * field's message into the middle of the screen and focus the field, whose description is
 * that message.
 */
export function revealFirstInvalid(form: HTMLFormElement | null): void {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  const errorId = field
    .getAttribute('aria-describedby')
    ?.split(/\s+/)
    .find((id) => id.endsWith('-error'));
  const message = errorId ? document.getElementById(errorId) : null;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  (message ?? field).scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
  field.focus({ preventScroll: true });
}
