import type { SelectOption } from '@/components/ui/select-field';
import { isValidEmail, isValidUrl, type Errors } from '@/lib/validation';
import type { User } from '@/types/api';

/** SPEC.md section 3: the employer-profile industries (stored lower-case by the server). */
export const PROFILE_INDUSTRY_OPTIONS: readonly SelectOption[] = [
  { value: 'technology', label: 'Technology' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'finance', label: 'Finance' },
  { value: 'education', label: 'Education' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'retail', label: 'Retail' },
  { value: 'food & beverage', label: 'Food & Beverage' },
  { value: 'consulting', label: 'Consulting' },
  { value: 'non-profit', label: 'Non-profit' },
  { value: 'other', label: 'Other' },
];

/** Sign-up industries that are not in the profile list, so a stored value still shows. */
const EXTRA_INDUSTRY_LABELS: Record<string, string> = {
  marketing: 'Marketing & Advertising',
  nonprofits: 'Non-Profit',
  government: 'Government',
};

export function industryOptions(current: string): readonly SelectOption[] {
  if (!current || PROFILE_INDUSTRY_OPTIONS.some((o) => o.value === current)) return PROFILE_INDUSTRY_OPTIONS;
  return [...PROFILE_INDUSTRY_OPTIONS, { value: current, label: EXTRA_INDUSTRY_LABELS[current] ?? current }];
}

export const COMPANY_SIZE_OPTIONS: readonly SelectOption[] = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'].map(
  (size) => ({ value: size, label: `${size} employees` }),
);

export interface EmployerProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  position: string;
  companySize: string;
  industry: string;
  website: string;
  phone: string;
  address: string;
  companyDescription: string;
}

export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'company',
  'position',
  'companySize',
  'industry',
  'website',
  'phone',
  'address',
  'companyDescription',
] as const satisfies readonly (keyof EmployerProfileValues)[];

export const COMPANY_DESCRIPTION_MIN = 50;
export const PHONE_MIN = 10;

export function profileValuesFrom(u: User): EmployerProfileValues {
  return {
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
    email: u.email ?? '',
    company: u.company ?? '',
    position: u.position ?? '',
    companySize: u.companySize ?? '',
    industry: (u.industry ?? '').toLowerCase(),
    website: u.website ?? '',
    phone: u.phone ?? '',
    address: u.address ?? '',
    companyDescription: u.companyDescription ?? '',
  };
}

/** SPEC.md section 5, employer profile. */
export function validateEmployerProfile(v: EmployerProfileValues): Errors<keyof EmployerProfileValues> {
  const e: Errors<keyof EmployerProfileValues> = {};
  if (!v.firstName.trim()) e.firstName = 'First name is required';
  if (!v.lastName.trim()) e.lastName = 'Last name is required';
  if (!isValidEmail(v.email)) e.email = 'Valid email required';
  if (!v.company.trim()) e.company = 'Company name is required';
  if (!v.position.trim()) e.position = 'Your position is required';
  if (!v.companySize) e.companySize = 'Company size is required';
  if (!v.industry) e.industry = 'Industry is required';
  if (v.website.trim() && !isValidUrl(v.website)) e.website = 'Valid website URL required';
  if (v.phone.trim().length < PHONE_MIN) e.phone = 'Valid phone number required';
  if (!v.address.trim()) e.address = 'Company address is required';
  if (v.companyDescription.trim().length < COMPANY_DESCRIPTION_MIN)
    e.companyDescription = 'Company description must be at least 50 characters';
  return e;
}
