import { useMutation, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { applyAccountLanguage, signUpLanguage } from '@/lib/i18n/language';
import type { SsoConfig } from '@/types/staff';
import type { User } from '@/types/api';

export const SSO_CONFIG_KEY = ['/api/auth/sso'] as const;
export const SSO_PENDING_KEY = ['/api/auth/sso/pending'] as const;

/** A server that answers nothing (or fails) has no school sign-in: the password forms stay as they were. */
const NO_SSO: SsoConfig = { providers: [], studentSignup: 'open' };

/** GET /api/auth/sso: the school-account providers and whether the public student sign-up is open. */
export function useSsoConfig() {
  const query = useQuery<SsoConfig>({
    queryKey: SSO_CONFIG_KEY,
    queryFn: () => api.get<SsoConfig>('/api/auth/sso'),
    staleTime: 60_000,
  });
  const config = query.data ?? NO_SSO;
  return {
    /** Still asking (the sign-up page waits before it shows a form that may be closed). */
    isLoading: query.isLoading,
    studentProviders: config.providers.filter((p) => p.forStudents).map((p) => p.name),
    schoolAccountsOnly: config.studentSignup === 'school-accounts-only',
  };
}

/** The school account a first sign-in (or a link to an existing account) waits on. */
export interface PendingSchoolSignIn {
  name: string;
  email: string;
  provider: string;
  /** True: an account with this e-mail exists and a password sign-in links it. */
  link: boolean;
}

/** GET /api/auth/sso/pending; null when nothing waits (404). */
export function usePendingSchoolSignIn(enabled = true) {
  return useQuery<PendingSchoolSignIn | null>({
    queryKey: SSO_PENDING_KEY,
    queryFn: async () => {
      try {
        return await api.get<PendingSchoolSignIn>('/api/auth/sso/pending');
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 401)) return null;
        throw error;
      }
    },
    enabled,
    staleTime: 0,
  });
}

export interface FinishSchoolSignupInput {
  grade: string;
  school: string;
  interests: string[];
}

/**
 * POST /api/auth/sso/finish: creates the student from the school account, in the form's
 * language, and signs them in (201 `{user}`).
 */
export function useFinishSchoolSignup() {
  return useMutation<User, Error, FinishSchoolSignupInput>({
    mutationFn: async (input) => {
      const { user } = await api.post<{ user: User }>('/api/auth/sso/finish', { ...input, language: signUpLanguage() });
      await applyAccountLanguage(user.language);
      return user;
    },
  });
}
