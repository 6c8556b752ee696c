import { i18n } from '@/lib/i18n/i18n';
import { isValidEmail, type Errors } from '@/lib/validation';
import { ns } from '../i18n';

/** The sign-in form's messages (the account forms' are in lib/schemas/). */

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginField = keyof LoginValues;

export function validateLogin(v: LoginValues): Errors<LoginField> {
  const errors: Errors<LoginField> = {};
  if (!isValidEmail(v.email)) errors.email = i18n.t('validation.email', { ns });
  if (!v.password) errors.password = i18n.t('validation.passwordRequired', { ns });
  return errors;
}
