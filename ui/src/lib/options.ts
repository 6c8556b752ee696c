import type { SelectOption } from '@/components/ui/select-field';

export const GRADE_OPTIONS: readonly SelectOption[] = [
  { value: 'freshman', label: 'Freshman (9th grade)' },
  { value: 'sophomore', label: 'Sophomore (10th grade)' },
  { value: 'junior', label: 'Junior (11th grade)' },
  { value: 'senior', label: 'Senior (12th grade)' },
];

export const INTEREST_OPTIONS: readonly SelectOption[] = [
  { value: 'technology', label: 'Technology' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'finance', label: 'Finance' },
  { value: 'design', label: 'Design' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'consulting', label: 'Consulting' },
  { value: 'engineering', label: 'Engineering' },
  { value: 'media', label: 'Media & Communications' },
];

export const INDUSTRY_OPTIONS: readonly SelectOption[] = [
  { value: 'technology', label: 'Technology' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'finance', label: 'Finance' },
  { value: 'education', label: 'Education' },
  { value: 'retail', label: 'Retail' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'marketing', label: 'Marketing & Advertising' },
  { value: 'nonprofits', label: 'Non-Profit' },
  { value: 'government', label: 'Government' },
  { value: 'other', label: 'Other' },
];

export const COMPANY_SIZE_OPTIONS: readonly SelectOption[] = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'].map(
  (size) => ({ value: size, label: `${size} employees` }),
);
