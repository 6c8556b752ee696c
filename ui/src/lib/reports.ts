import { useMutation } from '@tanstack/react-query';
import { api } from './api-client';
import { asAccount, useUser } from './auth';
import type { ReportCreated, ReportInput } from '@/types/safety';

/** POST /api/reports: the answer's `message` is the thank-you text to show. */
export function useCreateReport() {
  return useMutation<ReportCreated, Error, ReportInput>({
    mutationFn: (input) => api.post<ReportCreated>('/api/reports', input),
  });
}

/**
 * Whether the signed-in user may report things: students and employers (visitors cannot, and
 * the admin's session is not a user). `meId` is who is signed in, to hide Report on one's own posts.
 */
export function useReporter(): { canReport: boolean; meId: number | null; isEmployer: boolean } {
  const { user } = useUser();
  const canReport = user !== null && (user.userType === 'student' || user.userType === 'employer');
  return { canReport, meId: asAccount(user)?.id ?? null, isEmployer: user?.userType === 'employer' };
}
