import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyAccountLanguage, signInLanguage } from '@/lib/i18n/language';
import type { User } from '@/types/api';
import type { LoginInput } from './student-login';

/** POST /api/employers/login, as `studentLogin`: the UI then speaks the account's language. */
export async function employerLogin(input: LoginInput): Promise<User> {
  const user = await api.post<User>('/api/employers/login', { ...input, language: signInLanguage() });
  await applyAccountLanguage(user.language);
  return user;
}

export function useEmployerLogin() {
  return useMutation({ mutationFn: employerLogin });
}
