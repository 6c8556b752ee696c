import { tForms } from '@/lib/i18n/namespaces/forms';
import { passwordTooShort } from '@/lib/passwords';
import { email, minLength, required, type Rule, type Schema } from '@/lib/validation';

/** What every account holds, whatever its role. */
export interface PersonValues {
  firstName: string;
  lastName: string;
  email: string;
}

/** The name and e-mail messages, shared by the student and employer schemas. */
export const personSchema: Schema<PersonValues> = {
  firstName: required(() => tForms('validation.firstName')),
  lastName: required(() => tForms('validation.lastName')),
  email: email(() => tForms('validation.email')),
};

/** A new account's password: at least the role's shortest length (spaces count). */
export function newPassword(min: number): Rule<string> {
  return minLength(min, () => passwordTooShort(min), false);
}
