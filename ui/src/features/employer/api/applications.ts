import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { EmployerApplication } from '../types';
import type { ApplicationStatus } from '@/types/internship';

export const EMPLOYER_APPLICATIONS_KEY = ['/api/employers/applications'] as const;
export const EMPLOYER_APPLICATION_COUNT_KEY = ['/api/employers/applications/count'] as const;

export function useEmployerApplications(enabled: boolean) {
  return useQuery<EmployerApplication[]>({
    queryKey: EMPLOYER_APPLICATIONS_KEY,
    // Every page (newest first): the dashboard's counts and filters need all of them.
    queryFn: () => api.all<EmployerApplication>('/api/employers/applications'),
    enabled,
    staleTime: 0,
  });
}

export function useEmployerApplicationCount(enabled: boolean) {
  return useQuery<{ count: number }>({ queryKey: EMPLOYER_APPLICATION_COUNT_KEY, enabled, staleTime: 0 });
}

export function useUpdateApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ApplicationStatus }) =>
      api.put<EmployerApplication>(`/api/employers/applications/${id}`, { status }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: EMPLOYER_APPLICATIONS_KEY });
    },
  });
}
