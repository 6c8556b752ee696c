import { ClipboardCheck, ClipboardList } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { focusFirstInvalid } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import { SCORES, hoursText, type Evaluation, type EvaluationKind, type Placement, type RubricItem } from '@/types/placement';
import { useEvaluate } from '../api/placements';
import { ns, tPlacements } from '../i18n';
import { atText } from '../lib/format';

const COMMENTS_MAX = 2000;

/** A score's words ('Meets expectations'); '' for one outside the scale. */
function scoreLabel(score: number): string {
  return score === 1 || score === 2 || score === 3 || score === 4 ? tPlacements(`score.${score}`) : '';
}

/** 'Midpoint evaluation', 'Final evaluation'. */
function kindLabel(kind: EvaluationKind): string {
  return kind === 'midpoint' || kind === 'final' ? tPlacements(`evaluationKind.${kind}`) : kind;
}

/** 'midpoint evaluation', as a sentence names it. */
function kindInSentence(kind: EvaluationKind): string {
  return kind === 'midpoint' || kind === 'final' ? tPlacements(`evaluationKindInSentence.${kind}`) : kind;
}

function scoreText(score: number | undefined): string {
  return score ? tPlacements('evaluations.scoreText', { score, label: scoreLabel(score) }) : tPlacements('evaluations.notRated');
}

/** One submitted evaluation: each competency's score with its words, and the comments. */
function EvaluationView({ evaluation, rubric }: { evaluation: Evaluation; rubric: RubricItem[] }) {
  const { t } = useTranslation(ns);
  // Competencies the rubric no longer names still show, by their key.
  const keys = [...rubric.map((r) => r.key), ...Object.keys(evaluation.scores).filter((k) => !rubric.some((r) => r.key === k))];
  const label = (key: string) => rubric.find((r) => r.key === key)?.label ?? key;
  return (
    <div className="space-y-3 rounded-2xl bg-slate-50 p-4" data-testid="evaluation" data-kind={evaluation.kind}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-bold text-slate-900">{kindLabel(evaluation.kind)}</h3>
        <p className="text-xs text-slate-600">{t('evaluations.submitted', { at: atText(evaluation.submittedAt) })}</p>
      </div>
      <dl className="divide-y divide-slate-200">
        {keys.map((key) => (
          <div
            key={key}
            className="flex flex-col gap-0.5 py-1.5 min-[480px]:flex-row min-[480px]:items-baseline min-[480px]:justify-between min-[480px]:gap-3"
          >
            <dt className="text-sm text-slate-800">{label(key)}</dt>
            <dd className="text-sm font-semibold text-slate-900">{scoreText(evaluation.scores[key])}</dd>
          </div>
        ))}
      </dl>
      {evaluation.comments ? (
        <div>
          <p className="text-xs font-semibold text-slate-600">{t('evaluations.comments')}</p>
          <p className="whitespace-pre-wrap text-sm text-slate-900 [overflow-wrap:anywhere]">{evaluation.comments}</p>
        </div>
      ) : null}
    </div>
  );
}

/** One competency rated 1-4: a radio group whose options say what each score means. */
function ScoreGroup({
  kind,
  item,
  value,
  error,
  onChange,
}: {
  kind: EvaluationKind;
  item: RubricItem;
  value: number | undefined;
  error: string | undefined;
  onChange: (score: number) => void;
}) {
  const { t } = useTranslation(ns);
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} data-testid="score-group">
      <legend className="mb-1.5 text-sm font-semibold text-slate-800">{item.label}</legend>
      <div className="grid grid-cols-1 gap-1.5 min-[480px]:grid-cols-2">
        {SCORES.map((score) => {
          const optionId = `${id}-${score}`;
          const checked = value === score;
          return (
            <label
              key={score}
              htmlFor={optionId}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                checked ? 'border-brand-500 bg-brand-50 font-semibold text-brand-900' : 'border-slate-300 bg-white text-slate-800',
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={`${kind}-${item.key}`}
                value={score}
                checked={checked}
                onChange={() => onChange(score)}
                aria-invalid={error ? true : undefined}
                className="h-4 w-4 shrink-0 accent-brand-600"
              />
              {t('evaluations.scoreOption', { score, label: scoreLabel(score) })}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-rose-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The supervisor's evaluation of one kind: every competency of the district's rubric, then comments. */
function EvaluationForm({ placement, kind, onDone }: { placement: Placement; kind: EvaluationKind; onDone: () => void }) {
  const { t } = useTranslation([ns, 'common']);
  const formRef = useRef<HTMLFormElement>(null);
  const evaluate = useEvaluate(placement.id);
  const [scores, setScores] = useState<Record<string, number>>({});
  const [comments, setComments] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [alert, setAlert] = useState<string | undefined>();
  const title = kindLabel(kind);
  const inSentence = kindInSentence(kind);

  const check = (next: Record<string, number>) => {
    const found: Record<string, string> = {};
    for (const item of placement.rubric) if (!next[item.key]) found[item.key] = tPlacements('evaluations.rate', { competency: item.label });
    return found;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (evaluate.isPending) return;
    setSubmitted(true);
    const found = check(scores);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setAlert(undefined);
    evaluate.mutate(
      { kind, scores, comments: comments.trim() },
      {
        onSuccess: () => {
          toast({
            title: t('evaluations.submittedTitle'),
            description: t('evaluations.submittedText', { evaluation: inSentence }),
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => setAlert(errorMessage(error) ?? t('evaluations.submitFailed')),
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={title} className="space-y-4 rounded-2xl border border-slate-200 p-4">
      <h3 className="text-base font-bold text-slate-900">{title}</h3>
      <p className="text-sm text-slate-700">{t('evaluations.rateIntro')}</p>
      {placement.rubric.map((item) => (
        <ScoreGroup
          key={item.key}
          kind={kind}
          item={item}
          value={scores[item.key]}
          error={errors[item.key]}
          onChange={(score) => {
            const next = { ...scores, [item.key]: score };
            setScores(next);
            if (submitted) setErrors(check(next));
          }}
        />
      ))}
      <TextAreaField
        label={t('evaluations.comments')}
        optional
        maxLength={COMMENTS_MAX}
        hint={t('shared.characters', { count: comments.length, max: COMMENTS_MAX })}
        value={comments}
        onChange={(e) => setComments(e.target.value)}
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={evaluate.isPending}>
          {evaluate.isPending ? t('evaluations.submitting') : t('evaluations.submit', { evaluation: inSentence })}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={evaluate.isPending}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Evaluations: when each is due; the ones submitted; the supervisor writes the midpoint and
 * the final one while the placement is active. The student sees both once submitted.
 */
export function EvaluationsSection({ placement }: { placement: Placement }) {
  const { t } = useTranslation(ns);
  const [writing, setWriting] = useState<EvaluationKind | null>(null);
  const student = placement.you === 'student';
  const started = placement.state === 'active' || placement.state === 'completed' || placement.state === 'ended_early';
  if (!started && placement.evaluations.length === 0) return null;
  const done = new Set(placement.evaluations.map((e) => e.kind));
  const open =
    placement.you === 'supervisor' && placement.state === 'active'
      ? (['midpoint', 'final'] as const).filter((k) => !done.has(k) && (k !== 'final' || placement.finish.finalOpen))
      : [];
  // The final evaluation waits for the last fifth of the dates or 80 % of the planned hours.
  const finalWaits = placement.you === 'supervisor' && placement.state === 'active' && !done.has('final') && !placement.finish.finalOpen;
  const ordered = [...placement.evaluations].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'midpoint' ? -1 : 1));
  return (
    <Section
      headingId="evaluations-heading"
      icon={ClipboardCheck}
      title={student ? t('evaluations.yourHeading') : t('evaluations.heading')}
      className="mt-6"
    >
      <Card className="space-y-4">
        {!student && placement.evaluationsDue.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label={t('evaluations.dueLabel')} data-testid="evaluations-due">
            {placement.evaluationsDue.map((due) => (
              <li key={due.kind} className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
                <ClipboardList aria-hidden className="h-4 w-4 text-slate-500" />
                <span>{t('evaluations.due', { evaluation: kindLabel(due.kind), date: formatDate(due.due) })}</span>
                {due.done ? (
                  <Badge tone="positive">{t('evaluations.done')}</Badge>
                ) : due.overdue ? (
                  <Badge tone="negative">{t('evaluations.overdue')}</Badge>
                ) : (
                  <Badge tone="neutral">{t('evaluations.toDo')}</Badge>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {ordered.map((evaluation) => (
          <EvaluationView key={evaluation.kind} evaluation={evaluation} rubric={placement.rubric} />
        ))}
        {student && ordered.length === 0 ? <p className="text-sm text-slate-700">{t('evaluations.studentWaits')}</p> : null}
        {!student && ordered.length === 0 && open.length === 0 ? <p className="text-sm text-slate-700">{t('evaluations.none')}</p> : null}
        {finalWaits ? (
          <p className="text-sm text-slate-700" data-testid="final-opens">
            {t('evaluations.finalOpens', {
              date: formatDate(placement.finish.finalOpensOn),
              hours: hoursText(placement.finish.finalHours),
              planned: hoursText(placement.hours.planned),
            })}
          </p>
        ) : null}
        {writing ? (
          <EvaluationForm key={writing} placement={placement} kind={writing} onDone={() => setWriting(null)} />
        ) : open.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {open.map((kind) => (
              <Button key={kind} variant="secondary" onClick={() => setWriting(kind)}>
                <ClipboardCheck aria-hidden className="h-4 w-4" />
                {t('evaluations.write', { evaluation: kindInSentence(kind) })}
              </Button>
            ))}
          </div>
        ) : null}
      </Card>
    </Section>
  );
}
