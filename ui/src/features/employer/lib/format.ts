import { formatDate } from '@/lib/format';
import { tEmployer } from '../i18n';

export function capitalize(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

/** "3 h ago", "2 d ago", else a short date. */
export function timeAgo(value: string, now: number = Date.now()): string {
  const then = new Date(value).getTime();
  if (Number.isNaN(then)) return value;
  const minutes = Math.round((now - then) / 60000);
  if (minutes < 1) return tEmployer('timeAgo.justNow');
  if (minutes < 60) return tEmployer('timeAgo.minutes', { n: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 24) return tEmployer('timeAgo.hours', { n: hours });
  const days = Math.round(hours / 24);
  if (days < 7) return tEmployer('timeAgo.days', { n: days });
  return formatDate(value);
}

export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || tEmployer('shared.student');
}

const INTERESTS = ['technology', 'marketing', 'finance', 'design', 'healthcare', 'consulting', 'engineering', 'media'] as const;

/** A student's interest as a badge says it ('Technology'); one the app does not list, capitalised. */
export function interestLabel(interest: string): string {
  const known = INTERESTS.find((i) => i === interest);
  return known ? tEmployer(`interests.${known}`) : capitalize(interest);
}

/** Splits a comma-separated entry into a clean list. */
export function splitList(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}
