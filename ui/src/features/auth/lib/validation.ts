import { isValidEmail, isValidUrl, type Errors } from '@/lib/validation';
import { COMPANY_DESCRIPTION_MIN, EMPLOYER_PASSWORD_MIN, STUDENT_PASSWORD_MIN } from './limits';

/** The exact messages of SPEC.md section 5. */

export interface StudentSignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  school: string;
  grade: string;
  gpa: string;
  interests: string[];
}

export type StudentSignupField = keyof StudentSignupValues;

export const STUDENT_SIGNUP_FIELDS: readonly StudentSignupField[] = [
  'firstName',
  'lastName',
  'email',
  'password',
  'school',
  'grade',
  'gpa',
  'interests',
];

export function validateStudentSignup(v: StudentSignupValues): Errors<StudentSignupField> {
  const errors: Errors<StudentSignupField> = {};
  if (!v.firstName.trim()) errors.firstName = 'First name is required';
  if (!v.lastName.trim()) errors.lastName = 'Last name is required';
  if (!isValidEmail(v.email)) errors.email = 'Valid email required';
  if (v.password.length < STUDENT_PASSWORD_MIN) errors.password = 'Password must be at least 6 characters';
  if (!v.school.trim()) errors.school = 'School name is required';
  if (!v.grade) errors.grade = 'Grade level is required';
  if (v.interests.length === 0) errors.interests = 'Please select at least one interest';
  return errors;
}

export interface EmployerSignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  position: string;
  company: string;
  industry: string;
  companySize: string;
  website: string;
  address: string;
  companyDescription: string;
}

export type EmployerSignupField = keyof EmployerSignupValues;

export const EMPLOYER_SIGNUP_FIELDS: readonly EmployerSignupField[] = [
  'firstName',
  'lastName',
  'email',
  'password',
  'position',
  'company',
  'industry',
  'companySize',
  'website',
  'address',
  'companyDescription',
];

export function validateEmployerSignup(v: EmployerSignupValues): Errors<EmployerSignupField> {
  const errors: Errors<EmployerSignupField> = {};
  if (!v.firstName.trim()) errors.firstName = 'First name is required';
  if (!v.lastName.trim()) errors.lastName = 'Last name is required';
  if (!isValidEmail(v.email)) errors.email = 'Valid email required';
  if (v.password.length < EMPLOYER_PASSWORD_MIN) errors.password = 'Password must be at least 8 characters';
  if (!v.position.trim()) errors.position = 'Your position is required';
  if (!v.company.trim()) errors.company = 'Company name is required';
  if (!v.industry) errors.industry = 'Industry is required';
  if (!v.companySize) errors.companySize = 'Company size is required';
  if (v.website.trim() && !isValidUrl(v.website)) errors.website = 'Valid website URL required';
  if (!v.address.trim()) errors.address = 'Company address is required';
  if (v.companyDescription.trim().length < COMPANY_DESCRIPTION_MIN)
    errors.companyDescription = 'Company description must be at least 50 characters';
  return errors;
}

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginField = keyof LoginValues;

export function validateLogin(v: LoginValues): Errors<LoginField> {
  const errors: Errors<LoginField> = {};
  if (!isValidEmail(v.email)) errors.email = 'Please enter a valid email address';
  if (!v.password) errors.password = 'Password is required';
  return errors;
}
