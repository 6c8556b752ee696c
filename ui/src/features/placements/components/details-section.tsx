import { Briefcase, Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { isValidEmail, type Errors } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import { hoursText, type Placement } from '@/types/placement';
import { useSaveDetails } from '../api/placements';
import { ns, tPlacements } from '../i18n';
import { fromToText, showFieldErrors, wageText } from '../lib/format';

export const SCHEDULE_MAX = 200;
const MIN_WAGE = 7.25;

interface DetailsValues {
  supervisorName: string;
  supervisorTitle: string;
  supervisorEmail: string;
  supervisorPhone: string;
  worksite: string;
  startDate: string;
  endDate: string;
  schedule: string;
  plannedHours: string;
  paid: boolean;
  hourlyWage: string;
}

/** The server's field names → this form's. */
const FIELDS: Record<string, keyof DetailsValues & string> = {
  'supervisor.name': 'supervisorName',
  'supervisor.title': 'supervisorTitle',
  'supervisor.email': 'supervisorEmail',
  'supervisor.phone': 'supervisorPhone',
  worksite: 'worksite',
  startDate: 'startDate',
  endDate: 'endDate',
  schedule: 'schedule',
  plannedHours: 'plannedHours',
  hourlyWage: 'hourlyWage',
};

function validateDetails(v: DetailsValues): Errors<keyof DetailsValues & string> {
  const e: Errors<keyof DetailsValues & string> = {};
  const t = tPlacements;
  if (!v.supervisorName.trim()) e.supervisorName = t('details.errors.supervisorName');
  if (!v.supervisorEmail.trim()) e.supervisorEmail = t('details.errors.supervisorEmail');
  else if (!isValidEmail(v.supervisorEmail)) e.supervisorEmail = t('shared.emailInvalid');
  if (!v.worksite.trim()) e.worksite = t('details.errors.worksite');
  if (!v.startDate) e.startDate = t('details.errors.startDate');
  if (!v.endDate) e.endDate = t('details.errors.endDate');
  else if (v.startDate && v.endDate < v.startDate) e.endDate = t('details.errors.endBeforeStart');
  if (!v.schedule.trim()) e.schedule = t('details.errors.schedule');
  else if (v.schedule.trim().length > SCHEDULE_MAX) e.schedule = t('details.errors.scheduleTooLong', { max: SCHEDULE_MAX });
  const hours = Number(v.plannedHours);
  if (!v.plannedHours.trim() || !Number.isInteger(hours) || hours < 1 || hours > 2000) {
    e.plannedHours = t('details.errors.plannedHours');
  }
  if (v.paid) {
    const wage = Number(v.hourlyWage);
    if (!v.hourlyWage.trim() || !Number.isFinite(wage) || wage < MIN_WAGE || wage > 200) {
      e.hourlyWage = t('details.errors.wage');
    }
  }
  return e;
}

export function payText(placement: Pick<Placement, 'paid' | 'hourlyWage'>): string {
  if (!placement.paid) return tPlacements('details.unpaid');
  return placement.hourlyWage !== null
    ? tPlacements('details.paidWage', { wage: wageText(placement.hourlyWage) })
    : tPlacements('details.paid');
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The placement's details as everyone reads them. */
export function DetailsFacts({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const s = placement.supervisor;
  const notGiven = t('shared.notGivenYet');
  const supervisor = s.name ? [s.name, s.title].filter(Boolean).join(', ') : notGiven;
  return (
    <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2" data-testid="placement-details">
      <Fact label={t('details.supervisor')}>{supervisor}</Fact>
      <Fact label={t('details.supervisorContact')}>{[s.email, s.phone].filter(Boolean).join(' · ') || notGiven}</Fact>
      <Fact label={t('details.worksite')}>{placement.worksite || notGiven}</Fact>
      <Fact label={t('details.dates')}>{fromToText(placement.startDate, placement.endDate)}</Fact>
      <Fact label={t('details.schedule')}>{placement.schedule || notGiven}</Fact>
      <Fact label={t('details.plannedHours')}>
        {placement.plannedHours ? t('hours.planned', { hours: hoursText(placement.plannedHours) }) : notGiven}
      </Fact>
      <Fact label={t('details.pay')}>{placement.state === 'setup' ? notGiven : payText(placement)}</Fact>
    </dl>
  );
}

/** The employer's form of the details (supervisor, worksite, dates, schedule, hours, pay). */
function DetailsForm({ placement, onDone }: { placement: Placement; onDone: (() => void) | null }) {
  const { t } = useTranslation([ns, 'common']);
  const formRef = useRef<HTMLFormElement>(null);
  const paidId = useId();
  const save = useSaveDetails(placement.id);
  const s = placement.supervisor;
  const form = useForm<DetailsValues>(
    {
      supervisorName: s.name || placement.employer.contactName || '',
      supervisorTitle: s.title,
      supervisorEmail: s.email,
      supervisorPhone: s.phone,
      worksite: placement.worksite || placement.internship.location || '',
      startDate: placement.startDate ?? '',
      endDate: placement.endDate ?? '',
      schedule: placement.schedule,
      plannedHours: placement.plannedHours ? String(placement.plannedHours) : '',
      paid: placement.paid,
      hourlyWage: placement.hourlyWage !== null ? placement.hourlyWage.toFixed(2) : '',
    },
    validateDetails,
  );
  const [alert, setAlert] = useState<string | undefined>();
  const signed = placement.signatures.length > 0;
  const v = form.values;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !form.validateAll(formRef.current)) return;
    setAlert(undefined);
    save.mutate(
      {
        supervisor: {
          name: v.supervisorName.trim(),
          title: v.supervisorTitle.trim(),
          email: v.supervisorEmail.trim(),
          phone: v.supervisorPhone.trim(),
        },
        worksite: v.worksite.trim(),
        startDate: v.startDate,
        endDate: v.endDate,
        schedule: v.schedule.trim(),
        plannedHours: Number(v.plannedHours),
        paid: v.paid,
        hourlyWage: v.paid ? Number(v.hourlyWage) : null,
      },
      {
        onSuccess: (saved) => {
          toast({
            title: t('details.savedTitle'),
            description: saved.state === 'awaiting_signatures' ? t('details.savedReady') : t('details.savedUpdated'),
            variant: 'success',
          });
          onDone?.();
        },
        onError: (error) => {
          if (!showFieldErrors(form, formRef.current, error, FIELDS)) setAlert(errorMessage(error) ?? t('shared.saveFailed'));
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={t('details.formLabel')} className="space-y-4">
      {signed ? (
        <p className="rounded-2xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="voids-signatures">
          {t('details.voids')}
        </p>
      ) : null}
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-bold text-slate-900">{t('details.supervisorLegend')}</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label={t('details.supervisorName')} autoComplete="off" {...form.field('supervisorName')} />
          <TextField label={t('details.supervisorTitle')} optional autoComplete="off" {...form.field('supervisorTitle')} />
          <TextField
            label={t('details.supervisorEmail')}
            type="email"
            inputMode="email"
            autoComplete="off"
            {...form.field('supervisorEmail')}
          />
          <TextField label={t('details.supervisorPhone')} type="tel" optional autoComplete="off" {...form.field('supervisorPhone')} />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-bold text-slate-900">{t('details.whereWhen')}</legend>
        <TextField label={t('details.worksiteAddress')} autoComplete="off" {...form.field('worksite')} />
        <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2">
          <TextField label={t('details.startDate')} type="date" {...form.field('startDate')} />
          <TextField label={t('details.endDate')} type="date" min={v.startDate || undefined} {...form.field('endDate')} />
        </div>
        <TextField
          label={t('details.schedule')}
          placeholder={t('details.schedulePlaceholder')}
          maxLength={SCHEDULE_MAX}
          hint={t('shared.characters', { count: v.schedule.length, max: SCHEDULE_MAX })}
          {...form.field('schedule')}
        />
        <TextField
          label={t('details.plannedTotal')}
          type="number"
          inputMode="numeric"
          min={1}
          max={2000}
          step={1}
          {...form.field('plannedHours')}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-bold text-slate-900">{t('details.payLegend')}</legend>
        <div className="flex items-center gap-3">
          <input
            id={paidId}
            type="checkbox"
            checked={v.paid}
            onChange={(e) => form.setField('paid', e.target.checked)}
            className="h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-600"
          />
          <label htmlFor={paidId} className="text-sm font-semibold text-slate-800">
            {t('details.isPaid')}
          </label>
        </div>
        {v.paid ? (
          <TextField
            label={t('details.wage')}
            type="number"
            inputMode="decimal"
            min={MIN_WAGE}
            step={0.01}
            hint={t('details.wageHint')}
            {...form.field('hourlyWage')}
          />
        ) : null}
      </fieldset>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('shared.saving') : t('details.save')}
        </Button>
        {onDone ? (
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The details: read by everyone; the employer fills them in while setting up (the form open)
 * and may change them until the placement starts (a change voids the signatures).
 */
export function DetailsSection({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const editable = placement.you === 'supervisor' && (placement.state === 'setup' || placement.state === 'awaiting_signatures');
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    if (returned && !editing) editRef.current?.focus();
  }, [returned, editing]);
  const formOpen = editable && (placement.state === 'setup' || editing);
  return (
    <Section headingId="details-heading" icon={Briefcase} title={t('details.heading')} className="mt-6">
      <Card className="space-y-4">
        {formOpen ? (
          <>
            {placement.state === 'setup' ? <p className="text-sm text-slate-700">{t('details.setupIntro')}</p> : null}
            <DetailsForm
              key={placement.agreementSha256}
              placement={placement}
              onDone={
                placement.state === 'setup'
                  ? null
                  : () => {
                      setEditing(false);
                      setReturned(true);
                    }
              }
            />
          </>
        ) : (
          <>
            <DetailsFacts placement={placement} />
            {editable ? (
              <Button ref={editRef} variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="h-4 w-4" />
                {t('details.change')}
              </Button>
            ) : null}
          </>
        )}
      </Card>
    </Section>
  );
}
