import { tForms } from '@/lib/i18n/namespaces/forms';
import { EMPLOYER_PASSWORD_MIN } from '@/lib/passwords';
import { chosen, minLength, optionalUrl, required, validator, type Schema } from '@/lib/validation';
import { newPassword, personSchema, type PersonValues } from './account';

export const COMPANY_DESCRIPTION_MIN = 50;
export const PHONE_MIN = 10;

/**
 * An employer's account: sign-up asks for all but the phone, the company profile edits all but
 * the password.
 */
export interface EmployerValues extends PersonValues {
  password: string;
  position: string;
  company: string;
  industry: string;
  companySize: string;
  /** Optional; https:// is added when left out. */
  website: string;
  phone: string;
  address: string;
  companyDescription: string;
}

export type EmployerSignupValues = Omit<EmployerValues, 'phone'>;
export type EmployerProfileValues = Omit<EmployerValues, 'password'>;

/** The employer's fields and their messages. */
export const employerSchema: Schema<EmployerValues> = {
  ...personSchema,
  password: newPassword(EMPLOYER_PASSWORD_MIN),
  position: required(() => tForms('validation.position')),
  company: required(() => tForms('validation.company')),
  industry: chosen(() => tForms('validation.industry')),
  companySize: chosen(() => tForms('validation.companySize')),
  website: optionalUrl(() => tForms('validation.website')),
  phone: minLength(PHONE_MIN, () => tForms('validation.phone')),
  address: required(() => tForms('validation.address')),
  companyDescription: minLength(COMPANY_DESCRIPTION_MIN, () => tForms('validation.companyDescription', { min: COMPANY_DESCRIPTION_MIN })),
};

export const validateEmployerSignup = validator<EmployerSignupValues>(employerSchema);
export const validateEmployerProfile = validator<EmployerProfileValues>(employerSchema);
