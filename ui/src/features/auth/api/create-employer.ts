import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyAccountLanguage, signUpLanguage } from '@/lib/i18n/language';
import type { EmployerSignupValues } from '@/lib/schemas/employer';
import type { User } from '@/types/api';

/** The sign-up form's values, the website normalised (or null when left out). */
export type CreateEmployerInput = Omit<EmployerSignupValues, 'website'> & { website: string | null };

/** POST /api/employers: creates the employer in the form's language and signs them in (201 User). */
export async function createEmployer(input: CreateEmployerInput): Promise<User> {
  const user = await api.post<User>('/api/employers', { ...input, language: signUpLanguage() });
  await applyAccountLanguage(user.language);
  return user;
}

export function useCreateEmployer() {
  return useMutation({ mutationFn: createEmployer });
}
