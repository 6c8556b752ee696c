import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@/types/api';

export interface LoginInput {
  email: string;
  password: string;
}

/** POST /api/student-login. */
export function studentLogin(input: LoginInput): Promise<User> {
  return api.post<User>('/api/student-login', input);
}

export function useStudentLogin() {
  return useMutation({ mutationFn: studentLogin });
}
