import { CheckCircle2, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/stores/toast-store';
import { hoursText, type Placement } from '@/types/placement';
import { useCancelPlacement, useComplete, useEndEarly } from '../api/placements';
import { ReasonForm } from './reason-form';

/**
 * What ends a placement: the school completes it or ends it early (with a reason) once it is
 * active; the school or the employer cancels it before it starts (with a reason).
 */
export function ActionsSection({ placement }: { placement: Placement }) {
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
      title={school ? "The school's actions" : 'Cancel this placement'}
      className="mt-6"
    >
      <Card className="space-y-3">
        {school && active ? (
          <>
            <p className="text-sm text-slate-700">
              Complete the placement once the supervisor&apos;s final evaluation is in and no hours wait for approval. The student then gets
              their certificate.
            </p>
            <div className="flex flex-wrap items-start gap-2">
              <Button onClick={() => setConfirming(true)} disabled={complete.isPending}>
                <CheckCircle2 aria-hidden className="h-4 w-4" />
                Mark completed
              </Button>
              <ReasonForm
                openLabel="End the placement early"
                label="Why it ends early"
                submitLabel="End the placement early"
                blankMessage="Please give a reason"
                dismissLabel="Keep it active"
                onSubmit={(reason) =>
                  endEarly
                    .mutateAsync(reason)
                    .then(() => toast({ title: 'Placement ended early', description: 'Everyone was told why.', variant: 'success' }))
                }
              />
            </div>
          </>
        ) : null}
        {canCancel ? (
          <>
            <p className="text-sm text-slate-700">A placement can be cancelled until it starts. Everyone is told the reason.</p>
            <ReasonForm
              openLabel="Cancel placement"
              label="Why it is cancelled"
              submitLabel="Cancel the placement"
              blankMessage="Please give a reason"
              dismissLabel="Keep the placement"
              onSubmit={(reason) =>
                cancel
                  .mutateAsync(reason)
                  .then(() => toast({ title: 'Placement cancelled', description: 'Everyone was told why.', variant: 'success' }))
              }
            />
          </>
        ) : null}
        {alert ? <FormAlert>{alert}</FormAlert> : null}
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Mark this placement completed?"
        description={`${placement.student.name} gets a certificate for ${hoursText(placement.hours.approved)} approved hours. This cannot be undone.`}
        confirmLabel={complete.isPending ? 'Completing...' : 'Mark completed'}
        destructive={false}
        pending={complete.isPending}
        onConfirm={() => {
          setAlert(null);
          complete.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Placement completed', description: 'The certificate is ready.', variant: 'success' });
            },
            onError: (error) => {
              setConfirming(false);
              setAlert(errorMessage(error) ?? 'Could not complete. Please try again.');
            },
          });
        }}
      />
    </Section>
  );
}
