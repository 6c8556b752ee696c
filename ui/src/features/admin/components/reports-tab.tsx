import { Bot, CheckCircle2, CircleDot, EyeOff, Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { ListStates } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import { useAdminReports, useResolveReport, type AdminReport, type ResolveAction } from '../api/safety';

const TARGET_LABELS: Record<string, string> = { internship: 'Posting', comment: 'Comment', message: 'Message' };

const ACTION_DONE: Record<ResolveAction, string> = {
  dismiss: 'Dismissed',
  hide: 'Hidden',
  suspend: 'Employer suspended',
  release: 'Released',
};

/**
 * Person reports: Dismiss, Hide, Suspend employer (when an employer is behind the target: a
 * posting, or an employer's comment or message). System holds: Release, Hide.
 */
function actionsFor(report: AdminReport): { action: ResolveAction; label: string; variant: ButtonVariant }[] {
  if (report.system) {
    return [
      { action: 'release', label: 'Release', variant: 'primary' },
      { action: 'hide', label: 'Hide', variant: 'outline' },
    ];
  }
  const employerBehind = report.targetType === 'internship' || report.content?.authorRole === 'employer';
  return [
    { action: 'dismiss', label: 'Dismiss', variant: 'outline' },
    { action: 'hide', label: 'Hide', variant: 'outline' },
    ...(employerBehind ? [{ action: 'suspend' as const, label: 'Suspend employer', variant: 'destructive' as const }] : []),
  ];
}

function when(value: string | null | undefined): string {
  if (!value) return '';
  return `${formatDate(value, '')} ${formatTime(value)}`.trim();
}

function roleWord(role: string | null | undefined): string {
  return role ? ` (${role})` : '';
}

function ReportRow({ report }: { report: AdminReport }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const resolve = useResolveReport();
  const open = report.status === 'open';
  const content = report.content;
  const what = TARGET_LABELS[report.targetType] ?? report.targetType;
  const about = content?.internshipTitle ? `${what}: ${content.internshipTitle}` : `${what} #${report.targetId}`;

  const act = (action: ResolveAction, label: string) =>
    resolve.mutate(
      { id: report.id, action, note },
      {
        onSuccess: () => toast({ title: 'Report resolved', description: `${label}: ${about}`, variant: 'success' }),
        onError: (error) => toast({ title: 'Could not resolve the report', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <li data-testid="report" data-status={report.status} aria-label={`${report.reasonLabel}, ${about}`}>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-base font-bold text-slate-900 [overflow-wrap:anywhere]">{report.reasonLabel}</h3>
            <p className="text-sm text-slate-600">{about}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {report.system ? (
              <Badge tone="info">
                <Bot aria-hidden className="h-3.5 w-3.5" />
                System hold
              </Badge>
            ) : null}
            {open ? (
              <Badge tone="warning" data-testid="report-status">
                <CircleDot aria-hidden className="h-3.5 w-3.5" />
                Open
              </Badge>
            ) : (
              <Badge tone="neutral" data-testid="report-status">
                <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
                Resolved
              </Badge>
            )}
            {content?.hidden ? (
              <Badge tone="negative">
                <EyeOff aria-hidden className="h-3.5 w-3.5" />
                Hidden
              </Badge>
            ) : null}
          </div>
        </div>

        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold text-slate-600">Reported by</dt>
            <dd className="text-slate-900">
              {report.reporter ? `${report.reporter.name}${roleWord(report.reporter.role)}` : 'System'}
              <span className="text-slate-600"> · {when(report.createdAt)}</span>
            </dd>
          </div>
          {content?.authorName ? (
            <div>
              <dt className="text-xs font-semibold text-slate-600">Written by</dt>
              <dd className="text-slate-900">
                {content.authorName}
                {roleWord(content.authorRole)}
              </dd>
            </div>
          ) : null}
          {content?.internshipTitle || content?.company ? (
            <div>
              <dt className="text-xs font-semibold text-slate-600">Posting</dt>
              <dd className="text-slate-900 [overflow-wrap:anywhere]">
                {[content.internshipTitle, content.company].filter(Boolean).join(' at ')}
              </dd>
            </div>
          ) : null}
          {report.heldTerms.length > 0 ? (
            <div>
              <dt className="text-xs font-semibold text-slate-600">Matched terms</dt>
              <dd className="text-slate-900">{report.heldTerms.map((t) => `'${t}'`).join(', ')}</dd>
            </div>
          ) : null}
        </dl>

        {content?.text ? (
          <blockquote className="max-h-48 overflow-y-auto whitespace-pre-line rounded-2xl border-l-4 border-slate-300 bg-slate-50 p-3 text-sm text-slate-800 [overflow-wrap:anywhere]">
            {content.text}
          </blockquote>
        ) : null}
        {report.details ? (
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
            <span className="font-semibold">Details:</span> {report.details}
          </p>
        ) : null}

        {open ? (
          <div className="space-y-3 rounded-2xl bg-slate-50 p-3">
            <TextField
              id={noteId}
              label="Note"
              optional
              value={note}
              maxLength={1000}
              onChange={(e) => setNote(e.target.value)}
              disabled={resolve.isPending}
              hint="Kept with the resolution in the audit log."
            />
            <div role="group" aria-label={`Resolve: ${about}`} className="flex flex-wrap gap-2">
              {actionsFor(report).map(({ action, label, variant }) => (
                <Button key={action} size="sm" variant={variant} disabled={resolve.isPending} onClick={() => act(action, label)}>
                  {label}
                </Button>
              ))}
            </div>
          </div>
        ) : report.resolution ? (
          <p className="text-sm text-slate-700" data-testid="report-resolution">
            <span className="font-semibold">{ACTION_DONE[report.resolution.action] ?? report.resolution.action}</span>
            {report.resolution.resolvedAt ? ` on ${when(report.resolution.resolvedAt)}` : ''}
            {report.resolution.note ? `: ${report.resolution.note}` : ''}
          </p>
        ) : null}
      </Card>
    </li>
  );
}

/** Reports from students and employers, and the system's holds: open first, newest first. */
export function ReportsTab() {
  const reports = useAdminReports(true);
  const list = reports.data ?? [];
  const openCount = list.filter((r) => r.status === 'open').length;
  return (
    <section aria-labelledby="reports-heading" className="space-y-3">
      <h2 id="reports-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Flag aria-hidden className="h-5 w-5 text-brand-600" />
        Reports
      </h2>
      <p className="text-sm text-slate-600">
        Hide removes the reported posting, comment or message for everyone; Suspend employer also hides all its postings.
        {reports.data ? ` ${openCount} open.` : ''}
      </p>
      <ListStates
        query={reports}
        loadingLabel="Loading reports"
        loadingClassName="py-8"
        errorText="reports"
        onRetry={() => void reports.refetch()}
        isEmpty={list.length === 0}
        empty="No reports yet."
      >
        <ul className="space-y-3">
          {list.map((r) => (
            <ReportRow key={r.id} report={r} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
