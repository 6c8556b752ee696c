import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { GRADE_OPTIONS, INTEREST_OPTIONS } from '@/lib/options';
import { isApiError } from '@/lib/api-client';
import type { GuestInput } from '@/types/api';
import { ns } from '../i18n';

/** A guest's grade is optional; the select cannot hold an empty value, so "none" stands for it. */
const NO_GRADE = 'none';

interface GuestPreferencesFormProps {
  /** Accessible name of the form. */
  label: string;
  initialInterests?: string[];
  initialGrade?: string | null;
  submitLabel: string;
  pendingLabel: string;
  /** Sends the choice; a rejection's message (and field errors) is shown on the form. */
  onSubmit: (input: GuestInput) => Promise<unknown>;
  children?: ReactNode;
}

/**
 * The guest's interests (the student sign-up's own picker and options, so a later sign-up
 * starts from the same choice) and an optional grade.
 */
export function GuestPreferencesForm({
  label,
  initialInterests = [],
  initialGrade = null,
  submitLabel,
  pendingLabel,
  onSubmit,
  children,
}: GuestPreferencesFormProps) {
  const { t } = useTranslation(ns);
  const gradeOptions: readonly SelectOption[] = [...GRADE_OPTIONS, { value: NO_GRADE, label: t('preferences.noGrade') }];
  const known = new Set(INTEREST_OPTIONS.map((o) => o.value));
  const [interests, setInterests] = useState<string[]>(initialInterests.filter((i) => known.has(i)));
  const [grade, setGrade] = useState<string>(initialGrade ?? '');
  const [interestsError, setInterestsError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    if (interests.length === 0) {
      setInterestsError(t('preferences.interestsRequired'));
      formRef.current?.querySelector<HTMLElement>('[role="checkbox"]')?.focus();
      return;
    }
    setInterestsError(undefined);
    setPending(true);
    try {
      await onSubmit({ interests, grade: grade === NO_GRADE ? '' : grade });
    } catch (error) {
      const fieldError = isApiError(error) ? error.errors?.interests : undefined;
      if (fieldError) setInterestsError(fieldError);
      setFormError(error instanceof Error && error.message ? error.message : t('preferences.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} aria-label={label} className="space-y-6">
      <CheckboxGroup
        legend={t('preferences.interestsLegend')}
        hint={t('preferences.interestsHint')}
        options={INTEREST_OPTIONS}
        value={interests}
        onChange={(next) => {
          setInterests(next);
          if (next.length > 0) setInterestsError(undefined);
        }}
        error={interestsError}
      />
      <SelectField
        label={t('preferences.gradeLabel')}
        name="grade"
        placeholder={t('preferences.gradePlaceholder')}
        options={gradeOptions}
        value={grade}
        onValueChange={setGrade}
      />
      <p role="alert" className="text-sm font-medium text-rose-700 empty:hidden">
        {formError}
      </p>
      <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      {children}
    </form>
  );
}
