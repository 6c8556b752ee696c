import { Ban, CheckCircle2, Clock, Handshake, MessagesSquare, Search } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge } from '@/components/ui/badge';
import { ns } from '../i18n';
import { STATUS_LABELS, STATUS_TONES } from '../lib/statuses';
import type { ApplicationStatus } from '@/types/internship';

const ICONS: Record<ApplicationStatus, typeof Clock> = {
  pending: Clock,
  under_review: Search,
  interview_requested: MessagesSquare,
  offer_extended: Handshake,
  hired: CheckCircle2,
  rejected: Ban,
};

/** The application status as text plus an icon (colour is never the only signal). */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  useTranslation(ns); // re-render on a language switch
  const Icon = ICONS[status] ?? Clock;
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'} data-testid="application-status">
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
