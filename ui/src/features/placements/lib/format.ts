import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { isApiError } from '@/lib/api-client';
import { focusFirstInvalid, type Errors } from '@/lib/validation';
import type { SigningParty } from '@/types/placement';
import { tPlacements } from '../i18n';

/** "Mar 2, 2027, 3:04 PM" from milliseconds since the epoch. */
export function atText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  return formatDateTime(new Date(ms).toISOString());
}

/** "Mar 2, 2027 – Jun 30, 2027", or what is missing. */
export function datesText(start: string | null, end: string | null): string {
  if (!start && !end) return tPlacements('dates.notSetYet');
  return tPlacements('dates.range', {
    start: formatDate(start, tPlacements('dates.startNotSet')),
    end: formatDate(end, tPlacements('dates.endNotSet')),
  });
}

/** "Mar 2, 2027 to Jun 30, 2027" ('Not set' for a missing one), or 'Not set yet'. */
export function fromToText(start: string | null, end: string | null): string {
  if (!start && !end) return tPlacements('dates.notSetShort');
  return tPlacements('dates.fromTo', {
    start: formatDate(start, tPlacements('dates.notSet')),
    end: formatDate(end, tPlacements('dates.notSet')),
  });
}

/** The parties awaited, as a sentence names them ("student, parent or guardian"). */
export function partiesInSentence(parties: SigningParty[]): string {
  return parties.map((x) => tPlacements(`partyInSentence.${x}`)).join(tPlacements('shared.listSeparator'));
}

/** "$12.50": an hourly wage in US dollars, in the UI's language. */
export function wageText(wage: number): string {
  return formatNumber(wage, { style: 'currency', currency: 'USD' });
}

/** Today as YYYY-MM-DD in the reader's own time zone. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The Monday (YYYY-MM-DD) of a day's week: the weeks 'Approve this week' works by. */
export function weekOf(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const back = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - back);
  return day.toISOString().slice(0, 10);
}

/**
 * Apply a refusal's field messages (renamed from the server's keys with `rename`) to a form and
 * focus the first; true when there were any, so the caller shows the rest as an alert.
 */
export function showFieldErrors<K extends string>(
  form: { setErrors: (e: Errors<K>) => void },
  formElement: HTMLFormElement | null,
  error: unknown,
  rename: Record<string, K>,
): boolean {
  if (!isApiError(error) || !error.errors) return false;
  const found: Errors<K> = {};
  for (const [key, message] of Object.entries(error.errors)) {
    const field = rename[key];
    if (field) found[field] = message;
  }
  if (Object.keys(found).length === 0) return false;
  form.setErrors(found);
  focusFirstInvalid(formElement);
  return true;
}
