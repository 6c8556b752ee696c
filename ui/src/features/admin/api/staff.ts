/**
 * The district's named staff (issue #34): their sign-in, their invite, the Staff tab's list and
 * changes, and the Students tab's list.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import type { StaffAccount, StaffMember, StaffRole } from '@/types/staff';

export const STAFF_CONFIG_KEY = ['/api/staff/config'] as const;
export const ADMIN_STAFF_KEY = ['/api/admin/staff'] as const;
export const ADMIN_STUDENTS_KEY = '/api/admin/students';
export const ADMIN_SCHOOLS_KEY = ['/api/admin/schools'] as const;

/** GET /api/staff/config: whether the district pin still works, and the providers that sign staff in. */
export interface StaffConfig {
  pinEnabled: boolean;
  providers: { name: string }[];
}

/** A server that cannot say (an older one, or a failed call) keeps the pin form it always had. */
const PIN_ONLY: StaffConfig = { pinEnabled: true, providers: [] };

export function useStaffConfig() {
  const query = useQuery<StaffConfig>({
    queryKey: STAFF_CONFIG_KEY,
    queryFn: () => api.get<StaffConfig>('/api/staff/config'),
    staleTime: 60_000,
  });
  return { config: query.isError ? PIN_ONLY : query.data, isLoading: query.isLoading };
}

/** A staff sign-in's answer (and the session's `staff` from then on). */
export interface StaffLoginAnswer {
  admin: true;
  staff: StaffMember;
}

export interface StaffLoginInput {
  email: string;
  password: string;
  /** The authenticator's 6 digits, or one recovery code (xxxx-xxxx). */
  code: string;
}

/** POST /api/staff/login. */
export function staffLogin(input: StaffLoginInput): Promise<StaffLoginAnswer> {
  return api.post<StaffLoginAnswer>('/api/staff/login', input);
}

/** POST /api/staff/login/sso: the second step after a school sign-in whose provider asked no code. */
export function staffSsoLogin(code: string): Promise<StaffLoginAnswer> {
  return api.post<StaffLoginAnswer>('/api/staff/login/sso', { code });
}

/** GET /api/staff/login/sso: who the school sign-in named; null when none waits (404). */
export function useStaffSsoPending(enabled: boolean) {
  return useQuery<{ email: string; name: string } | null>({
    queryKey: ['/api/staff/login/sso'],
    queryFn: async () => {
      try {
        return await api.get<{ email: string; name: string }>('/api/staff/login/sso');
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    staleTime: 0,
  });
}

/** GET /api/staff/invite/{token}: whom the invite is for, and the authenticator's secret. */
export interface StaffInvite {
  email: string;
  name: string;
  role: StaffRole;
  school: string | null;
  /** Base32, as an authenticator app takes it by hand. */
  secret: string;
  /** The same for a QR code (otpauth://totp/...). */
  otpauthUri: string;
}

export function useStaffInvite(token: string) {
  return useQuery<StaffInvite>({
    queryKey: ['/api/staff/invite', token],
    queryFn: () => api.get<StaffInvite>(`/api/staff/invite/${encodeURIComponent(token)}`),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST /api/staff/invite/{token}: the password and a current code; the answer's recovery codes are shown once. */
export function useAcceptInvite(token: string) {
  return useMutation<{ recoveryCodes: string[] }, Error, { password: string; code: string }>({
    mutationFn: (input) => api.post<{ recoveryCodes: string[] }>(`/api/staff/invite/${encodeURIComponent(token)}`, input),
  });
}

/** GET /api/admin/schools: every school the roster or a student names (a coordinator's choices). */
export function useNamedSchools() {
  return useQuery<string[]>({
    queryKey: ADMIN_SCHOOLS_KEY,
    queryFn: async () => (await api.get<{ schools?: string[] }>('/api/admin/schools')).schools ?? [],
    staleTime: 60_000,
  });
}

export function useStaffList() {
  return useQuery<StaffAccount[]>({
    queryKey: ADMIN_STAFF_KEY,
    queryFn: async () => (await api.get<{ staff?: StaffAccount[] }>('/api/admin/staff')).staff ?? [],
    staleTime: 0,
  });
}

/** An answer that names a staff member (and, for a new invite, its link). */
export interface StaffAnswer {
  staff: StaffAccount;
  inviteUrl?: string;
}

export interface NewStaffInput {
  email: string;
  name: string;
  role: StaffRole;
  school: string | null;
}

/** A change to one staff member; the list is asked again afterwards. */
function useStaffChange<I>(call: (input: I) => Promise<StaffAnswer>) {
  const queryClient = useQueryClient();
  return useMutation<StaffAnswer, Error, I>({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_STAFF_KEY }),
  });
}

/** POST /api/admin/staff: 201 with the invite link (also e-mailed). */
export function useAddStaff() {
  return useStaffChange((input: NewStaffInput) => api.post<StaffAnswer>('/api/admin/staff', input));
}

/** POST /api/admin/staff/{id}/role. */
export function useChangeStaffRole() {
  return useStaffChange(({ id, role, school }: { id: number; role: StaffRole; school: string | null }) =>
    api.post<StaffAnswer>(`/api/admin/staff/${id}/role`, { role, school }),
  );
}

/** POST /api/admin/staff/{id}/disable or .../enable. */
export function useSetStaffEnabled() {
  return useStaffChange(({ id, enabled }: { id: number; enabled: boolean }) =>
    api.post<StaffAnswer>(`/api/admin/staff/${id}/${enabled ? 'enable' : 'disable'}`),
  );
}

/** POST /api/admin/staff/{id}/reset-2fa: a new invite link (the old authenticator and codes stop working). */
export function useResetStaffTwoFactor() {
  return useStaffChange((id: number) => api.post<StaffAnswer>(`/api/admin/staff/${id}/reset-2fa`));
}

export type StudentSource = 'roster' | 'school_account' | 'self_signup';

/** One row of GET /api/admin/students. */
export interface AdminStudent {
  id: number;
  name: string;
  email: string;
  school: string | null;
  grade: string | null;
  source: StudentSource;
  lastSignInAt: number | null;
  disabled: boolean;
}

export interface AdminStudents {
  students: AdminStudent[];
  /** The schools to filter by (a coordinator's one school). */
  schools: string[];
  /** How many students matched (the list stops at the server's cap). */
  total: number;
}

/** The students of one school (or all: null), as the list shows them. */
export interface AdminStudentsView extends AdminStudents {
  school: string | null;
}

/** GET /api/admin/students, all schools or one; the last answer stays while the next one loads. */
export function useAdminStudents(school: string | null) {
  return useQuery<AdminStudentsView>({
    queryKey: [ADMIN_STUDENTS_KEY, school],
    queryFn: async () => {
      const url = school ? `${ADMIN_STUDENTS_KEY}?school=${encodeURIComponent(school)}` : ADMIN_STUDENTS_KEY;
      const answer = await api.get<Partial<AdminStudents>>(url);
      const students = answer.students ?? [];
      return { students, schools: answer.schools ?? [], total: answer.total ?? students.length, school };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
