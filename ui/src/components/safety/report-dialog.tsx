import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, TextAreaField } from '@/components/ui/field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { safetyNs, tSafety } from '@/lib/i18n/namespaces/safety';
import { useCreateReport } from '@/lib/reports';
import { handleUnauthorized } from '@/lib/unauthorized';
import { toast } from '@/stores/toast-store';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason, type ReportTargetType } from '@/types/safety';
import { FormActions } from '@/components/ui/form-actions';

/** What is being reported: a posting, a comment or a message, and how to name it in the dialog. */
export interface ReportTarget {
  type: ReportTargetType;
  id: number;
  /** Read out under the title, e.g. 'Comment by Sam L.' or 'Barista Intern at Maple Street Bakery'. */
  label: string;
}

const noReason = () => tSafety('report.noReason');
const tooLong = () => tSafety('report.tooLong', { max: REPORT_DETAILS_MAX });
/** The server's English texts for the same refusals (it answers in the caller's language when it can). */
const SERVER_NO_REASON = 'Please choose a reason';
const SERVER_TOO_LONG = `Details must be at most ${REPORT_DETAILS_MAX} characters`;

const title = (type: ReportTargetType) => tSafety(`report.title.${type}`);

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const { t } = useTranslation(safetyNs);
  const ids = { form: useId(), reason: useId(), details: useId() };
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [detailsError, setDetailsError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const create = useCreateReport();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setServerError(undefined);
    let ok = true;
    if (!reason) {
      setReasonError(noReason());
      ok = false;
    }
    if (details.length > REPORT_DETAILS_MAX) {
      setDetailsError(tooLong());
      ok = false;
    }
    if (!ok || !reason) {
      const first = event.currentTarget.querySelector<HTMLElement>(!reason ? 'input[type="radio"]' : 'textarea');
      first?.focus();
      return;
    }
    const trimmed = details.trim();
    create.mutate(
      { targetType: target.type, targetId: target.id, reason, ...(trimmed ? { details: trimmed } : {}) },
      {
        onSuccess: (answer) => {
          toast({
            title: t('report.sent'),
            description: answer?.message || t('report.sentText'),
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => {
          if (handleUnauthorized(error)) return;
          const message = errorMessage(error) ?? t('report.failed');
          const refused = isApiError(error) && error.status === 400;
          if (refused && (message === SERVER_NO_REASON || message === noReason())) setReasonError(message);
          else if (refused && (message === SERVER_TOO_LONG || message === tooLong())) setDetailsError(message);
          else setServerError(message);
        },
      },
    );
  };

  return (
    <form id={ids.form} noValidate onSubmit={submit} className="space-y-5" aria-label={title(target.type)}>
      <fieldset aria-describedby={reasonError ? `${ids.reason}-error` : undefined} disabled={create.isPending}>
        <legend className="mb-2 text-sm font-semibold text-slate-800">{t('report.reason')}</legend>
        <div className="grid gap-2">
          {REPORT_REASONS.map((r) => (
            <label
              key={r.value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-2.5 text-sm font-medium text-slate-900 transition',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                reason === r.value ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white hover:border-brand-300',
              )}
            >
              <input
                type="radio"
                name={`${ids.reason}-reason`}
                value={r.value}
                checked={reason === r.value}
                onChange={() => {
                  setReason(r.value);
                  setReasonError(undefined);
                }}
                className="h-4 w-4 shrink-0 accent-brand-600"
              />
              {r.label}
            </label>
          ))}
        </div>
        <FieldError id={`${ids.reason}-error`} message={reasonError} />
      </fieldset>
      <TextAreaField
        id={ids.details}
        label={t('report.details')}
        optional
        value={details}
        maxLength={REPORT_DETAILS_MAX}
        disabled={create.isPending}
        onChange={(e) => {
          setDetails(e.target.value);
          if (e.target.value.length <= REPORT_DETAILS_MAX) setDetailsError(undefined);
        }}
        hint={t('report.detailsCount', { length: details.length, max: REPORT_DETAILS_MAX })}
        error={detailsError}
        placeholder={t('report.detailsPlaceholder')}
      />
      {serverError ? (
        <p
          role="alert"
          className="rounded-2xl border border-rose-200 bg-rose-50 p-3 text-sm font-medium text-rose-800"
          data-testid="report-error"
        >
          {serverError}
        </p>
      ) : null}
      <FormActions onCancel={onDone} pending={create.isPending} submitLabel={t('report.submit')} pendingLabel={t('report.submitting')} />
    </form>
  );
}

/**
 * The one Report dialog (postings, comments, messages): a reason, optional details, Submit or
 * Cancel. Open while `target` is set; the server's thank-you (or refusal) is shown to the user.
 * Opened from inside another dialog it stacks on top and gives focus back when it closes.
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  const { t } = useTranslation(safetyNs);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={target ? title(target.type) : t('report.title.fallback')}
      description={target ? target.label : ''}
    >
      {target ? <ReportForm key={`${target.type}-${target.id}`} target={target} onDone={onClose} /> : null}
    </Dialog>
  );
}
