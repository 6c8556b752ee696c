import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { tAdmin } from '../i18n';

/** One labelled fact of an admin list's card (contact, role, last sign-in...), inside a `<dl>`. */
export function AdminFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** When someone last signed in ('Never' before the first time); `at` in milliseconds. */
export function lastSignInText(at: number | null): string {
  if (at === null || !Number.isFinite(at)) return tAdmin('fact.never');
  return formatDateTime(new Date(at).toISOString()) || tAdmin('fact.never');
}
