import { AlertTriangle, Ban, BadgeCheck, FileText, Hourglass, RotateCcw, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import type { EmployerStatus } from '@/types/safety';
import { useAdminEmployers, useSuspendEmployer, useVerifyEmployer, type AdminEmployer } from '../api/safety';
import { FormActions } from '@/components/ui/form-actions';
import { ListStates } from '@/components/ui/section';
import { AdminFact } from './admin-fact';
import { EmployerPostingsDialog } from './employer-postings-dialog';

const STATUS: Record<EmployerStatus, { label: string; tone: BadgeTone; icon: typeof Hourglass }> = {
  pending: { label: 'Pending review', tone: 'warning', icon: Hourglass },
  verified: { label: 'Verified', tone: 'positive', icon: BadgeCheck },
  suspended: { label: 'Suspended', tone: 'negative', icon: Ban },
};

const NO_REASON = 'Please give a reason for the suspension';

function postingsWord(n: number): string {
  return `${n} posting${n === 1 ? '' : 's'}`;
}

/** Asks for the reason (required; the employer reads it when signing in) before suspending. */
function SuspendDialog({ employer, onClose }: { employer: AdminEmployer | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const suspend = useSuspendEmployer();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!employer || suspend.isPending) return;
    if (!reason.trim()) {
      setError(NO_REASON);
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    suspend.mutate(
      { id: employer.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({
            title: 'Employer suspended',
            description: `${employer.company} and its postings are no longer visible to students.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure) ?? 'Could not suspend the employer. Please try again.'),
      },
    );
  };

  return (
    <Dialog
      open={employer !== null}
      onOpenChange={(open) => {
        if (!open && !suspend.isPending) onClose();
      }}
      variant="center"
      title={employer ? `Suspend ${employer.company}` : 'Suspend employer'}
      description="Its postings disappear for students and it can no longer sign in or message anyone."
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Suspend employer">
        <TextAreaField
          label="Reason"
          hint="Required. The employer sees it when trying to sign in."
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(undefined);
          }}
          maxLength={1000}
          required
          aria-required
          error={error}
          disabled={suspend.isPending}
        />
        <FormActions
          onCancel={onClose}
          pending={suspend.isPending}
          submitLabel="Suspend employer"
          pendingLabel="Suspending..."
          variant="destructive"
        />
      </form>
    </Dialog>
  );
}

function EmployerRow({
  employer,
  onSuspend,
  onViewPostings,
}: {
  employer: AdminEmployer;
  onSuspend: () => void;
  onViewPostings: () => void;
}) {
  const verify = useVerifyEmployer();
  // Verify (a pending company) or Reinstate (a suspended one): both asked in a dialog first.
  const [confirming, setConfirming] = useState(false);
  const reinstating = employer.status === 'suspended';
  const status = STATUS[employer.status] ?? STATUS.pending;
  const StatusIcon = status.icon;
  const website = employer.website?.trim();
  const websiteHref = website && /^https?:\/\//i.test(website) ? website : null;
  return (
    <li data-testid="admin-employer" aria-label={employer.company}>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-base font-bold text-slate-900 [overflow-wrap:anywhere]">{employer.company}</h3>
            <p className="text-sm text-slate-600">
              {[employer.industry, employer.companySize ? `${employer.companySize} employees` : null].filter(Boolean).join(' · ')}
            </p>
          </div>
          <Badge tone={status.tone} data-testid="employer-status">
            <StatusIcon aria-hidden className="h-3.5 w-3.5" />
            {status.label}
          </Badge>
        </div>
        <dl className="grid gap-2 sm:grid-cols-2">
          <AdminFact label="Contact">{employer.contactName || 'Not given'}</AdminFact>
          <AdminFact label="Email">
            <a href={`mailto:${employer.email}`} className="text-brand-700 underline-offset-2 hover:underline">
              {employer.email}
            </a>
            {employer.emailConfirmed !== undefined ? (
              <span data-testid="email-confirmed" className={employer.emailConfirmed ? 'block text-emerald-800' : 'block text-amber-900'}>
                {employer.emailConfirmed ? 'E-mail confirmed' : 'E-mail not confirmed'}
              </span>
            ) : null}
          </AdminFact>
          <AdminFact label="Phone">{employer.phone || 'Not given'}</AdminFact>
          <AdminFact label="Website">
            {websiteHref ? (
              <a href={websiteHref} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline-offset-2 hover:underline">
                {website}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              website || 'Not given'
            )}
          </AdminFact>
          <AdminFact label="Signed up">{formatDate(employer.createdAt)}</AdminFact>
          <AdminFact label="Postings">{employer.postings}</AdminFact>
        </dl>
        {employer.description ? <p className="whitespace-pre-line text-sm text-slate-700">{employer.description}</p> : null}
        {employer.unconfirmedPostings > 0 ? (
          <p
            className="flex items-start gap-2 rounded-2xl border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-950"
            data-testid="unconfirmed-postings"
          >
            <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            {postingsWord(employer.unconfirmedPostings)} without the hazardous-duties confirmation
          </p>
        ) : null}
        {employer.statusReason ? (
          <p className="text-sm text-slate-700">
            <span className="font-semibold">Reason:</span> {employer.statusReason}
            {employer.statusChangedAt ? <span className="text-slate-600"> ({formatDate(employer.statusChangedAt)})</span> : null}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" aria-label={`View postings of ${employer.company}`} onClick={onViewPostings}>
            <FileText aria-hidden className="h-4 w-4" />
            View postings
          </Button>
          {employer.status !== 'verified' ? (
            <Button
              size="sm"
              variant="primary"
              disabled={verify.isPending}
              aria-label={`${reinstating ? 'Reinstate' : 'Verify'} ${employer.company}`}
              onClick={() => setConfirming(true)}
            >
              {reinstating ? <RotateCcw aria-hidden className="h-4 w-4" /> : <ShieldCheck aria-hidden className="h-4 w-4" />}
              {verify.isPending ? (reinstating ? 'Reinstating...' : 'Verifying...') : reinstating ? 'Reinstate' : 'Verify'}
            </Button>
          ) : null}
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={reinstating ? `Reinstate ${employer.company}?` : `Verify ${employer.company}?`}
            description={
              <>
                {reinstating
                  ? `The suspension ends: every one of ${employer.company}'s postings comes back for students (one the district holds for review or hid stays so), and its conversations with students open again.`
                  : `Students will see ${employer.company}'s postings, and the company can message the students who apply.`}
                {employer.emailConfirmed === false ? (
                  <span data-testid="verify-email-warning" className="mt-2 block font-semibold text-amber-900">
                    Its e-mail address ({employer.email}) is not confirmed yet: the sign-up link has not been opened.
                  </span>
                ) : null}
              </>
            }
            confirmLabel={reinstating ? 'Reinstate' : 'Verify'}
            destructive={false}
            pending={verify.isPending}
            onConfirm={() =>
              verify.mutate(employer.id, {
                onSettled: () => setConfirming(false),
                onSuccess: () =>
                  toast({
                    title: reinstating ? 'Employer reinstated' : 'Employer verified',
                    description: `Students can now see ${employer.company}'s postings.`,
                    variant: 'success',
                  }),
                onError: (error) =>
                  toast({
                    title: reinstating ? 'Could not reinstate' : 'Could not verify',
                    description: errorMessage(error),
                    variant: 'destructive',
                  }),
              })
            }
          />
          {employer.status !== 'suspended' ? (
            <Button size="sm" variant="outline" className="text-rose-700" aria-label={`Suspend ${employer.company}`} onClick={onSuspend}>
              <Ban aria-hidden className="h-4 w-4" />
              Suspend
            </Button>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

/** Employers: pending ones first (as the server sends them), each with Verify and Suspend. */
export function EmployersTab() {
  const employers = useAdminEmployers(true);
  const [suspending, setSuspending] = useState<AdminEmployer | null>(null);
  const [reading, setReading] = useState<AdminEmployer | null>(null);
  const list = employers.data ?? [];
  const pending = list.filter((e) => e.status === 'pending').length;
  return (
    <section aria-labelledby="employers-heading" className="space-y-3">
      <h2 id="employers-heading" className="text-lg font-bold text-slate-900">
        Employers
      </h2>
      <p className="text-sm text-slate-600">
        Students see an employer&rsquo;s postings only once it is verified.
        {employers.data ? ` ${pending} awaiting review.` : ''}
      </p>
      <ListStates
        query={employers}
        loadingLabel="Loading employers"
        loadingClassName="py-8"
        errorText="employers"
        onRetry={() => void employers.refetch()}
        isEmpty={list.length === 0}
        empty="No employers yet."
      >
        <ul className="space-y-3">
          {list.map((e) => (
            <EmployerRow key={e.id} employer={e} onSuspend={() => setSuspending(e)} onViewPostings={() => setReading(e)} />
          ))}
        </ul>
      </ListStates>
      <EmployerPostingsDialog employer={reading} onClose={() => setReading(null)} />
      {suspending ? <SuspendDialog key={suspending.id} employer={suspending} onClose={() => setSuspending(null)} /> : null}
    </section>
  );
}
