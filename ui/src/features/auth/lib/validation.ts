import { isValidEmail, type Errors } from '@/lib/validation';

/** The sign-in form's messages (the account forms' are in lib/schemas/). */

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
