import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@/types/api';
import type { LoginInput } from './student-login';

/** POST /api/employers/login. */
export function employerLogin(input: LoginInput): Promise<User> {
  return api.post<User>('/api/employers/login', input);
}

export function useEmployerLogin() {
  return useMutation({ mutationFn: employerLogin });
}
