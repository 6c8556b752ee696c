import { Bot, CheckCircle2, CircleDot, EyeOff, Flag, MessageSquareWarning } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge } from '@/components/ui/badge';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RichText } from '@/components/ui/rich-text';
import { TextField } from '@/components/ui/field';
import { ListStates } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import { useAdminReports, useResolveReport, type AdminReport, type ResolveAction } from '../api/safety';
import { ns, tAdmin } from '../i18n';
import { HeldPlaces } from './held-places';
import { Highlighted, termPattern } from './highlight';
import { ScreenedFields } from './screened-fields';

/** What a report is about, as a person reads it ('Posting'); an unknown type as the server named it. */
function targetLabel(type: string): string {
  return type === 'internship' || type === 'comment' || type === 'message' ? tAdmin(`reports.targets.${type}`) : type;
}

/** How a report was resolved ('Dismissed'); an unknown action as the server named it. */
function actionDone(action: string): string {
  return action === 'dismiss' || action === 'hide' || action === 'suspend' || action === 'release'
    ? tAdmin(`reports.done.${action}`)
    : action;
}

/** The report's reason in the UI's language; one this UI does not know keeps the server's label. */
function reasonText(report: AdminReport): string {
  switch (report.reason) {
    case 'inappropriate':
    case 'personal_info':
    case 'scam':
    case 'harassment':
    case 'other':
    case 'system_hold':
      return tAdmin(`reports.reasons.${report.reason}`);
    default:
      return report.reasonLabel;
  }
}

/** A reporter's or author's role ('student'); an unknown one as the server named it. */
function roleText(role: string): string {
  return role === 'student' || role === 'employer' || role === 'admin' ? tAdmin(`reports.roles.${role}`) : role;
}

type ContactKind = 'phone' | 'email' | 'social' | 'messagingLink' | 'offPlatform';

/**
 * What the message screen names when a delivered message carried contact details (the
 * server's English words), each with its key in `reports.contactKinds`.
 */
const CONTACT_LABELS: ReadonlyMap<string, ContactKind> = new Map([
  ['phone number', 'phone'],
  ['e-mail address', 'email'],
  ['social handle', 'social'],
  ['messaging link', 'messagingLink'],
  ['invitation off InternReel', 'offPlatform'],
] as const);

/** The kind of contact detail a held term names, in English or (from a server that translates it) in the UI's language. */
function contactKind(term: string): ContactKind | undefined {
  return CONTACT_LABELS.get(term) ?? [...CONTACT_LABELS.values()].find((kind) => tAdmin(`reports.contactKinds.${kind}`) === term);
}

/** A contact-detail term in the UI's language ('phone number'); any other term as it is. */
function contactText(term: string): string {
  const kind = contactKind(term);
  return kind ? tAdmin(`reports.contactKinds.${kind}`) : term;
}

/** A delivered message the system flagged for contact details (released or hidden by the admin). */
function isMessageFlag(report: AdminReport): boolean {
  return report.system && report.targetType === 'message';
}

/**
 * Person reports: Dismiss, Hide, Suspend employer (when an employer is behind the target: a
 * posting, or an employer's comment or message). System holds: Release, Hide. A flagged
 * message: Release (keep it, close the flag) or Hide message.
 */
function actionsFor(report: AdminReport): { action: ResolveAction; label: string; variant: ButtonVariant }[] {
  if (isMessageFlag(report)) {
    return [
      { action: 'release', label: tAdmin('reports.actions.release'), variant: 'primary' },
      { action: 'hide', label: tAdmin('reports.actions.hideMessage'), variant: 'outline' },
    ];
  }
  if (report.system) {
    return [
      { action: 'release', label: tAdmin('reports.actions.release'), variant: 'primary' },
      { action: 'hide', label: tAdmin('reports.actions.hide'), variant: 'outline' },
    ];
  }
  const employerBehind = report.targetType === 'internship' || report.content?.authorRole === 'employer';
  return [
    { action: 'dismiss', label: tAdmin('reports.actions.dismiss'), variant: 'outline' },
    { action: 'hide', label: tAdmin('reports.actions.hide'), variant: 'outline' },
    ...(employerBehind ? [{ action: 'suspend' as const, label: tAdmin('reports.actions.suspend'), variant: 'destructive' as const }] : []),
  ];
}

function when(value: string | null | undefined): string {
  if (!value) return '';
  return `${formatDate(value, '')} ${formatTime(value)}`.trim();
}

/** "Ana Ruiz (student)", or the name alone when the role is not known. */
function personText(name: string, role: string | null | undefined): string {
  return role ? tAdmin('reports.personRole', { name, role: roleText(role) }) : name;
}

/**
 * Contact details as a person would spot them: e-mail addresses, links, @handles and phone
 * numbers (seven or more digits, however spaced). A help for the eye, as `termPattern`.
 */
const CONTACT_PATTERN = new RegExp(
  [
    '[\\p{L}\\p{N}._%+-]+@[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)+',
    '(?:https?:\\/\\/|www\\.)[^\\s]+',
    '(?<![\\p{L}\\p{N}])[\\p{L}\\p{N}-]+\\.(?:com|me|gg|net|org|io|app|ly)\\/[^\\s]*',
    '(?<![\\p{L}\\p{N}@])@[\\p{L}\\p{N}_.]{2,}',
    '\\+?\\(?(?:\\d[\\s().-]{0,2}){6,}\\d',
  ].join('|'),
  'giu',
);

/** The pattern that marks what `terms` name in a text: contact details, hazard words, or both. */
function patternFor(terms: readonly string[]): RegExp | null {
  const words = termPattern(terms.filter((t) => contactKind(t) === undefined));
  const contact = terms.some((t) => contactKind(t) !== undefined) ? CONTACT_PATTERN : null;
  if (words && contact) return new RegExp(`${contact.source}|${words.source}`, 'giu');
  return words ?? contact;
}

function ReportRow({ report, districtAdmin }: { report: AdminReport; districtAdmin: boolean }) {
  const { t } = useTranslation(ns);
  const noteId = useId();
  const [note, setNote] = useState('');
  const resolve = useResolveReport();
  const open = report.status === 'open';
  const content = report.content;
  const what = targetLabel(report.targetType);
  const about = content?.internshipTitle
    ? t('reports.aboutTitle', { what, title: content.internshipTitle })
    : t('reports.aboutId', { what, id: report.targetId });
  const messageFlag = isMessageFlag(report);
  const heading = messageFlag ? t('reports.messageFlagged') : reasonText(report);
  const fields = content?.fields ?? [];
  const textPattern = useMemo(() => (report.system ? patternFor(report.heldTerms) : null), [report.system, report.heldTerms]);

  const act = (action: ResolveAction, label: string) =>
    resolve.mutate(
      { id: report.id, action, note },
      {
        onSuccess: (after) =>
          // Still open: a coordinator's hide or release of a posting went to the district's admins.
          after.status === 'open'
            ? toast({ title: t('reports.escalated'), description: t('reports.escalatedText', { about }), variant: 'success' })
            : toast({ title: t('reports.resolved'), description: t('reports.resolvedText', { action: label, about }), variant: 'success' }),
        onError: (error) => toast({ title: t('reports.resolveFailed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <li
      data-testid="report"
      data-status={report.status}
      data-target={report.targetType}
      aria-label={t('reports.rowLabel', { heading, about })}
    >
      <Card className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-base font-bold text-slate-900 [overflow-wrap:anywhere]">{heading}</h3>
            <p className="text-sm text-slate-600">{about}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {messageFlag ? (
              <Badge tone="info">
                <MessageSquareWarning aria-hidden className="h-3.5 w-3.5" />
                {t('reports.deliveredFlagged')}
              </Badge>
            ) : report.system ? (
              <Badge tone="info">
                <Bot aria-hidden className="h-3.5 w-3.5" />
                {t('reports.systemHold')}
              </Badge>
            ) : null}
            {open ? (
              <Badge tone="warning" data-testid="report-status">
                <CircleDot aria-hidden className="h-3.5 w-3.5" />
                {t('reports.statusOpen')}
              </Badge>
            ) : (
              <Badge tone="neutral" data-testid="report-status">
                <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
                {t('reports.statusResolved')}
              </Badge>
            )}
            {content?.hidden ? (
              <Badge tone="negative">
                <EyeOff aria-hidden className="h-3.5 w-3.5" />
                {t('reports.hidden')}
              </Badge>
            ) : null}
          </div>
        </div>

        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold text-slate-600">{t('reports.reportedBy')}</dt>
            <dd className="text-slate-900">
              {report.reporter ? personText(report.reporter.name, report.reporter.role) : t('reports.system')}
              <span className="text-slate-600"> · {when(report.createdAt)}</span>
            </dd>
          </div>
          {content?.authorName ? (
            <div>
              <dt className="text-xs font-semibold text-slate-600">{t('reports.writtenBy')}</dt>
              <dd className="text-slate-900">{personText(content.authorName, content.authorRole)}</dd>
            </div>
          ) : null}
          {content?.internshipTitle || content?.company ? (
            <div>
              <dt className="text-xs font-semibold text-slate-600">{t('reports.posting')}</dt>
              <dd className="text-slate-900 [overflow-wrap:anywhere]">
                {content.internshipTitle && content.company
                  ? t('reports.postingAt', { title: content.internshipTitle, company: content.company })
                  : content.internshipTitle || content.company}
              </dd>
            </div>
          ) : null}
          {report.heldTerms.length > 0 ? (
            <div>
              <dt className="text-xs font-semibold text-slate-600">
                {messageFlag ? t('reports.contactFound') : t('reports.matchedTerms')}
              </dt>
              <dd className="text-slate-900" data-testid="held-terms">
                {messageFlag ? report.heldTerms.map(contactText).join(', ') : report.heldTerms.map((term) => `'${term}'`).join(', ')}
              </dd>
            </div>
          ) : null}
        </dl>

        {report.system && report.targetType === 'internship' ? <HeldPlaces report={report} canMark={districtAdmin} /> : null}

        {fields.length > 0 ? (
          <ScreenedFields fields={fields} />
        ) : content?.text ? (
          <blockquote
            data-testid="report-text"
            className="max-h-48 overflow-y-auto whitespace-pre-line rounded-2xl border-l-4 border-slate-300 bg-slate-50 p-3 text-sm text-slate-800 [overflow-wrap:anywhere]"
          >
            <Highlighted text={content.text} pattern={textPattern} />
          </blockquote>
        ) : null}
        {messageFlag && open ? <p className="text-sm text-slate-700">{t('reports.messageNote')}</p> : null}
        {report.details ? (
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
            <span className="font-semibold">{t('reports.details')}</span> {report.details}
          </p>
        ) : null}

        {open ? (
          <div className="space-y-3 rounded-2xl bg-slate-50 p-3">
            <TextField
              id={noteId}
              label={t('reports.note')}
              optional
              value={note}
              maxLength={1000}
              onChange={(e) => setNote(e.target.value)}
              disabled={resolve.isPending}
              hint={t('reports.noteHint')}
            />
            <div role="group" aria-label={t('reports.resolveGroup', { about })} className="flex flex-wrap gap-2">
              {actionsFor(report).map(({ action, label, variant }) => (
                <Button key={action} size="sm" variant={variant} disabled={resolve.isPending} onClick={() => act(action, label)}>
                  {label}
                </Button>
              ))}
            </div>
          </div>
        ) : report.resolution ? (
          <p className="text-sm text-slate-700" data-testid="report-resolution">
            <Resolution resolution={report.resolution} />
          </p>
        ) : null}
      </Card>
    </li>
  );
}

/** "**Dismissed** on Jan 5, 2026 3:04 PM: duplicate" (the date and the note when there are). */
function Resolution({ resolution }: { resolution: NonNullable<AdminReport['resolution']> }) {
  const { t } = useTranslation(ns);
  const at = resolution.resolvedAt ? when(resolution.resolvedAt) : '';
  const action = <span className="font-semibold">{actionDone(resolution.action)}</span>;
  if (!at && !resolution.note) return action;
  const text = at ? (resolution.note ? t('reports.resolutionOnNote') : t('reports.resolutionOn')) : t('reports.resolutionNote');
  return <RichText text={text} tags={{ action: () => action, when: () => at, note: () => resolution.note }} />;
}

/**
 * Reports from students and employers, and the system's holds: open first, newest first. A
 * district admin (not a coordinator) may also mark a hazard term a false match.
 */
export function ReportsTab({ districtAdmin }: { districtAdmin: boolean }) {
  const { t } = useTranslation(ns);
  const reports = useAdminReports(true);
  const list = reports.data ?? [];
  const openCount = list.filter((r) => r.status === 'open').length;
  return (
    <section aria-labelledby="reports-heading" className="space-y-3">
      <h2 id="reports-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Flag aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
        {t('reports.heading')}
      </h2>
      <p className="text-sm text-slate-600">
        {t('reports.intro')}
        {reports.data ? ` ${t('reports.open', { count: openCount })}` : ''}
      </p>
      <ListStates
        query={reports}
        loadingLabel={t('reports.loading')}
        loadingClassName="py-8"
        errorText={t('reports.errorText')}
        onRetry={() => void reports.refetch()}
        isEmpty={list.length === 0}
        empty={t('reports.empty')}
      >
        <ul className="space-y-3">
          {list.map((r) => (
            <ReportRow key={r.id} report={r} districtAdmin={districtAdmin} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
