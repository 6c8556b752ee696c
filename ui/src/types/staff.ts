/** Shapes of the district's named staff and school sign-in JSON (the issue #34 contract). */
import { labels } from '@/lib/i18n/i18n';
import { tTerms } from '@/lib/i18n/namespaces/terms';

export type StaffRole = 'admin' | 'coordinator';

/** Who a staff session belongs to (`staff` of GET /api/session and GET /api/admin/session). */
export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  /** A coordinator's school; null for a district admin. */
  school: string | null;
}

export type StaffStatus = 'invited' | 'active' | 'disabled';

/** One row of GET /api/admin/staff. */
export interface StaffAccount extends StaffMember {
  status: StaffStatus;
  /** Milliseconds since the epoch, or null before the first sign-in. */
  lastSignInAt: number | null;
  createdAt: number;
}

/** The role as a person reads it. */
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = labels(['admin', 'coordinator'], (role) =>
  tTerms(`staffRole.${role}`),
);

/** "Coordinator, Lakeside High" or "District admin". */
export function staffRoleText(staff: Pick<StaffMember, 'role' | 'school'>): string {
  const role = STAFF_ROLE_LABELS[staff.role] ?? staff.role;
  return staff.school ? `${role}, ${staff.school}` : role;
}

/** A school-account provider (GET /api/auth/sso). */
export interface SsoProvider {
  name: string;
  forStudents: boolean;
  forStaff: boolean;
}

export type StudentSignupMode = 'open' | 'school-accounts-only';

/** GET /api/auth/sso. */
export interface SsoConfig {
  providers: SsoProvider[];
  studentSignup: StudentSignupMode;
}
