import { currentLocale, tCommon } from './i18n/i18n';

/**
 * Small display helpers shared by the student screens. Dates, times and numbers go through
 * `Intl` in the UI's language (`currentLocale()`: 'en-US', 'es-US'), read at call time.
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
  return date ? date.toLocaleDateString(currentLocale(), { month: 'short', day: 'numeric', year: 'numeric' }) : fallback;
}

export function formatTime(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? date.toLocaleTimeString(currentLocale(), { hour: 'numeric', minute: '2-digit' }) : '';
}

/** A number in the UI's language ("1,234" / "1234"; `options` as `Intl.NumberFormat`'s). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLocale(), options).format(value);
}

/** Message time: clock time when under 24 hours old, otherwise a short date (SPEC.md section 9). */
export function messageTime(value: string, now: number = Date.now()): string {
  const date = parseDate(value);
  if (!date) return '';
  if (now - date.getTime() < 24 * 60 * 60 * 1000) return formatTime(value);
  return date.toLocaleDateString(currentLocale(), { month: 'short', day: 'numeric' });
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
  const format = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' });
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
