import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
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

/** PUT /api/users/me/interests: a signed-in student's interests alone (the first sign-in's step). */
export function useSetInterests() {
  return useMutation({ mutationFn: (interests: string[]) => api.put<User>('/api/users/me/interests', { interests }) });
}

/** Where a student goes once signed in: the interests step while they have none (a rostered account), else the feed. */
export function afterStudentSignIn(user: Pick<User, 'userType' | 'interests'>): string {
  return user.userType === 'student' && user.interests.length === 0 ? paths.welcome : paths.jobFeed;
}
