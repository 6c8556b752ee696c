import type { BadgeTone } from '@/components/ui/badge';
import type { ApplicationStatus } from '@/types/internship';

/** SPEC.md section 4's labels. */
export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending Review',
  under_review: 'Under Review',
  interview_requested: 'Interview Requested',
  offer_extended: 'Offer Extended',
  hired: 'Hired',
  rejected: 'Rejected',
};

export const STATUS_TONES: Record<ApplicationStatus, BadgeTone> = {
  pending: 'neutral',
  under_review: 'neutral',
  interview_requested: 'info',
  offer_extended: 'brand',
  hired: 'positive',
  rejected: 'negative',
};

/** The verb on the button that moves an application to a status. */
export const STATUS_ACTIONS: Record<ApplicationStatus, string> = {
  pending: 'Mark Pending',
  under_review: 'Mark Under Review',
  interview_requested: 'Request Interview',
  offer_extended: 'Extend Offer',
  hired: 'Mark Hired',
  rejected: 'Reject',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as ApplicationStatus] ?? status;
}
