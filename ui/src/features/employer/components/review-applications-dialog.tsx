import { ArrowRight, ClipboardCheck, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button, LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Spinner, SpinnerBlock } from '@/components/ui/spinner';
import { toast } from '@/stores/toast-store';
import { useEmployerApplications, useUpdateApplicationStatus } from '../api/applications';
import { formatDate } from '@/lib/format';
import { ns } from '../i18n';
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
  const { t } = useTranslation(ns);
  const update = useUpdateApplicationStatus();
  const name = applicantName(application.student);
  // Hired and Rejected are final (domain/applications.rs): asked once more before they are sent.
  const [confirming, setConfirming] = useState<ApplicationStatus | null>(null);

  const move = (status: ApplicationStatus) => {
    update.mutate(
      { id: application.id, status },
      {
        onSettled: () => setConfirming(null),
        // Hiring starts a placement: the toast says so and what comes next.
        onSuccess: () =>
          toast(
            status === 'hired'
              ? { title: t('review.placementStarted'), description: t('review.placementStartedText', { name }), variant: 'success' }
              : {
                  title: t('review.updated'),
                  description: t('review.updatedText', { name, status: STATUS_LABELS[status] }),
                  variant: 'success',
                },
          ),
        onError: () => toast({ description: t('review.updateFailed'), variant: 'destructive' }),
      },
    );
  };

  return (
    <li className="rounded-2xl border border-slate-200 p-4" data-testid="applicant" aria-label={t('review.applicantLabel', { name })}>
      <div className="flex items-start gap-3">
        <ApplicantAvatar student={application.student} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-base font-bold text-slate-900">{name}</h3>
            <StatusBadge status={application.status} />
          </div>
          <p className="text-xs text-slate-500">{t('shared.applied', { date: formatDate(application.appliedAt) })}</p>
        </div>
      </div>
      <div className="mt-3">
        <ApplicantFacts student={application.student} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {application.nextStatuses.length > 0 ? (
          <div role="group" aria-label={t('review.moveGroup', { name })} className="flex flex-wrap gap-2">
            {application.nextStatuses.map((status) => (
              <Button
                key={status}
                size="sm"
                variant={status === 'rejected' ? 'outline' : 'secondary'}
                disabled={update.isPending}
                onClick={() => (FINAL_STATUSES.has(status) ? setConfirming(status) : move(status))}
                aria-label={t('review.moveLabel', { action: STATUS_ACTIONS[status], status: STATUS_LABELS[status] })}
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
            aria-label={t('review.placementLabel', { name })}
            data-testid="applicant-placement-link"
          >
            <ClipboardCheck aria-hidden className="h-4 w-4" />
            {t('review.placement')}
          </LinkButton>
        ) : (
          <p className="text-xs text-slate-500">{t('review.final')}</p>
        )}
        {update.isPending ? <Spinner label={t('review.updating')} className="text-brand-600" /> : null}
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title={confirming === 'hired' ? t('review.hireTitle', { name }) : t('review.rejectTitle', { name })}
          description={confirming === 'hired' ? t('review.hireText', { name }) : t('review.rejectText', { name })}
          confirmLabel={confirming === 'hired' ? t('review.hireConfirm') : t('review.rejectConfirm')}
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
          {t('review.message')}
        </Button>
      </div>
    </li>
  );
}

/** Review Applications: the applicants to one posting, moved through the pipeline. */
export function ReviewApplicationsDialog({ internship, onClose, onMessage }: ReviewApplicationsDialogProps) {
  const { t } = useTranslation(ns);
  const applications = useEmployerApplications(internship !== null);
  const list = (applications.data ?? []).filter((a) => a.internshipId === internship?.id);

  return (
    <Dialog
      open={internship !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="sm:max-w-2xl"
      title={t('review.title')}
      description={internship ? t('review.description', { title: internship.title, count: list.length }) : undefined}
    >
      {applications.isLoading ? (
        <SpinnerBlock label={t('review.loading')} className="py-8" />
      ) : applications.isError ? (
        <p className="text-sm text-rose-600">{t('review.loadFailed')}</p>
      ) : list.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">{t('review.empty')}</p>
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
