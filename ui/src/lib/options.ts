import type { SelectOption } from '@/components/ui/select-field';
import { tForms } from '@/lib/i18n/namespaces/forms';

/**
 * The option lists the forms and screens share. Each label is a getter that reads the
 * catalogue (`forms` namespace) when it is shown, so the lists stay constants and still speak
 * the current language.
 */

/** The four high-school grades, by stored value. */
const GRADES = ['freshman', 'sophomore', 'junior', 'senior'] as const;
type Grade = (typeof GRADES)[number];

const gradeName = (grade: Grade): string => tForms(`grades.${grade}`);
const gradeYear = (grade: Grade): string => tForms(`grades.year.${grade}`);

/** An option whose label is read from the catalogue each time it is shown. */
function option(value: string, label: () => string): SelectOption {
  return {
    value,
    get label() {
      return label();
    },
  };
}

export const GRADE_OPTIONS: readonly SelectOption[] = GRADES.map((grade) =>
  option(grade, () => tForms('grades.option', { name: gradeName(grade), year: gradeYear(grade) })),
);

const isGrade = (value: string): value is Grade => (GRADES as readonly string[]).includes(value);

/** A grade as the student's own profile says it ('Junior'), or as an employer reads it ('11th Grade (Junior)'). */
export function gradeLabel(grade: string | null | undefined, form: 'short' | 'long' = 'short'): string {
  if (!grade) return form === 'short' ? tForms('grades.none') : tForms('grades.notGiven');
  if (!isGrade(grade)) return grade;
  return form === 'short' ? gradeName(grade) : tForms('grades.long', { name: gradeName(grade), year: gradeYear(grade) });
}

const INTERESTS = ['technology', 'marketing', 'finance', 'design', 'healthcare', 'consulting', 'engineering', 'media'] as const;

export const INTEREST_OPTIONS: readonly SelectOption[] = INTERESTS.map((value) => option(value, () => tForms(`interests.${value}`)));

const INDUSTRIES = [
  'technology',
  'healthcare',
  'finance',
  'education',
  'retail',
  'manufacturing',
  'marketing',
  'nonprofits',
  'government',
  'other',
] as const;

export const INDUSTRY_OPTIONS: readonly SelectOption[] = INDUSTRIES.map((value) => option(value, () => tForms(`industries.${value}`)));

/** The employer profile's industries (stored lower-case by the server), by their keys. */
const PROFILE_INDUSTRIES = [
  ['technology', 'technology'],
  ['healthcare', 'healthcare'],
  ['finance', 'finance'],
  ['education', 'education'],
  ['manufacturing', 'manufacturing'],
  ['retail', 'retail'],
  ['food & beverage', 'foodBeverage'],
  ['consulting', 'consulting'],
  ['non-profit', 'nonProfit'],
  ['other', 'other'],
] as const;

export const PROFILE_INDUSTRY_OPTIONS: readonly SelectOption[] = PROFILE_INDUSTRIES.map(([value, key]) =>
  option(value, () => tForms(`profileIndustries.${key}`)),
);

/** The profile's industries, plus a stored one it does not name (a sign-up industry), so it still shows. */
export function profileIndustryOptions(current: string): readonly SelectOption[] {
  if (!current || PROFILE_INDUSTRY_OPTIONS.some((o) => o.value === current)) return PROFILE_INDUSTRY_OPTIONS;
  const known = INDUSTRY_OPTIONS.find((o) => o.value === current);
  return [...PROFILE_INDUSTRY_OPTIONS, known ?? { value: current, label: current }];
}

export const COMPANY_SIZE_OPTIONS: readonly SelectOption[] = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'].map((size) =>
  option(size, () => tForms('companySize', { size })),
);
