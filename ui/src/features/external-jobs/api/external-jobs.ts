import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, apiRequest } from '@/lib/api-client';
import { BOOT_AT, bootStaleTime, peekBootAnswer, takeBootAnswer } from '@/lib/boot';
import type { StaffMember } from '@/types/staff';

export type JobSource = 'greenhouse' | 'lever' | 'ashby' | string;

export interface ExternalJob {
  id: number;
  source: JobSource;
  externalId: string;
  companyName: string;
  title: string;
  location: string | null;
  department: string | null;
  level: string | null;
  commitment: string | null;
  workplaceType: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  /** 'hour', 'year', ... as the job board says; empty when unknown. */
  salaryInterval: string | null;
  descriptionPlain: string | null;
  applyUrl: string;
  beginner: boolean;
}

export interface ExternalCompany {
  companyName: string;
  source: JobSource;
  jobCount: number;
  sampleRoles: string[];
  locations: string[];
  totalLocations: number;
}

/** External jobs are refetched every 5 minutes. */
export const EXTERNAL_JOBS_REFETCH_MS = 5 * 60 * 1000;
/** After a refresh request, the list is refetched after 3 s. */
export const REFRESH_REFETCH_DELAY_MS = 3000;

const asList = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

/** The companies list's URL: what the page asks first is `?beginner=true` (the toggle's default). */
export const companiesUrl = (beginner: boolean) => `/api/external-jobs/companies?beginner=${beginner}`;

export function useExternalCompanies(beginner: boolean) {
  return useQuery<ExternalCompany[]>({
    queryKey: ['/api/external-jobs/companies', { beginner }],
    queryFn: async () => asList<ExternalCompany>(await api.get<unknown>(companiesUrl(beginner))),
    // The first screen's list as the server wrote it into the page (lib/boot).
    initialData: () => {
      const answer = takeBootAnswer(companiesUrl(beginner));
      return answer ? asList<ExternalCompany>(answer.body) : undefined;
    },
    initialDataUpdatedAt: BOOT_AT,
    refetchInterval: EXTERNAL_JOBS_REFETCH_MS,
    staleTime: bootStaleTime<ExternalCompany[]>(0),
  });
}

export function useExternalJobs(params: { beginner: boolean; company: string | null; q: string }) {
  const { beginner, company, q } = params;
  return useQuery<ExternalJob[]>({
    queryKey: ['/api/external-jobs', { beginner, company, q }],
    queryFn: async () => {
      const search = new URLSearchParams({ beginner: String(beginner) });
      if (q) search.set('q', q);
      if (company) search.set('company', company);
      // One company's list is small: follow every page.
      return api.all<ExternalJob>(`/api/external-jobs?${search.toString()}`);
    },
    enabled: company !== null,
    refetchInterval: EXTERNAL_JOBS_REFETCH_MS,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

type SessionAdmin = { admin?: boolean; staff?: Pick<StaffMember, 'role'> | null };

const mayRefreshJobs = (session: SessionAdmin) => session.admin === true && session.staff?.role !== 'coordinator';

/**
 * Whether this browser holds a district admin's session (the pin's, or a staff admin's: a
 * coordinator's admin session may not refresh jobs), from GET /api/session's `admin` and
 * `staff` (always a 200, so a visitor's page logs no refused call).
 */
export function useIsAdmin() {
  return useQuery<boolean>({
    queryKey: ['/api/session', 'admin'],
    queryFn: async () => mayRefreshJobs(await apiRequest<SessionAdmin>('GET', '/api/session')),
    // The session the page brought (lib/boot), read by lib/auth too.
    initialData: () => {
      const body = peekBootAnswer('/api/session')?.body;
      return typeof body === 'object' && body !== null ? mayRefreshJobs(body as SessionAdmin) : undefined;
    },
    initialDataUpdatedAt: BOOT_AT,
    staleTime: bootStaleTime<boolean>(0),
  });
}

/** POST /api/admin/fetch-jobs (202): the refresh runs in the background; refetch after 3 s. */
export function useRefreshJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('POST', '/api/admin/fetch-jobs'),
    onSuccess: () => {
      window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: ['/api/external-jobs/companies'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/external-jobs'] });
      }, REFRESH_REFETCH_DELAY_MS);
    },
  });
}
