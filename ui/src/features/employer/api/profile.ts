import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AUTH_USER_KEY } from '@/lib/auth';
import type { User } from '@/types/api';

export const EMPLOYER_PROFILE_KEY = ['/api/employers/profile'] as const;

export interface EmployerProfilePayload {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  position: string;
  companySize: string;
  industry: string;
  website: string | null;
  phone: string;
  address: string;
  companyDescription: string;
}

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
