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

/** SPEC.md section 5: the employer's messages. */
export const employerSchema: Schema<EmployerValues> = {
  ...personSchema,
  password: newPassword(EMPLOYER_PASSWORD_MIN),
  position: required('Your position is required'),
  company: required('Company name is required'),
  industry: chosen('Industry is required'),
  companySize: chosen('Company size is required'),
  website: optionalUrl('Valid website URL required'),
  phone: minLength(PHONE_MIN, 'Valid phone number required'),
  address: required('Company address is required'),
  companyDescription: minLength(COMPANY_DESCRIPTION_MIN, `Company description must be at least ${COMPANY_DESCRIPTION_MIN} characters`),
};

export const validateEmployerSignup = validator<EmployerSignupValues>(employerSchema);
export const validateEmployerProfile = validator<EmployerProfileValues>(employerSchema);
