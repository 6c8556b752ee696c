import { useTranslation } from '@/lib/i18n/use-translation';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { formsNs } from '@/lib/i18n/namespaces/forms';
import { GRADE_OPTIONS, INTEREST_OPTIONS } from '@/lib/options';
import type { CheckboxProps, FieldBinders } from '@/lib/use-form';

/**
 * The student's school, grade and interests, as the sign-up forms ask them (the password
 * sign-up and the first school-account sign-in).
 */

/**
 * The school: a select of the district's schools when the roster names some (GET /api/schools),
 * else a text field; `schools` is undefined while they are asked for (the field waits, so it
 * does not turn from one kind into the other under the user's hands).
 */
export function SchoolField({ form, schools }: { form: FieldBinders<'school', 'school'>; schools: readonly string[] | undefined }) {
  const { t } = useTranslation(formsNs);
  if (schools && schools.length > 0) {
    return (
      <SelectField
        label={t('student.school')}
        placeholder={t('student.schoolPlaceholder')}
        options={schools.map((name) => ({ value: name, label: name }))}
        {...form.select('school')}
      />
    );
  }
  return <TextField label={t('student.school')} autoComplete="organization" disabled={schools === undefined} {...form.field('school')} />;
}

export function GradeField({ form, className }: { form: FieldBinders<never, 'grade'>; className?: string }) {
  const { t } = useTranslation(formsNs);
  return (
    <SelectField
      label={t('student.grade')}
      placeholder={t('student.gradePlaceholder')}
      options={GRADE_OPTIONS}
      className={className}
      {...form.select('grade')}
    />
  );
}

export function InterestsField({ form }: { form: { checks: (name: 'interests') => CheckboxProps } }) {
  const { t } = useTranslation(formsNs);
  return (
    <CheckboxGroup
      legend={t('student.interests')}
      hint={t('student.interestsHint')}
      options={INTEREST_OPTIONS}
      {...form.checks('interests')}
    />
  );
}
