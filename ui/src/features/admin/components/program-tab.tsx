import { ArrowDown, ArrowUp, BarChart3, Download, FileText, ListChecks, Plus, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { ListStates } from '@/components/ui/section';
import { SpinnerBlock } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { gradeLabel, INDUSTRY_OPTIONS } from '@/lib/options';
import { focusFirstInvalid } from '@/lib/validation';
import { toast } from '@/stores/toast-store';
import { hoursText, PLACEMENT_STATE_LABELS, PLACEMENT_STATES, type RubricItem } from '@/types/placement';
import {
  PROGRAM_CSV_URL,
  useAgreementTemplate,
  useProgram,
  useRubric,
  useSaveAgreementTemplate,
  useSaveRubric,
  type AgreementTemplate,
  type NamedCount,
} from '../api/placements';
import { ns, tAdmin } from '../i18n';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@/lib/i18n/languages';

const RUBRIC_MAX = 20;
const LABEL_MAX = 80;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="text-2xl font-extrabold text-slate-900" data-testid={testId}>
        {value}
      </p>
    </Card>
  );
}

function interestLabel(name: string): string {
  return (
    INDUSTRY_OPTIONS.find((o) => o.value === name)?.label ?? (name ? name.charAt(0).toUpperCase() + name.slice(1) : tAdmin('program.other'))
  );
}

/** A short list of counts (by grade, by interest area) under its heading. */
function Counts({ title, rows, label }: { title: string; rows: NamedCount[]; label: (name: string) => string }) {
  const { t } = useTranslation(ns);
  return (
    <Card className="space-y-2">
      <h4 className="text-sm font-bold text-slate-900">{title}</h4>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('program.noneYet')}</p>
      ) : (
        <dl className="divide-y divide-slate-100">
          {rows.map((row) => (
            <div key={row.name} className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
              <dt className="min-w-0 text-slate-800 [overflow-wrap:anywhere]">{label(row.name)}</dt>
              <dd className="font-semibold text-slate-900">{row.n}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

function Figures() {
  const { t } = useTranslation(ns);
  const program = useProgram();
  const data = program.data;
  return (
    <section aria-labelledby="program-figures-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="program-figures-heading" className="flex items-center gap-2 text-base font-bold text-slate-900">
          <BarChart3 aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
          {t('program.figures')}
        </h3>
        <a
          href={PROGRAM_CSV_URL}
          download
          className="inline-flex h-9 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-brand-400 hover:text-brand-700"
          data-testid="program-csv"
        >
          <Download aria-hidden className="h-4 w-4" />
          {t('program.csv')}
        </a>
      </div>
      <p className="text-sm text-slate-600">{t('program.csvText')}</p>
      <ListStates
        query={program}
        loadingLabel={t('program.loading')}
        loadingClassName="py-8"
        errorText={t('program.errorText')}
        onRetry={() => void program.refetch()}
      >
        {data ? (
          <div className="space-y-4">
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Figure label={t('program.placements')} value={String(data.placements)} testId="program-placements" />
              <Figure label={t('program.approvedHours')} value={hoursText(data.approvedHours)} testId="program-hours" />
              <Figure label={t('program.employersHosting')} value={String(data.employersHosting)} testId="program-employers" />
              <Figure
                label={t('program.completionRate')}
                value={formatNumber(Math.round(data.completionRate * 100) / 100, { style: 'percent' })}
                testId="program-completion"
              />
            </div>
            <div className="grid gap-3 md:grid-cols-3">
              <Card className="space-y-2">
                <h4 className="text-sm font-bold text-slate-900">{t('program.byState')}</h4>
                <dl className="divide-y divide-slate-100" data-testid="program-by-state">
                  {PLACEMENT_STATES.map((s) => (
                    <div key={s} className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
                      <dt className="text-slate-800">{PLACEMENT_STATE_LABELS[s]}</dt>
                      <dd className="font-semibold text-slate-900">{data.byState[s] ?? 0}</dd>
                    </div>
                  ))}
                </dl>
              </Card>
              <Counts
                title={t('program.byGrade')}
                rows={data.byGrade}
                label={(name) => (name ? gradeLabel(name) : t('program.notGiven'))}
              />
              <Counts title={t('program.byInterest')} rows={data.byInterest} label={interestLabel} />
            </div>
            <Card className="space-y-2">
              <h4 className="text-sm font-bold text-slate-900">{t('program.bySchool')}</h4>
              {data.bySchool.length === 0 ? (
                <p className="text-sm text-slate-600">{t('program.noneYet')}</p>
              ) : (
                <ul className="divide-y divide-slate-100" aria-label={t('program.bySchool')} data-testid="program-by-school">
                  {data.bySchool.map((row) => (
                    <li key={row.school} className="py-2 text-sm">
                      <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{row.school || t('program.schoolNotGiven')}</p>
                      <p className="text-slate-700">
                        {t('program.schoolLine', {
                          count: row.placements,
                          completed: row.completed,
                          hours: hoursText(row.approvedHours),
                        })}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        ) : null}
      </ListStates>
    </section>
  );
}

/** The district's agreement template: the text every placement's agreement is filled in from. */
function TemplateEditor({ loaded }: { loaded: AgreementTemplate }) {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveAgreementTemplate(loaded.lang);
  const [text, setText] = useState(loaded.template);
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setError(undefined);
    setAlert(undefined);
    if (!text.trim()) {
      setError(t('program.templateEmpty'));
      focusFirstInvalid(formRef.current);
      return;
    }
    save.mutate(text, {
      onSuccess: () => toast({ title: t('program.templateSaved'), description: t('program.templateSavedText'), variant: 'success' }),
      onError: (failure) => {
        const message = isApiError(failure) ? failure.errors?.template : undefined;
        if (message) {
          setError(message);
          focusFirstInvalid(formRef.current);
        } else setAlert(errorMessage(failure) ?? t('program.saveFailed'));
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={t('program.template')} className="space-y-3">
      {loaded.template === '' ? (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="template-untranslated">
          {t('program.templateUntranslated', { language: languageName(loaded.lang) })}
        </p>
      ) : loaded.builtIn ? (
        <p className="text-sm text-slate-700" data-testid="template-built-in">
          {t('program.templateBuiltIn', { language: languageName(loaded.lang) })}
        </p>
      ) : null}
      <div>
        <p className="text-sm font-semibold text-slate-800">{t('program.placeholders')}</p>
        <p className="text-xs text-slate-600">{t('program.placeholdersText')}</p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('program.placeholders')} data-testid="placeholders">
          {loaded.placeholders.map((name) => (
            <li key={name} className="rounded-full bg-slate-100 px-2.5 py-0.5 font-mono text-xs text-slate-800">
              {`{${name}}`}
            </li>
          ))}
        </ul>
      </div>
      <TextAreaField
        label={t('program.templateText')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
        error={error}
        className="min-h-80 font-mono text-sm"
        spellCheck
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('program.saving') : t('program.saveTemplate')}
        </Button>
        <Button
          variant="outline"
          disabled={save.isPending || text === loaded.template}
          onClick={() => {
            setText(loaded.template);
            setError(undefined);
          }}
        >
          {t('program.undo')}
        </Button>
      </div>
    </form>
  );
}

interface RubricRow {
  /** Local id (a key can be empty until the server makes one). */
  id: number;
  key: string;
  label: string;
}

/** The evaluation rubric: the competencies supervisors rate 1 to 4. */
function RubricEditor({ loaded }: { loaded: RubricItem[] }) {
  const { t } = useTranslation(ns);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveRubric();
  const nextId = useRef(loaded.length + 1);
  const [rows, setRows] = useState<RubricRow[]>(() => loaded.map((item, n) => ({ id: n + 1, ...item })));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [alert, setAlert] = useState<string | undefined>();

  const update = (id: number, label: string) => setRows((list) => list.map((r) => (r.id === id ? { ...r, label } : r)));
  const move = (index: number, by: number) =>
    setRows((list) => {
      const next = [...list];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setAlert(undefined);
    const found: Record<number, string> = {};
    for (const row of rows) {
      if (!row.label.trim()) found[row.id] = t('program.nameCompetency');
      else if (row.label.trim().length > LABEL_MAX) found[row.id] = t('program.atMost', { max: LABEL_MAX });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    if (rows.length === 0) {
      setAlert(t('program.rubricSize', { max: RUBRIC_MAX }));
      return;
    }
    save.mutate(
      rows.map((r) => ({ key: r.key, label: r.label.trim() })),
      {
        onSuccess: (saved) => {
          setRows(saved.map((item, n) => ({ id: nextId.current + n, ...item })));
          nextId.current += saved.length;
          toast({ title: t('program.rubricSaved'), description: t('program.rubricSavedText'), variant: 'success' });
        },
        onError: (failure) =>
          setAlert((isApiError(failure) ? failure.errors?.rubric : undefined) ?? errorMessage(failure) ?? t('program.rubricFailed')),
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={t('program.rubric')} className="space-y-3">
      <p className="text-sm text-slate-600">{t('program.rubricText')}</p>
      <ol className="space-y-2" aria-label={t('program.competencies')} data-testid="rubric-items">
        {rows.map((row, index) => (
          <li key={row.id} className="flex flex-wrap items-end gap-2 rounded-2xl border border-slate-200 p-3">
            <TextField
              label={t('program.competency', { n: index + 1 })}
              value={row.label}
              maxLength={LABEL_MAX}
              onChange={(e) => update(row.id, e.target.value)}
              error={errors[row.id]}
              containerClassName="min-w-0 flex-[1_1_14rem]"
            />
            <div className="flex gap-1">
              <Button
                size="icon"
                variant="outline"
                aria-label={t('program.moveUp', { n: index + 1 })}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUp aria-hidden className="h-4 w-4" />
              </Button>
              <Button
                size="icon"
                variant="outline"
                aria-label={t('program.moveDown', { n: index + 1 })}
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDown aria-hidden className="h-4 w-4" />
              </Button>
              <Button
                size="icon"
                variant="outline"
                aria-label={t('program.remove', { n: index + 1 })}
                disabled={rows.length <= 1}
                onClick={() => setRows((list) => list.filter((r) => r.id !== row.id))}
              >
                <Trash2 aria-hidden className="h-4 w-4" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={rows.length >= RUBRIC_MAX}
          onClick={() => {
            const id = nextId.current;
            nextId.current += 1;
            setRows((list) => [...list, { id, key: '', label: '' }]);
          }}
        >
          <Plus aria-hidden className="h-4 w-4" />
          {t('program.addCompetency')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('program.saving') : t('program.saveRubric')}
        </Button>
      </div>
    </form>
  );
}

function Settings({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="flex items-center gap-2 text-base font-bold text-slate-900">
        {icon}
        {title}
      </h3>
      <Card>{children}</Card>
    </section>
  );
}

/**
 * Program: the work-based-learning figures (a coordinator's school's) and the CSV; for the
 * district admin, the agreement template and the evaluation rubric.
 */
/** A language by its own name ("Español"), as the switcher names it. */
function languageName(code: Language): string {
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

/** Which language's agreement the admin edits: each party reads and signs the one in theirs. */
function TemplateLanguage({ value, onChange }: { value: Language; onChange: (l: Language) => void }) {
  const { t } = useTranslation(ns);
  return (
    <fieldset className="mb-3">
      <legend className="text-sm font-semibold text-slate-800">{t('program.templateLanguage')}</legend>
      <p className="text-xs text-slate-600">{t('program.templateLanguageText')}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {LANGUAGES.map((l) => (
          <label
            key={l.code}
            lang={l.code}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
          >
            <input
              type="radio"
              name="template-language"
              value={l.code}
              checked={value === l.code}
              onChange={() => onChange(l.code)}
              className="h-4 w-4 accent-brand-600"
            />
            {l.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ProgramTab({ districtAdmin }: { districtAdmin: boolean }) {
  const { t } = useTranslation(ns);
  const [templateLang, setTemplateLang] = useState<Language>(DEFAULT_LANGUAGE);
  const template = useAgreementTemplate(districtAdmin, templateLang);
  const rubric = useRubric(districtAdmin);
  return (
    <section aria-labelledby="program-heading" className="space-y-6">
      <h2 id="program-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <BarChart3 aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
        {t('program.heading')}
      </h2>
      <Figures />
      {districtAdmin ? (
        <>
          <Settings
            id="settings-agreement-template"
            title={t('program.template')}
            icon={<FileText aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />}
          >
            <TemplateLanguage value={templateLang} onChange={setTemplateLang} />
            {template.isLoading ? (
              <SpinnerBlock label={t('program.loadingTemplate')} />
            ) : template.data ? (
              <TemplateEditor key={`${templateLang}-${template.dataUpdatedAt}`} loaded={template.data} />
            ) : (
              <FormAlert>{t('program.templateFailed', { message: template.error?.message ?? '' })}</FormAlert>
            )}
          </Settings>
          <Settings
            id="settings-evaluation-rubric"
            title={t('program.rubric')}
            icon={<ListChecks aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />}
          >
            {rubric.isLoading ? (
              <SpinnerBlock label={t('program.loadingRubric')} />
            ) : rubric.data ? (
              <RubricEditor loaded={rubric.data} />
            ) : (
              <FormAlert>{t('program.rubricLoadFailed', { message: rubric.error?.message ?? '' })}</FormAlert>
            )}
          </Settings>
        </>
      ) : null}
    </section>
  );
}
