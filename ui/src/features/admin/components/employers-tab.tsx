import { AlertTriangle, Ban, BadgeCheck, FileText, Hourglass, RotateCcw, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
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
import { ns } from '../i18n';
import { EmployerPostingsDialog } from './employer-postings-dialog';

/** Each status's badge (its words: `employers.status.*`). */
const STATUS: Record<EmployerStatus, { tone: BadgeTone; icon: typeof Hourglass }> = {
  pending: { tone: 'warning', icon: Hourglass },
  verified: { tone: 'positive', icon: BadgeCheck },
  suspended: { tone: 'negative', icon: Ban },
};

/** Asks for the reason (required; the employer reads it when signing in) before suspending. */
function SuspendDialog({ employer, onClose }: { employer: AdminEmployer | null; onClose: () => void }) {
  const { t } = useTranslation(ns);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const suspend = useSuspendEmployer();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!employer || suspend.isPending) return;
    if (!reason.trim()) {
      setError(t('employers.noReason'));
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    suspend.mutate(
      { id: employer.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({
            title: t('employers.suspended'),
            description: t('employers.suspendedText', { company: employer.company }),
            variant: 'success',
          });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure) ?? t('employers.suspendFailed')),
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
      title={employer ? t('employers.suspendCompany', { company: employer.company }) : t('employers.suspendEmployer')}
      description={t('employers.suspendText')}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('employers.suspendEmployer')}>
        <TextAreaField
          label={t('employers.reason')}
          hint={t('employers.reasonHint')}
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
          submitLabel={t('employers.suspendEmployer')}
          pendingLabel={t('employers.suspending')}
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
  const { t } = useTranslation(ns);
  const verify = useVerifyEmployer();
  // Verify (a pending company) or Reinstate (a suspended one): both asked in a dialog first.
  const [confirming, setConfirming] = useState(false);
  const reinstating = employer.status === 'suspended';
  const statusName: EmployerStatus = employer.status in STATUS ? employer.status : 'pending';
  const status = STATUS[statusName];
  const StatusIcon = status.icon;
  const company = employer.company;
  const website = employer.website?.trim();
  const websiteHref = website && /^https?:\/\//i.test(website) ? website : null;
  return (
    <li data-testid="admin-employer" aria-label={employer.company}>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-base font-bold text-slate-900 [overflow-wrap:anywhere]">{employer.company}</h3>
            <p className="text-sm text-slate-600">
              {[employer.industry, employer.companySize ? t('employers.employees', { size: employer.companySize }) : null]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <Badge tone={status.tone} data-testid="employer-status">
            <StatusIcon aria-hidden className="h-3.5 w-3.5" />
            {t(`employers.status.${statusName}`)}
          </Badge>
        </div>
        <dl className="grid gap-2 sm:grid-cols-2">
          <AdminFact label={t('employers.contact')}>{employer.contactName || t('fact.notGiven')}</AdminFact>
          <AdminFact label={t('employers.email')}>
            <a href={`mailto:${employer.email}`} className="text-brand-700 underline-offset-2 hover:underline">
              {employer.email}
            </a>
            {employer.emailConfirmed !== undefined ? (
              <span data-testid="email-confirmed" className={employer.emailConfirmed ? 'block text-emerald-800' : 'block text-amber-900'}>
                {employer.emailConfirmed ? t('employers.emailConfirmed') : t('employers.emailNotConfirmed')}
              </span>
            ) : null}
          </AdminFact>
          <AdminFact label={t('employers.phone')}>{employer.phone || t('fact.notGiven')}</AdminFact>
          <AdminFact label={t('employers.website')}>
            {websiteHref ? (
              <a href={websiteHref} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline-offset-2 hover:underline">
                {website}
                <span className="sr-only"> {t('employers.newTab')}</span>
              </a>
            ) : (
              website || t('fact.notGiven')
            )}
          </AdminFact>
          <AdminFact label={t('employers.signedUp')}>{formatDate(employer.createdAt)}</AdminFact>
          <AdminFact label={t('employers.postings')}>{employer.postings}</AdminFact>
        </dl>
        {employer.description ? <p className="whitespace-pre-line text-sm text-slate-700">{employer.description}</p> : null}
        {employer.unconfirmedPostings > 0 ? (
          <p
            className="flex items-start gap-2 rounded-2xl border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-950"
            data-testid="unconfirmed-postings"
          >
            <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            {t('employers.unconfirmed', { count: employer.unconfirmedPostings })}
          </p>
        ) : null}
        {employer.statusReason ? (
          <p className="text-sm text-slate-700">
            <span className="font-semibold">{t('employers.reasonLabel')}</span> {employer.statusReason}
            {employer.statusChangedAt ? <span className="text-slate-600"> ({formatDate(employer.statusChangedAt)})</span> : null}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" aria-label={t('employers.viewPostingsOf', { company })} onClick={onViewPostings}>
            <FileText aria-hidden className="h-4 w-4" />
            {t('employers.viewPostings')}
          </Button>
          {employer.status !== 'verified' ? (
            <Button
              size="sm"
              variant="primary"
              disabled={verify.isPending}
              aria-label={reinstating ? t('employers.reinstateCompany', { company }) : t('employers.verifyCompany', { company })}
              onClick={() => setConfirming(true)}
            >
              {reinstating ? <RotateCcw aria-hidden className="h-4 w-4" /> : <ShieldCheck aria-hidden className="h-4 w-4" />}
              {verify.isPending
                ? reinstating
                  ? t('employers.reinstating')
                  : t('employers.verifying')
                : reinstating
                  ? t('employers.reinstate')
                  : t('employers.verify')}
            </Button>
          ) : null}
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={reinstating ? t('employers.confirmReinstate', { company }) : t('employers.confirmVerify', { company })}
            description={
              <>
                {reinstating ? t('employers.confirmReinstateText', { company }) : t('employers.confirmVerifyText', { company })}
                {employer.emailConfirmed === false ? (
                  <span data-testid="verify-email-warning" className="mt-2 block font-semibold text-amber-900 [overflow-wrap:anywhere]">
                    {t('employers.emailWarning', { email: employer.email })}
                  </span>
                ) : null}
              </>
            }
            confirmLabel={reinstating ? t('employers.reinstate') : t('employers.verify')}
            destructive={false}
            pending={verify.isPending}
            onConfirm={() =>
              verify.mutate(employer.id, {
                onSettled: () => setConfirming(false),
                onSuccess: () =>
                  toast({
                    title: reinstating ? t('employers.reinstated') : t('employers.verified'),
                    description: t('employers.verifiedText', { company }),
                    variant: 'success',
                  }),
                onError: (error) =>
                  toast({
                    title: reinstating ? t('employers.reinstateFailed') : t('employers.verifyFailed'),
                    description: errorMessage(error),
                    variant: 'destructive',
                  }),
              })
            }
          />
          {employer.status !== 'suspended' ? (
            <Button
              size="sm"
              variant="outline"
              className="text-rose-700"
              aria-label={t('employers.suspendCompany', { company })}
              onClick={onSuspend}
            >
              <Ban aria-hidden className="h-4 w-4" />
              {t('employers.suspend')}
            </Button>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

/** Employers: pending ones first (as the server sends them), each with Verify and Suspend. */
export function EmployersTab() {
  const { t } = useTranslation(ns);
  const employers = useAdminEmployers(true);
  const [suspending, setSuspending] = useState<AdminEmployer | null>(null);
  const [reading, setReading] = useState<AdminEmployer | null>(null);
  const list = employers.data ?? [];
  const pending = list.filter((e) => e.status === 'pending').length;
  return (
    <section aria-labelledby="employers-heading" className="space-y-3">
      <h2 id="employers-heading" className="text-lg font-bold text-slate-900">
        {t('employers.heading')}
      </h2>
      <p className="text-sm text-slate-600">
        {t('employers.intro')}
        {employers.data ? ` ${t('employers.awaiting', { count: pending })}` : ''}
      </p>
      <ListStates
        query={employers}
        loadingLabel={t('employers.loading')}
        loadingClassName="py-8"
        errorText={t('employers.errorText')}
        onRetry={() => void employers.refetch()}
        isEmpty={list.length === 0}
        empty={t('employers.empty')}
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
