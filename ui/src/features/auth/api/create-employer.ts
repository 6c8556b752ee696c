import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@/types/api';

export interface CreateEmployerInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  position: string;
  company: string;
  companySize: string;
  industry: string;
  website: string | null;
  address: string;
  companyDescription: string;
}

/** POST /api/employers: creates the employer and signs them in (201 User). */
export function createEmployer(input: CreateEmployerInput): Promise<User> {
  return api.post<User>('/api/employers', input);
}

export function useCreateEmployer() {
  return useMutation({ mutationFn: createEmployer });
}
