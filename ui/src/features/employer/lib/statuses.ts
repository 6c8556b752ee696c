import type { BadgeTone } from '@/components/ui/badge';
import type { ApplicationStatus } from '@/types/internship';
import { tEmployer } from '../i18n';

const STATUSES: readonly ApplicationStatus[] = ['pending', 'under_review', 'interview_requested', 'offer_extended', 'hired', 'rejected'];

/** A record whose values are read from the catalogue each time one is shown. */
function byStatus(read: (status: ApplicationStatus) => string): Record<ApplicationStatus, string> {
  const record = {} as Record<ApplicationStatus, string>;
  for (const status of STATUSES) Object.defineProperty(record, status, { get: () => read(status), enumerable: true });
  return record;
}

/** The pipeline statuses' labels, as employers read them. */
export const STATUS_LABELS: Record<ApplicationStatus, string> = byStatus((status) => tEmployer(`statuses.${status}`));

export const STATUS_TONES: Record<ApplicationStatus, BadgeTone> = {
  pending: 'neutral',
  under_review: 'neutral',
  interview_requested: 'info',
  offer_extended: 'brand',
  hired: 'positive',
  rejected: 'negative',
};

/** The verb on the button that moves an application to a status. */
export const STATUS_ACTIONS: Record<ApplicationStatus, string> = byStatus((status) => tEmployer(`statusActions.${status}`));

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as ApplicationStatus] ?? status;
}
