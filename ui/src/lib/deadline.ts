/**
 * The one rule for a posting's application deadline: open through the deadline day itself,
 * closed from the next day on (the student's own calendar). Every screen that offers Apply asks
 * here first.
 */
import { formatDate } from './format';
import { tInternship } from './i18n/namespaces/internship';

interface HasDeadline {
  applicationDeadline?: string | null;
  deadline?: string | null;
}

/** The posting's deadline as given by the server (YYYY-MM-DD), or null when it has none. */
export function deadlineOf(posting: HasDeadline): string | null {
  const value = (posting.applicationDeadline || posting.deadline || '').trim();
  return value ? value : null;
}

/** Today in the local calendar, as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * True when the deadline (YYYY-MM-DD) is a day before today: applications are closed. No
 * deadline, or one that is not a plain date, never closes a posting.
 */
export function isClosed(posting: HasDeadline, now: Date = new Date()): boolean {
  const deadline = deadlineOf(posting);
  if (!deadline || !/^\d{4}-\d{2}-\d{2}$/.test(deadline)) return false;
  // ISO dates compare as strings.
  return deadline < todayIso(now);
}

/** "Applications closed on Nov 18, 2026" ("Las solicitudes cerraron el 18 nov 2026"). */
export function closedText(posting: HasDeadline): string {
  return tInternship('closedOn', { date: formatDate(deadlineOf(posting)) });
}
