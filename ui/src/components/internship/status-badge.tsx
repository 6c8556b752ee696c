import { CheckCircle2, Clock, Handshake, PartyPopper, UserCheck, XCircle, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';
import { internshipNs, tInternship } from '@/lib/i18n/namespaces/internship';
import type { ApplicationStatus } from '@/types/internship';

interface StatusStyle {
  /** Read from the catalogue (common.json, status.*) each time it is shown. */
  readonly label: string;
  icon: LucideIcon;
  tone: 'neutral' | 'positive' | 'negative';
}

/**
 * The pipeline statuses' labels, and the student colours (awaiting review neutral; interview,
 * offer and hired positive; rejected negative). Every badge carries an icon and a label,
 * so colour is never the only signal.
 */
function style(status: ApplicationStatus, icon: LucideIcon, tone: StatusStyle['tone']): StatusStyle {
  return {
    get label() {
      return tInternship(`status.${status}`);
    },
    icon,
    tone,
  };
}

export const APPLICATION_STATUS: Record<ApplicationStatus, StatusStyle> = {
  pending: style('pending', Clock, 'neutral'),
  under_review: style('under_review', Clock, 'neutral'),
  interview_requested: style('interview_requested', UserCheck, 'positive'),
  offer_extended: style('offer_extended', Handshake, 'positive'),
  hired: style('hired', PartyPopper, 'positive'),
  rejected: style('rejected', XCircle, 'negative'),
};

const tones = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  positive: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  negative: 'bg-rose-50 text-rose-800 ring-rose-200',
} as const;

export function statusLabel(status: string): string {
  return APPLICATION_STATUS[status as ApplicationStatus]?.label ?? status;
}

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  useTranslation(internshipNs); // re-render on a language switch
  const style = APPLICATION_STATUS[status as ApplicationStatus] ?? { label: status, icon: CheckCircle2, tone: 'neutral' as const };
  const Icon = style.icon;
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1', tones[style.tone], className)}
    >
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {style.label}
    </span>
  );
}
