import { currentLocale, tCommon } from './i18n/i18n';

/**
 * Small display helpers shared by the student screens. Dates, times and numbers go through
 * `Intl` in the UI's language, as the reader's browser writes it (`currentLocale()`: 'en-US',
 * 'es-US', 'es-ES'), read at call time.
 */

/** Up to two initials from a name ("Sproutly Labs" -> "SL"). */
export function initials(name: string | null | undefined, fallback = '?'): string {
  const out = (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return out || fallback;
}

/**
 * One `Intl` formatter per language and options, made once: building one costs milliseconds (a
 * list of cards formatting its dates built dozens per render), using it microseconds.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object | undefined,
  make: (locale: string) => T,
): T {
  const locale = currentLocale();
  const key = `${kind}|${locale}|${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make(locale);
    formatters.set(key, formatter);
  }
  return formatter;
}

const DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const SHORT_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const RELATIVE: Intl.RelativeTimeFormatOptions = { numeric: 'auto' };

const dateFormat = (options: Intl.DateTimeFormatOptions) => cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options));

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  // A plain date (YYYY-MM-DD) is a calendar day, not midnight UTC.
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Jan 28, 2027" ("28 ene 2027"), or the fallback ('Not specified') when there is no date. */
export function formatDate(value: string | null | undefined, fallback: string = tCommon('notSpecified')): string {
  const date = parseDate(value);
  return date ? dateFormat(DATE).format(date) : fallback;
}

export function formatTime(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? dateFormat(TIME).format(date) : '';
}

/** A number in the UI's language ("1,234" / "1234"; `options` as `Intl.NumberFormat`'s). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return cached('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(value);
}

/** Message time: clock time when under 24 hours old, otherwise a short date. */
export function messageTime(value: string, now: number = Date.now()): string {
  const date = parseDate(value);
  if (!date) return '';
  if (now - date.getTime() < 24 * 60 * 60 * 1000) return formatTime(value);
  return dateFormat(SHORT_DATE).format(date);
}

/** Text or list requirements as a list of lines. */
export function requirementList(requirements: string | string[] | null | undefined): string[] {
  if (Array.isArray(requirements)) return requirements.filter((r) => r.trim() !== '');
  if (!requirements?.trim()) return [];
  return requirements
    .split(/\n|;|•/)
    .map((r) => r.replace(/^[-*\s]+/, '').trim())
    .filter(Boolean);
}

export function orNotSpecified(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return tCommon('notSpecified');
  const text = String(value).trim();
  return text ? text : tCommon('notSpecified');
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago" ("ahora mismo", "hace 5 minutos", "ayer"...). */
export function relativeTime(value: string, now: number = Date.now()): string {
  const date = parseDate(value);
  if (!date) return '';
  const seconds = Math.round((date.getTime() - now) / 1000);
  if (Math.abs(seconds) < 60) return tCommon('justNow');
  const format = cached('relative', RELATIVE, (locale) => new Intl.RelativeTimeFormat(locale, RELATIVE));
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(Math.trunc(seconds / 60), 'minute');
}

/** "Jan 28, 2027, 3:04 PM": the full time, for a tooltip beside a relative one. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? `${formatDate(value)}, ${formatTime(value)}` : '';
}
