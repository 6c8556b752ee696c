import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { GRADE_OPTIONS, INTEREST_OPTIONS } from '@/lib/options';
import { isApiError } from '@/lib/api-client';
import type { GuestInput } from '@/types/api';

/** A guest's grade is optional; the select cannot hold an empty value, so "none" stands for it. */
const NO_GRADE = 'none';
const GUEST_GRADE_OPTIONS: readonly SelectOption[] = [...GRADE_OPTIONS, { value: NO_GRADE, label: 'Prefer not to say' }];

const INTERESTS_REQUIRED = 'Please select at least one interest';

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
      setInterestsError(INTERESTS_REQUIRED);
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
      setFormError(error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} aria-label={label} className="space-y-6">
      <CheckboxGroup
        legend="Areas of interest"
        hint="Pick as many as you like. We rank internships by them."
        options={INTEREST_OPTIONS}
        value={interests}
        onChange={(next) => {
          setInterests(next);
          if (next.length > 0) setInterestsError(undefined);
        }}
        error={interestsError}
      />
      <SelectField
        label="Grade level (optional)"
        name="grade"
        placeholder="Select your grade"
        options={GUEST_GRADE_OPTIONS}
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
