const GRADE_LABELS: Record<string, string> = {
  freshman: '9th Grade (Freshman)',
  sophomore: '10th Grade (Sophomore)',
  junior: '11th Grade (Junior)',
  senior: '12th Grade (Senior)',
};

export function gradeLabel(grade: string | null | undefined): string {
  if (!grade) return 'Grade not given';
  return GRADE_LABELS[grade] ?? grade;
}

export function capitalize(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

/** "Nov 21, 2026" from an RFC 3339 or YYYY-MM-DD date; the input itself when unparseable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'Not specified';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "3 h ago", "2 d ago", else a short date. */
export function timeAgo(value: string, now: number = Date.now()): string {
  const then = new Date(value).getTime();
  if (Number.isNaN(then)) return value;
  const minutes = Math.round((now - then) / 60000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days} d ago`;
  return formatDate(value);
}

export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || 'Student';
}

export function initials(person: { firstName?: string | null; lastName?: string | null }): string {
  return `${person.firstName?.charAt(0) ?? ''}${person.lastName?.charAt(0) ?? ''}`.toUpperCase() || '?';
}

/** Splits a comma-separated entry into a clean list. */
export function splitList(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}
