import { ClipboardList } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Section } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useForm } from '@/lib/use-form';
import { required, validator } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import type { Placement, PlacementRecord } from '@/types/placement';
import { useAddVisit, useSetCluster, useTickChecklist } from '../api/placements';
import { ns, tPlacements } from '../i18n';
import { atText, showFieldErrors, todayIso } from '../lib/format';

const NONE = '-';

function Cluster({ placement, record }: { placement: Placement; record: PlacementRecord }) {
  const { t } = useTranslation(ns);
  const save = useSetCluster(placement.id);
  const [failed, setFailed] = useState<string | null>(null);
  const options = [
    { value: NONE, label: t('record.noCluster') },
    ...record.clusters.map((c, n) => ({ value: c, label: record.clusterLabels[n] ?? c })),
  ];
  return (
    <div className="space-y-2">
      <SelectField
        label={t('record.cluster')}
        value={record.cluster ?? NONE}
        placeholder={t('record.noCluster')}
        options={options}
        onValueChange={(value) => {
          setFailed(null);
          save.mutate(value === NONE ? '' : value, {
            onSuccess: () => toast({ title: t('record.clusterSaved'), variant: 'success' }),
            onError: (error) => setFailed(errorMessage(error) ?? t('record.saveFailed')),
          });
        }}
      />
      {failed ? <FormAlert>{failed}</FormAlert> : null}
    </div>
  );
}

function Checklist({ placement, record }: { placement: Placement; record: PlacementRecord }) {
  const { t } = useTranslation(ns);
  const tick = useTickChecklist(placement.id);
  const [failed, setFailed] = useState<string | null>(null);
  const baseId = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-base font-bold text-slate-900">{t('record.checklist')}</legend>
      <ul className="space-y-2" data-testid="safety-checklist">
        {record.checklist.map((c, n) => (
          <li key={c.item} className="flex items-start gap-3 rounded-2xl bg-slate-50 p-3">
            <input
              id={`${baseId}-${n}`}
              type="checkbox"
              // The click shows at once; the server's answer then stands.
              checked={tick.isPending && tick.variables?.item === c.item ? tick.variables.done : c.done}
              disabled={tick.isPending}
              onChange={(e) => {
                setFailed(null);
                tick.mutate(
                  { item: c.item, done: e.target.checked },
                  { onError: (error) => setFailed(errorMessage(error) ?? t('record.saveFailed')) },
                );
              }}
              className="mt-0.5 h-6 w-6 shrink-0 accent-brand-600"
            />
            <label htmlFor={`${baseId}-${n}`} className="min-w-0 text-sm text-slate-900">
              <span className="block font-medium [overflow-wrap:anywhere]">{c.label}</span>
              {c.done ? (
                <span className="block text-xs text-slate-600">
                  {t('record.tickedBy', { name: c.by || t('record.districtAdmin'), at: atText(c.at) })}
                </span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
      {failed ? <FormAlert>{failed}</FormAlert> : null}
    </fieldset>
  );
}

interface VisitValues {
  date: string;
  notes: string;
}

const validateVisit = validator<VisitValues>({
  date: required(() => tPlacements('record.dateRequired')),
  notes: required(() => tPlacements('record.notesRequired')),
});

function Visits({ placement, record }: { placement: Placement; record: PlacementRecord }) {
  const { t } = useTranslation(ns);
  const add = useAddVisit(placement.id);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<VisitValues>({ date: todayIso(), notes: '' }, validateVisit);
  const [alert, setAlert] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending || !form.validateAll(formRef.current)) return;
    setAlert(undefined);
    add.mutate(
      { date: form.values.date, notes: form.values.notes.trim() },
      {
        onSuccess: () => {
          form.setField('notes', '');
          toast({ title: t('record.visitSaved'), variant: 'success' });
        },
        onError: (error) => {
          if (!showFieldErrors(form, formRef.current, error, { date: 'date', notes: 'notes' }))
            setAlert(errorMessage(error) ?? t('record.saveFailed'));
        },
      },
    );
  };
  return (
    <div className="space-y-3">
      <h3 className="text-base font-bold text-slate-900">{t('record.visits')}</h3>
      {record.visits.length === 0 ? (
        <p className="text-sm text-slate-700">{t('record.noVisits')}</p>
      ) : (
        <ul className="space-y-2" data-testid="visits">
          {record.visits.map((v, n) => (
            <li key={`${v.date}-${n}`} className="rounded-2xl bg-slate-50 p-3 text-sm">
              <p className="font-semibold text-slate-900">
                {t('record.visitLine', { date: formatDate(v.date), name: v.by || t('record.districtAdmin') })}
              </p>
              <p className="text-slate-800 [overflow-wrap:anywhere]">{v.notes}</p>
            </li>
          ))}
        </ul>
      )}
      <form ref={formRef} noValidate onSubmit={submit} aria-label={t('record.visitForm')} className="space-y-3">
        <TextField label={t('record.visitDate')} type="date" max={todayIso()} {...form.field('date')} />
        <TextAreaField label={t('record.visitNotes')} rows={3} {...form.field('notes')} />
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <Button type="submit" disabled={add.isPending}>
          {t('record.addVisit')}
        </Button>
      </form>
    </div>
  );
}

/** The school's record of a placement: the career cluster, the safety checklist, the visits. */
export function RecordSection({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const record = placement.record;
  if (!record) return null;
  return (
    <Section headingId="record-heading" icon={ClipboardList} title={t('record.heading')} className="mt-6">
      <Card className="space-y-6">
        <Cluster placement={placement} record={record} />
        <Checklist placement={placement} record={record} />
        <Visits placement={placement} record={record} />
      </Card>
    </Section>
  );
}
