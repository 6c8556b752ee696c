import { CheckCircle2, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import { hoursText, type Placement } from '@/types/placement';
import { useCancelPlacement, useComplete, useEndEarly } from '../api/placements';
import { ns } from '../i18n';
import { ReasonForm } from './reason-form';

/**
 * What ends a placement: the school completes it or ends it early (with a reason) once it is
 * active; the school or the employer cancels it before it starts (with a reason).
 */
export function ActionsSection({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const complete = useComplete(placement.id);
  const endEarly = useEndEarly(placement.id);
  const cancel = useCancelPlacement(placement.id);
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const school = placement.you === 'school';
  const active = placement.state === 'active';
  const beforeStart = placement.state === 'setup' || placement.state === 'awaiting_signatures';
  const canCancel = beforeStart && (school || placement.you === 'supervisor');
  if (!(school && active) && !canCancel) return null;
  return (
    <Section
      headingId="actions-heading"
      icon={Settings2}
      title={school ? t('actions.schoolHeading') : t('actions.cancelHeading')}
      className="mt-6"
    >
      <Card className="space-y-3">
        {school && active ? (
          <>
            <p className="text-sm text-slate-700">
              {placement.finish.mayComplete
                ? t('actions.completeIntro')
                : t('actions.completeLater', {
                    date: formatDate(placement.endDate),
                    approved: hoursText(placement.hours.approved),
                    planned: hoursText(placement.hours.planned),
                  })}
            </p>
            <div className="flex flex-wrap items-start gap-2">
              {placement.finish.mayComplete ? (
                <Button onClick={() => setConfirming(true)} disabled={complete.isPending}>
                  <CheckCircle2 aria-hidden className="h-4 w-4" />
                  {t('actions.markCompleted')}
                </Button>
              ) : null}
              <ReasonForm
                openLabel={t('actions.endEarly')}
                label={t('actions.whyEnds')}
                submitLabel={t('actions.endEarly')}
                blankMessage={t('actions.giveReason')}
                dismissLabel={t('actions.keepActive')}
                onSubmit={(reason) =>
                  endEarly
                    .mutateAsync(reason)
                    .then(() => toast({ title: t('actions.endedTitle'), description: t('actions.everyoneTold'), variant: 'success' }))
                }
              />
            </div>
          </>
        ) : null}
        {canCancel ? (
          <>
            <p className="text-sm text-slate-700">{t('actions.cancelIntro')}</p>
            <ReasonForm
              openLabel={t('actions.cancel')}
              label={t('actions.whyCancelled')}
              submitLabel={t('actions.cancelSubmit')}
              blankMessage={t('actions.giveReason')}
              dismissLabel={t('actions.keepPlacement')}
              onSubmit={(reason) =>
                cancel
                  .mutateAsync(reason)
                  .then(() => toast({ title: t('actions.cancelledTitle'), description: t('actions.everyoneTold'), variant: 'success' }))
              }
            />
          </>
        ) : null}
        {alert ? <FormAlert>{alert}</FormAlert> : null}
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('actions.completeTitle')}
        description={t('actions.completeText', { student: placement.student.name, hours: hoursText(placement.hours.approved) })}
        confirmLabel={complete.isPending ? t('actions.completing') : t('actions.markCompleted')}
        destructive={false}
        pending={complete.isPending}
        onConfirm={() => {
          setAlert(null);
          complete.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: t('actions.completedTitle'), description: t('actions.completedText'), variant: 'success' });
            },
            onError: (error) => {
              setConfirming(false);
              setAlert(errorMessage(error) ?? t('actions.completeFailed'));
            },
          });
        }}
      />
    </Section>
  );
}
