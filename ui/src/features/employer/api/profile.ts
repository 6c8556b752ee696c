import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AUTH_USER_KEY } from '@/lib/auth';
import type { EmployerProfileValues } from '@/lib/schemas/employer';
import type { User } from '@/types/api';

export const EMPLOYER_PROFILE_KEY = ['/api/employers/profile'] as const;

/** The company profile form's values, the website normalised (or null when left out). */
export type EmployerProfilePayload = Omit<EmployerProfileValues, 'website'> & { website: string | null };

export function useEmployerProfile(enabled: boolean) {
  return useQuery<User>({ queryKey: EMPLOYER_PROFILE_KEY, enabled, staleTime: 0 });
}

export function useUpdateEmployerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EmployerProfilePayload) => api.put<User>('/api/employers/profile', payload),
    onSuccess: (user) => {
      queryClient.setQueryData(EMPLOYER_PROFILE_KEY, user);
      queryClient.setQueryData(AUTH_USER_KEY, user);
    },
  });
}
