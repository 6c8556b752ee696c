import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { EmployerSignupValues } from '@/lib/schemas/employer';
import type { User } from '@/types/api';

/** The sign-up form's values, the website normalised (or null when left out). */
export type CreateEmployerInput = Omit<EmployerSignupValues, 'website'> & { website: string | null };

/** POST /api/employers: creates the employer and signs them in (201 User). */
export function createEmployer(input: CreateEmployerInput): Promise<User> {
  return api.post<User>('/api/employers', input);
}

export function useCreateEmployer() {
  return useMutation({ mutationFn: createEmployer });
}
