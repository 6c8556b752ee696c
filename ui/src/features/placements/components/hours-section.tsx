import { CheckCircle2, Clock, Pencil, Timer, Trash2, Undo2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n/i18n';
import { useForm } from '@/lib/use-form';
import type { Errors } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import { hoursText, type EntryStatus, type HourEntry, type LoggedEntry, type Placement } from '@/types/placement';
import { useAddHours, useApproveHours, useDeleteHours, useEditHours, useReturnHours } from '../api/placements';
import { ns, tPlacements } from '../i18n';
import { showFieldErrors, todayIso, weekOf } from '../lib/format';
import { ReasonForm } from './reason-form';

export const NOTE_MAX = 500;

const STATUS: Record<EntryStatus, { tone: BadgeTone; icon: typeof Clock }> = {
  waiting: { tone: 'warning', icon: Clock },
  approved: { tone: 'positive', icon: CheckCircle2 },
  returned: { tone: 'negative', icon: Undo2 },
};

export function EntryBadge({ status }: { status: EntryStatus }) {
  const { t } = useTranslation(ns);
  const known: EntryStatus = status in STATUS ? status : 'waiting';
  const look = STATUS[known];
  const Icon = look.icon;
  return (
    <Badge tone={look.tone} data-testid="entry-status">
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {t(`entry.${known}`)}
    </Badge>
  );
}

/**
 * Approved hours against the planned ones, those waiting for the supervisor, and those back with
 * the student to fix (nobody else can move them, so they are never counted as waiting).
 */
export function HoursTotals({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const { approved, waiting, returned, planned } = placement.hours;
  const percent = planned > 0 ? (approved / planned) * 100 : 0;
  return (
    <div className="space-y-2" data-testid="hours-totals">
      <ProgressBar value={percent} label={t('hoursSection.progress', { approved: hoursText(approved), planned: hoursText(planned) })} />
      <p className="text-sm text-slate-700" data-testid="hours-waiting">
        {waiting > 0 ? t('hoursSection.waiting', { hours: hoursText(waiting) }) : t('hoursSection.noneWaiting')}
      </p>
      {returned > 0 ? (
        <p className="text-sm font-semibold text-amber-800" data-testid="hours-returned">
          {placement.you === 'student'
            ? t('hoursSection.returnedToYou', { hours: hoursText(returned) })
            : t('hoursSection.returnedToStudent', { hours: hoursText(returned) })}
        </p>
      ) : null}
    </div>
  );
}

interface EntryValues {
  date: string;
  hours: string;
  note: string;
}

/** The hint's and the quarter-hour error's examples, as the reader writes numbers ("2.25", "2,25"). */
const EXAMPLES = () => ({ quarter: hoursText(2.25), half: hoursText(3.5) });

function validateEntry(v: EntryValues): Errors<keyof EntryValues> {
  const e: Errors<keyof EntryValues> = {};
  const t = tPlacements;
  if (!v.date) e.date = t('hoursSection.errors.date');
  else if (v.date > todayIso()) e.date = t('hoursSection.errors.future');
  const hours = Number(v.hours);
  if (!v.hours.trim() || !Number.isFinite(hours) || hours <= 0) e.hours = t('hoursSection.errors.hours');
  else if (hours > 12) e.hours = t('hoursSection.errors.tooMany');
  else if (Math.abs(hours * 4 - Math.round(hours * 4)) > 1e-9) e.hours = t('hoursSection.errors.quarters', EXAMPLES());
  if (!v.note.trim()) e.note = t('hoursSection.errors.note');
  else if (v.note.length > NOTE_MAX) e.note = t('hoursSection.errors.noteTooLong', { max: NOTE_MAX });
  return e;
}

const ENTRY_FIELDS: Record<string, keyof EntryValues> = { date: 'date', hours: 'hours', note: 'note' };

/** The student's form: a new day's hours, or the changes to one not yet approved. */
function EntryForm({ placement, editing, onDone }: { placement: Placement; editing: HourEntry | null; onDone: () => void }) {
  const { t } = useTranslation([ns, 'common']);
  const formRef = useRef<HTMLFormElement>(null);
  const add = useAddHours(placement.id);
  const edit = useEditHours(placement.id);
  const pending = add.isPending || edit.isPending;
  const form = useForm<EntryValues>(
    editing ? { date: editing.date, hours: String(editing.hours), note: editing.note } : { date: '', hours: '', note: '' },
    validateEntry,
  );
  const [alert, setAlert] = useState<string | undefined>();
  const today = todayIso();
  const max = placement.endDate && placement.endDate < today ? placement.endDate : today;
  const heading = editing ? t('hoursSection.changeEntry', { date: formatDate(editing.date) }) : t('hoursSection.logHours');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !form.validateAll(formRef.current)) return;
    setAlert(undefined);
    const input = { date: form.values.date, hours: Number(form.values.hours), note: form.values.note.trim() };
    const done = {
      onSuccess: (logged: LoggedEntry) => {
        // Over a cap is still logged: the confirmation says so, as the entry's mark does.
        const over =
          logged.overCap === 'day'
            ? t('hoursSection.overDay', { hours: hoursText(input.hours), cap: hoursText(logged.cap ?? 0) })
            : logged.overCap === 'week'
              ? t('hoursSection.overWeek', { cap: hoursText(logged.cap ?? 0) })
              : null;
        toast({
          title: editing ? t('hoursSection.updatedTitle') : t('hoursSection.loggedTitle'),
          description: [t('hoursSection.loggedText', { hours: hoursText(input.hours), date: formatDate(input.date) }), over]
            .filter(Boolean)
            .join(' '),
          variant: over ? 'default' : 'success',
        });
        form.reset();
        onDone();
      },
      onError: (error: Error) => {
        if (!showFieldErrors(form, formRef.current, error, ENTRY_FIELDS)) setAlert(errorMessage(error) ?? t('shared.saveFailed'));
      },
    };
    if (editing) edit.mutate({ entryId: editing.id, ...input }, done);
    else add.mutate(input, done);
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={heading} className="space-y-4 rounded-2xl border border-slate-200 p-4">
      <h3 className="text-base font-bold text-slate-900">{heading}</h3>
      <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2">
        <TextField
          label={t('hoursSection.dayWorked')}
          type="date"
          min={placement.startDate ?? undefined}
          max={max}
          {...form.field('date')}
        />
        <TextField
          label={t('hoursSection.hours')}
          type="number"
          inputMode="decimal"
          min={0.25}
          max={12}
          step={0.25}
          hint={t('hoursSection.hoursHint', EXAMPLES())}
          {...form.field('hours')}
        />
      </div>
      <TextAreaField
        label={t('hoursSection.note')}
        maxLength={NOTE_MAX}
        hint={t('shared.characters', { count: form.values.note.length, max: NOTE_MAX })}
        className="min-h-24"
        {...form.field('note')}
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? t('shared.saving') : editing ? t('hoursSection.saveChanges') : t('hoursSection.logHours')}
        </Button>
        {editing ? (
          <Button variant="outline" onClick={onDone} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

interface EntryRowProps {
  placement: Placement;
  entry: HourEntry;
  onEdit: (entry: HourEntry) => void;
  onDelete: (entry: HourEntry) => void;
  onApprove: (ids: number[], what: string) => void;
  approving: boolean;
}

function EntryRow({ placement, entry, onEdit, onDelete, onApprove, approving }: EntryRowProps) {
  const { t } = useTranslation(ns);
  const returnHours = useReturnHours(placement.id);
  const active = placement.state === 'active';
  const day = formatDate(entry.date);
  const studentMay = placement.you === 'student' && active && entry.status !== 'approved';
  const supervisorMay = placement.you === 'supervisor' && active && entry.status === 'waiting';
  return (
    <li className="space-y-2 rounded-2xl bg-slate-50 p-3" data-testid="hour-entry" data-entry-id={entry.id} data-date={entry.date}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">{t('hoursSection.entryLine', { date: day, hours: hoursText(entry.hours) })}</p>
        <EntryBadge status={entry.status} />
      </div>
      {entry.overCap ? (
        <p className="text-sm font-semibold text-amber-800" data-testid="entry-over-cap">
          {entry.overCap === 'day'
            ? t('hoursSection.entryOverDay', { cap: hoursText(placement.caps.perDay) })
            : t('hoursSection.entryOverWeek', { cap: hoursText(placement.caps.perWeek) })}
        </p>
      ) : null}
      <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{entry.note}</p>
      {entry.status === 'returned' && entry.comment ? (
        <p
          className="rounded-xl border border-rose-200 bg-white p-2 text-sm text-rose-900 [overflow-wrap:anywhere]"
          data-testid="entry-comment"
        >
          <span className="font-semibold">{t('hoursSection.supervisorComment')}</span> {entry.comment}
        </p>
      ) : null}
      {studentMay ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => onEdit(entry)} aria-label={t('hoursSection.editLabel', { date: day })}>
            <Pencil aria-hidden className="h-4 w-4" />
            {t('hoursSection.edit')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDelete(entry)} aria-label={t('hoursSection.deleteLabel', { date: day })}>
            <Trash2 aria-hidden className="h-4 w-4" />
            {t('hoursSection.delete')}
          </Button>
        </div>
      ) : null}
      {supervisorMay ? (
        <div className="flex flex-wrap items-start gap-2">
          <Button
            size="sm"
            disabled={approving}
            onClick={() => onApprove([entry.id], t('hoursSection.approveWhat', { hours: hoursText(entry.hours), date: day }))}
            aria-label={t('hoursSection.approveLabel', { hours: hoursText(entry.hours), date: day })}
          >
            <CheckCircle2 aria-hidden className="h-4 w-4" />
            {t('hoursSection.approve')}
          </Button>
          <ReasonForm
            openLabel={t('hoursSection.return')}
            name={t('hoursSection.returnName', { date: day })}
            openSize="sm"
            label={t('hoursSection.whatToFix')}
            hint={t('hoursSection.returnHint')}
            submitLabel={t('hoursSection.returnEntry')}
            blankMessage={t('hoursSection.sayWhatToFix')}
            destructive={false}
            onSubmit={(comment) =>
              returnHours.mutateAsync({ entryId: entry.id, comment }).then(() =>
                toast({
                  title: t('hoursSection.returnedTitle'),
                  description: t('hoursSection.returnedText', { date: day }),
                  variant: 'success',
                }),
              )
            }
          />
        </div>
      ) : null}
    </li>
  );
}

/** An active placement whose first day has not come yet (no hours to log). */
export function notStarted(placement: Placement): boolean {
  return placement.startDate !== null && placement.startDate > todayIso();
}

/** The entries by week, newest week first. */
function byWeek(entries: HourEntry[]): { week: string; entries: HourEntry[] }[] {
  const weeks = new Map<string, HourEntry[]>();
  for (const entry of [...entries].sort((a, b) => b.date.localeCompare(a.date))) {
    const week = weekOf(entry.date);
    weeks.set(week, [...(weeks.get(week) ?? []), entry]);
  }
  return [...weeks.entries()].map(([week, list]) => ({ week, entries: list }));
}

/**
 * Hours: the totals; the student logs days and changes them until approved; the supervisor
 * approves them one by one or a week at a time, or returns one with a comment.
 */
export function HoursSection({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const [editing, setEditing] = useState<HourEntry | null>(null);
  const [deleting, setDeleting] = useState<HourEntry | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [overCap, setOverCap] = useState<{ ids: number[]; what: string } | null>(null);
  const remove = useDeleteHours(placement.id);
  const approve = useApproveHours(placement.id);
  const started = placement.state !== 'setup' && placement.state !== 'awaiting_signatures' && placement.state !== 'cancelled';
  if (!started && placement.entries.length === 0) return null;

  // Hours over the district's caps are approved only after the supervisor says so once more.
  const askApprove = (ids: number[], what: string) => {
    if (placement.entries.some((e) => ids.includes(e.id) && e.overCap)) setOverCap({ ids, what });
    else runApprove(ids, what);
  };
  const runApprove = (ids: number[], what: string) => {
    setAlert(null);
    approve.mutate(ids, {
      onSuccess: () =>
        toast({ title: t('hoursSection.approvedTitle'), description: t('hoursSection.approvedText', { what }), variant: 'success' }),
      onError: (error) => setAlert(errorMessage(error) ?? t('hoursSection.approveFailed')),
    });
  };

  const weeks = byWeek(placement.entries);
  return (
    <Section headingId="hours-heading" icon={Timer} title={t('hoursSection.heading')} className="mt-6">
      <Card className="space-y-4">
        <HoursTotals placement={placement} />
        {placement.you === 'student' && placement.state === 'active' && notStarted(placement) ? (
          <p className="text-sm text-slate-700" data-testid="hours-from">
            {t('hoursSection.logFrom', { date: formatDate(placement.startDate) })}
          </p>
        ) : placement.you === 'student' && placement.state === 'active' ? (
          <>
            <p className="text-sm text-slate-700" data-testid="hours-caps">
              {t('hoursSection.caps', { day: hoursText(placement.caps.perDay), week: hoursText(placement.caps.perWeek) })}
            </p>
            <EntryForm
              key={editing ? `edit-${editing.id}` : 'new'}
              placement={placement}
              editing={editing}
              onDone={() => setEditing(null)}
            />
          </>
        ) : null}
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        {weeks.length === 0 ? (
          <p className="text-sm text-slate-600">{t('hoursSection.noneLogged')}</p>
        ) : (
          <div className="space-y-4">
            {weeks.map(({ week, entries }) => {
              const waiting = entries.filter((e) => e.status === 'waiting');
              const total = entries.reduce((sum, e) => sum + e.hours, 0);
              const label = t('hoursSection.weekOf', { date: formatDate(week) });
              // The week as a sentence names it ("week of mar 2, 2027"), as it always was.
              const inSentence = label.toLocaleLowerCase(currentLocale());
              return (
                <section key={week} aria-label={label} className="space-y-2" data-testid="hours-week" data-week={week}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="text-sm font-bold text-slate-900">
                      {label} <span className="font-normal text-slate-600">{t('hoursSection.weekTotal', { hours: hoursText(total) })}</span>
                    </h3>
                    {placement.you === 'supervisor' && placement.state === 'active' && waiting.length > 0 ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={approve.isPending}
                        aria-label={t('hoursSection.approveWeekLabel', { week: inSentence })}
                        onClick={() =>
                          askApprove(
                            waiting.map((e) => e.id),
                            t('hoursSection.approveWeekWhat', {
                              hours: hoursText(waiting.reduce((s, e) => s + e.hours, 0)),
                              week: inSentence,
                            }),
                          )
                        }
                      >
                        <CheckCircle2 aria-hidden className="h-4 w-4" />
                        {t('hoursSection.approveWeek')}
                      </Button>
                    ) : null}
                  </div>
                  {placement.you !== 'student' && entries.some((e) => e.overCap) ? (
                    <p className="text-sm font-semibold text-amber-800" data-testid="week-over-cap">
                      {t('hoursSection.weekOverCap', { day: hoursText(placement.caps.perDay), week: hoursText(placement.caps.perWeek) })}
                    </p>
                  ) : null}
                  <ul className="space-y-2" aria-label={t('hoursSection.weekListLabel', { week: inSentence })}>
                    {entries.map((entry) => (
                      <EntryRow
                        key={entry.id}
                        placement={placement}
                        entry={entry}
                        onEdit={setEditing}
                        onDelete={setDeleting}
                        onApprove={askApprove}
                        approving={approve.isPending}
                      />
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={overCap !== null}
        onOpenChange={(open) => {
          if (!open) setOverCap(null);
        }}
        title={t('hoursSection.overCapTitle')}
        description={t('hoursSection.overCapText', {
          what: overCap?.what ?? '',
          day: hoursText(placement.caps.perDay),
          week: hoursText(placement.caps.perWeek),
        })}
        confirmLabel={t('hoursSection.overCapConfirm')}
        pending={approve.isPending}
        onConfirm={() => {
          if (!overCap) return;
          runApprove(overCap.ids, overCap.what);
          setOverCap(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('hoursSection.deleteTitle', { date: deleting ? formatDate(deleting.date) : '' })}
        description={t('hoursSection.deleteText')}
        confirmLabel={remove.isPending ? t('hoursSection.deleting') : t('hoursSection.deleteEntry')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const target = deleting;
          remove.mutate(target.id, {
            onSuccess: () => {
              if (editing?.id === target.id) setEditing(null);
              setDeleting(null);
              toast({
                title: t('hoursSection.deletedTitle'),
                description: t('hoursSection.deletedText', { date: formatDate(target.date) }),
                variant: 'success',
              });
            },
            onError: (error) => {
              setDeleting(null);
              toast({ title: t('hoursSection.deleteFailed'), description: errorMessage(error), variant: 'destructive' });
            },
          });
        }}
      />
    </Section>
  );
}
