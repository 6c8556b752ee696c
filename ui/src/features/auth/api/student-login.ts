import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyAccountLanguage, signInLanguage } from '@/lib/i18n/language';
import type { User } from '@/types/api';

export interface LoginInput {
  email: string;
  password: string;
}

/**
 * POST /api/student-login, with a language chosen on this visit; the UI then speaks the
 * account's language.
 */
export async function studentLogin(input: LoginInput): Promise<User> {
  const user = await api.post<User>('/api/student-login', { ...input, language: signInLanguage() });
  await applyAccountLanguage(user.language);
  return user;
}

export function useStudentLogin() {
  return useMutation({ mutationFn: studentLogin });
}
