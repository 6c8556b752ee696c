import type { SelectOption } from '@/components/ui/select-field';

/** The four high-school grades: stored value, name, school year. */
const GRADES = [
  ['freshman', 'Freshman', '9th'],
  ['sophomore', 'Sophomore', '10th'],
  ['junior', 'Junior', '11th'],
  ['senior', 'Senior', '12th'],
] as const;

export const GRADE_OPTIONS: readonly SelectOption[] = GRADES.map(([value, name, year]) => ({
  value,
  label: `${name} (${year} grade)`,
}));

/** A grade as the student's own profile says it ('Junior'), or as an employer reads it ('11th Grade (Junior)'). */
export function gradeLabel(grade: string | null | undefined, form: 'short' | 'long' = 'short'): string {
  if (!grade) return form === 'short' ? 'Student' : 'Grade not given';
  const known = GRADES.find(([value]) => value === grade);
  if (!known) return grade;
  const [, name, year] = known;
  return form === 'short' ? name : `${year} Grade (${name})`;
}

/** An option list from [stored value, label] pairs. */
function optionList(pairs: ReadonlyArray<readonly [string, string]>): readonly SelectOption[] {
  return pairs.map(([value, label]) => ({ value, label }));
}

export const INTEREST_OPTIONS = optionList([
  ['technology', 'Technology'],
  ['marketing', 'Marketing'],
  ['finance', 'Finance'],
  ['design', 'Design'],
  ['healthcare', 'Healthcare'],
  ['consulting', 'Consulting'],
  ['engineering', 'Engineering'],
  ['media', 'Media & Communications'],
]);

export const INDUSTRY_OPTIONS = optionList([
  ['technology', 'Technology'],
  ['healthcare', 'Healthcare'],
  ['finance', 'Finance'],
  ['education', 'Education'],
  ['retail', 'Retail'],
  ['manufacturing', 'Manufacturing'],
  ['marketing', 'Marketing & Advertising'],
  ['nonprofits', 'Non-Profit'],
  ['government', 'Government'],
  ['other', 'Other'],
]);

/** SPEC.md section 3: the employer-profile industries (stored lower-case by the server). */
export const PROFILE_INDUSTRY_OPTIONS: readonly SelectOption[] = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'Manufacturing',
  'Retail',
  'Food & Beverage',
  'Consulting',
  'Non-profit',
  'Other',
].map((label) => ({ value: label.toLowerCase(), label }));

/** The profile's industries, plus a stored one it does not name (a sign-up industry), so it still shows. */
export function profileIndustryOptions(current: string): readonly SelectOption[] {
  if (!current || PROFILE_INDUSTRY_OPTIONS.some((o) => o.value === current)) return PROFILE_INDUSTRY_OPTIONS;
  const label = INDUSTRY_OPTIONS.find((o) => o.value === current)?.label ?? current;
  return [...PROFILE_INDUSTRY_OPTIONS, { value: current, label }];
}

export const COMPANY_SIZE_OPTIONS: readonly SelectOption[] = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'].map((size) => ({
  value: size,
  label: `${size} employees`,
}));
