import { FileWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '@/components/layout/logo';
import { Card } from '@/components/ui/card';
import { LanguageSelect } from '@/components/ui/language-select';
import type { GuardianView } from '../api/placements';
import { tPlacements } from '../i18n';
import { formatNumber } from '@/lib/format';
import { fromToText, wageText } from '../lib/format';

/**
 * The frame of a page opened from an e-mailed signing link (the guardian's, a supervisor's):
 * no account and no app header, the district's name and the language choice, then the page.
 */
export function LinkPageShell({ district, title, children }: { district: string | undefined; title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200/70 bg-white">
        <div className="mx-auto flex min-h-14 max-w-2xl items-center justify-between gap-3 px-4 py-2">
          <Logo />
          <div className="flex min-w-0 items-center gap-1.5">
            {district ? <p className="min-w-0 truncate text-sm font-semibold text-slate-700">{district}</p> : null}
            <LanguageSelect />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6 pb-16">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/**
 * Who and what the link's agreement is about, above the agreement that says it at length: the
 * student, the company and role, where, when, how many hours, the pay and the supervisor; then
 * whom to ask.
 */
export function LinkFacts({ placement, testId }: { placement: GuardianView['placement']; testId: string }) {
  const notSet = tPlacements('dates.notSetShort');
  const pay = !placement.paid
    ? tPlacements('details.unpaid')
    : placement.hourlyWage !== null
      ? tPlacements('details.paidWage', { wage: wageText(placement.hourlyWage) })
      : tPlacements('details.paid');
  const rows: [string, string][] = [
    [tPlacements('guardianPage.student'), placement.studentName],
    [tPlacements('guardianPage.company'), placement.company],
    [tPlacements('guardianPage.internship'), placement.title],
    [tPlacements('guardianPage.dates'), fromToText(placement.startDate, placement.endDate)],
    [tPlacements('details.worksite'), placement.worksite || notSet],
    [tPlacements('details.schedule'), placement.schedule || notSet],
    [tPlacements('details.plannedHours'), placement.plannedHours > 0 ? formatNumber(placement.plannedHours) : notSet],
    [tPlacements('details.pay'), pay],
    [tPlacements('details.supervisor'), placement.supervisorName || notSet],
  ];
  const contact = placement.contact;
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2" data-testid={testId}>
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-2xl bg-slate-50 p-3">
            <dt className="text-xs font-semibold text-slate-600">{label}</dt>
            <dd className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      {contact ? (
        <p className="text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid={`${testId}-contact`}>
          {contact.coordinator
            ? tPlacements('guardianPage.askCoordinator', { name: contact.name })
            : tPlacements('guardianPage.askDistrict', { name: contact.name })}{' '}
          {contact.reach.includes('@') ? (
            <a className="font-semibold text-brand-700 underline" href={`mailto:${contact.reach}`}>
              {contact.reach}
            </a>
          ) : (
            <span className="font-semibold">{contact.reach}</span>
          )}
        </p>
      ) : null}
    </>
  );
}

/** A link that no longer opens anything (used, replaced or expired), or failed to load. */
export function LinkGone({ message, testId }: { message: string; testId: string }) {
  return (
    <Card className="space-y-2 text-center" data-testid={testId}>
      <FileWarning aria-hidden className="mx-auto h-10 w-10 text-slate-400" />
      <p role="status" className="text-base text-slate-800">
        {message}
      </p>
    </Card>
  );
}
