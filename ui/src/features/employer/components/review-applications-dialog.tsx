import { ArrowRight, ClipboardCheck, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Button, LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Spinner, SpinnerBlock } from '@/components/ui/spinner';
import { toast } from '@/stores/toast-store';
import { useEmployerApplications, useUpdateApplicationStatus } from '../api/applications';
import { formatDate } from '@/lib/format';
import { STATUS_ACTIONS, STATUS_LABELS } from '../lib/statuses';
import type { EmployerApplication } from '../types';
import type { ApplicationStatus, Internship } from '@/types/internship';
import { ApplicantAvatar, ApplicantFacts, applicantName } from './applicant-details';
import type { MessageTarget } from './messaging-slot';
import { StatusBadge } from './status-badge';

/** The moves that cannot be undone. */
const FINAL_STATUSES: ReadonlySet<ApplicationStatus> = new Set<ApplicationStatus>(['hired', 'rejected']);

interface ReviewApplicationsDialogProps {
  internship: Internship | null;
  onClose: () => void;
  onMessage: (target: MessageTarget) => void;
}

function ApplicantRow({ application, onMessage }: { application: EmployerApplication; onMessage: (t: MessageTarget) => void }) {
  const update = useUpdateApplicationStatus();
  const name = applicantName(application.student);
  // Hired and Rejected are final (domain/applications.rs): asked once more before they are sent.
  const [confirming, setConfirming] = useState<ApplicationStatus | null>(null);

  const move = (status: ApplicationStatus) => {
    update.mutate(
      { id: application.id, status },
      {
        onSettled: () => setConfirming(null),
        onSuccess: () =>
          toast({
            title: 'Application Updated',
            description: `${name} is now: ${STATUS_LABELS[status]}.`,
            variant: 'success',
          }),
        onError: () => toast({ description: 'Failed to update application status. Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    <li className="rounded-2xl border border-slate-200 p-4" data-testid="applicant" aria-label={`Applicant ${name}`}>
      <div className="flex items-start gap-3">
        <ApplicantAvatar student={application.student} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-base font-bold text-slate-900">{name}</h3>
            <StatusBadge status={application.status} />
          </div>
          <p className="text-xs text-slate-500">Applied {formatDate(application.appliedAt)}</p>
        </div>
      </div>
      <div className="mt-3">
        <ApplicantFacts student={application.student} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {application.nextStatuses.length > 0 ? (
          <div role="group" aria-label={`Move ${name} to`} className="flex flex-wrap gap-2">
            {application.nextStatuses.map((status) => (
              <Button
                key={status}
                size="sm"
                variant={status === 'rejected' ? 'outline' : 'secondary'}
                disabled={update.isPending}
                onClick={() => (FINAL_STATUSES.has(status) ? setConfirming(status) : move(status))}
                aria-label={`${STATUS_ACTIONS[status]} (move to ${STATUS_LABELS[status]})`}
              >
                {status !== 'rejected' ? <ArrowRight aria-hidden className="h-4 w-4" /> : null}
                {STATUS_ACTIONS[status]}
              </Button>
            ))}
          </div>
        ) : application.placementId ? (
          <LinkButton
            href={paths.placement(application.placementId)}
            size="sm"
            variant="secondary"
            aria-label={`Open placement, ${name}`}
            data-testid="applicant-placement-link"
          >
            <ClipboardCheck aria-hidden className="h-4 w-4" />
            Open placement
          </LinkButton>
        ) : (
          <p className="text-xs text-slate-500">Final decision made; you can still message this applicant.</p>
        )}
        {update.isPending ? <Spinner label="Updating status" className="text-brand-600" /> : null}
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title={confirming === 'hired' ? `Mark ${name} as hired?` : `Reject ${name}?`}
          description={
            confirming === 'hired'
              ? `${name} will see 'Hired' on this application. This is final: the status cannot change again, though you can still message.`
              : `${name} will see 'Rejected' on this application. This is final: the status cannot change again, though you can still message.`
          }
          confirmLabel={confirming === 'hired' ? 'Mark Hired' : 'Reject'}
          destructive={confirming === 'rejected'}
          pending={update.isPending}
          onConfirm={() => {
            if (confirming) move(confirming);
          }}
        />
        <Button
          size="sm"
          variant="outline"
          className="ml-auto"
          onClick={() =>
            onMessage({
              applicationId: application.id,
              otherUserId: application.student.id,
              otherName: name,
              subject: application.internshipTitle,
            })
          }
        >
          <MessageCircle aria-hidden className="h-4 w-4" />
          Message
        </Button>
      </div>
    </li>
  );
}

/** Review Applications: the applicants to one posting, moved through the pipeline. */
export function ReviewApplicationsDialog({ internship, onClose, onMessage }: ReviewApplicationsDialogProps) {
  const applications = useEmployerApplications(internship !== null);
  const list = (applications.data ?? []).filter((a) => a.internshipId === internship?.id);

  return (
    <Dialog
      open={internship !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="sm:max-w-2xl"
      title="Review Applications"
      description={internship ? `${internship.title} · ${list.length} applicant${list.length === 1 ? '' : 's'}` : undefined}
    >
      {applications.isLoading ? (
        <SpinnerBlock label="Loading applications" className="py-8" />
      ) : applications.isError ? (
        <p className="text-sm text-rose-600">Could not load applications. Please try again.</p>
      ) : list.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No applications yet. Share your posting to reach more students.</p>
      ) : (
        <ul className="space-y-3">
          {list.map((a) => (
            <ApplicantRow key={a.id} application={a} onMessage={onMessage} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
