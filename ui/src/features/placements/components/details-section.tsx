import { Briefcase, Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useForm } from '@/lib/use-form';
import { isValidEmail, type Errors } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import { hoursText, type Placement } from '@/types/placement';
import { useSaveDetails } from '../api/placements';
import { showFieldErrors } from '../lib/format';

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
  if (!v.supervisorName.trim()) e.supervisorName = "The supervisor's name is required";
  if (!v.supervisorEmail.trim()) e.supervisorEmail = "The supervisor's e-mail is required";
  else if (!isValidEmail(v.supervisorEmail)) e.supervisorEmail = 'Please enter a valid email address';
  if (!v.worksite.trim()) e.worksite = 'The worksite address is required';
  if (!v.startDate) e.startDate = 'Please choose a start date';
  if (!v.endDate) e.endDate = 'Please choose an end date';
  else if (v.startDate && v.endDate < v.startDate) e.endDate = 'The end date must be on or after the start date';
  if (!v.schedule.trim()) e.schedule = 'The weekly schedule is required';
  else if (v.schedule.trim().length > SCHEDULE_MAX) e.schedule = `At most ${SCHEDULE_MAX} characters`;
  const hours = Number(v.plannedHours);
  if (!v.plannedHours.trim() || !Number.isInteger(hours) || hours < 1 || hours > 2000) {
    e.plannedHours = 'Planned hours must be a whole number from 1 to 2000';
  }
  if (v.paid) {
    const wage = Number(v.hourlyWage);
    if (!v.hourlyWage.trim() || !Number.isFinite(wage) || wage < MIN_WAGE || wage > 200) {
      e.hourlyWage = 'A paid placement pays at least the federal minimum wage ($7.25 an hour)';
    }
  }
  return e;
}

export function payText(placement: Pick<Placement, 'paid' | 'hourlyWage'>): string {
  if (!placement.paid) return 'Unpaid';
  return placement.hourlyWage !== null ? `Paid, $${placement.hourlyWage.toFixed(2)} an hour` : 'Paid';
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
  const s = placement.supervisor;
  const supervisor = s.name ? [s.name, s.title].filter(Boolean).join(', ') : 'Not given yet';
  return (
    <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2" data-testid="placement-details">
      <Fact label="Supervisor">{supervisor}</Fact>
      <Fact label="Supervisor's contact">{[s.email, s.phone].filter(Boolean).join(' · ') || 'Not given yet'}</Fact>
      <Fact label="Worksite">{placement.worksite || 'Not given yet'}</Fact>
      <Fact label="Dates">
        {placement.startDate || placement.endDate
          ? `${formatDate(placement.startDate, 'Not set')} to ${formatDate(placement.endDate, 'Not set')}`
          : 'Not set yet'}
      </Fact>
      <Fact label="Weekly schedule">{placement.schedule || 'Not given yet'}</Fact>
      <Fact label="Planned hours">{placement.plannedHours ? `${hoursText(placement.plannedHours)} hours` : 'Not given yet'}</Fact>
      <Fact label="Pay">{payText(placement)}</Fact>
    </dl>
  );
}

/** The employer's form of the details (supervisor, worksite, dates, schedule, hours, pay). */
function DetailsForm({ placement, onDone }: { placement: Placement; onDone: (() => void) | null }) {
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
            title: 'Details saved',
            description:
              saved.state === 'awaiting_signatures'
                ? 'The agreement is ready: everyone can read and sign it.'
                : 'The placement is updated.',
            variant: 'success',
          });
          onDone?.();
        },
        onError: (error) => {
          if (!showFieldErrors(form, formRef.current, error, FIELDS)) setAlert(errorMessage(error) ?? 'Could not save. Please try again.');
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Placement details" className="space-y-4">
      {signed ? (
        <p className="rounded-2xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="voids-signatures">
          Saving a change voids every signature: everyone signs the new agreement again.
        </p>
      ) : null}
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-bold text-slate-900">Supervisor</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Supervisor's name" autoComplete="off" {...form.field('supervisorName')} />
          <TextField label="Supervisor's title" optional autoComplete="off" {...form.field('supervisorTitle')} />
          <TextField label="Supervisor's e-mail" type="email" inputMode="email" autoComplete="off" {...form.field('supervisorEmail')} />
          <TextField label="Supervisor's phone" type="tel" optional autoComplete="off" {...form.field('supervisorPhone')} />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-bold text-slate-900">Where and when</legend>
        <TextField label="Worksite address" autoComplete="off" {...form.field('worksite')} />
        <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2">
          <TextField label="Start date" type="date" {...form.field('startDate')} />
          <TextField label="End date" type="date" min={v.startDate || undefined} {...form.field('endDate')} />
        </div>
        <TextField
          label="Weekly schedule"
          placeholder="e.g. Tuesdays and Thursdays 3:30-6:30 pm"
          maxLength={SCHEDULE_MAX}
          hint={`${v.schedule.length}/${SCHEDULE_MAX} characters`}
          {...form.field('schedule')}
        />
        <TextField
          label="Planned hours in total"
          type="number"
          inputMode="numeric"
          min={1}
          max={2000}
          step={1}
          {...form.field('plannedHours')}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-bold text-slate-900">Pay</legend>
        <div className="flex items-center gap-3">
          <input
            id={paidId}
            type="checkbox"
            checked={v.paid}
            onChange={(e) => form.setField('paid', e.target.checked)}
            className="h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-600"
          />
          <label htmlFor={paidId} className="text-sm font-semibold text-slate-800">
            This placement is paid
          </label>
        </div>
        {v.paid ? (
          <TextField
            label="Hourly wage (US dollars)"
            type="number"
            inputMode="decimal"
            min={MIN_WAGE}
            step={0.01}
            hint="At least the federal minimum wage, $7.25 an hour."
            {...form.field('hourlyWage')}
          />
        ) : null}
      </fieldset>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save details'}
        </Button>
        {onDone ? (
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
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
  const editable = placement.you === 'supervisor' && (placement.state === 'setup' || placement.state === 'awaiting_signatures');
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    if (returned && !editing) editRef.current?.focus();
  }, [returned, editing]);
  const formOpen = editable && (placement.state === 'setup' || editing);
  return (
    <Section headingId="details-heading" icon={Briefcase} title="Placement details" className="mt-6">
      <Card className="space-y-4">
        {formOpen ? (
          <>
            {placement.state === 'setup' ? (
              <p className="text-sm text-slate-700">
                Fill in the details so the student, their parent or guardian and the school can sign.
              </p>
            ) : null}
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
                Change details
              </Button>
            ) : null}
          </>
        )}
      </Card>
    </Section>
  );
}
