/** Shapes of the server's JSON (camelCase), as the server contract gives them. */

import type { EmployerStatus } from './safety';

/** Who a session belongs to: an account (student, employer) or a guest browsing without one. */
export type UserType = 'student' | 'employer' | 'guest';

/** The two kinds of account (a guest has none). */
export type AccountType = 'student' | 'employer';

export type Grade = 'freshman' | 'sophomore' | 'junior' | 'senior';

/** A signed-in account (GET /api/auth/user for a student or employer). */
export interface User {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  userType: AccountType;
  grade: string | null;
  school: string | null;
  interests: string[];
  gpa: string | null;
  profileImageUrl: string | null;
  hasTranscript: boolean;
  company: string | null;
  position: string | null;
  companySize: string | null;
  industry: string | null;
  website: string | null;
  phone: string | null;
  address: string | null;
  companyDescription: string | null;
  /** Employers: views of their postings by students and visitors. */
  profileViews?: number | null;
  /** Employers: where the district's review of the company stands. */
  employerStatus?: EmployerStatus | null;
  /** Employers: why the district suspended the company (or other status note). */
  employerStatusReason?: string | null;
  /** Employers: whether the sign-up e-mail's confirmation link has been followed. */
  emailConfirmed?: boolean;
  /** Students: a new address waiting for the link sent to it (the account keeps `email` until then). */
  pendingEmail?: string | null;
  /** Sign-up and sign-in answers only: the account's stored language ('en', 'es'). */
  language?: string | null;
}

/**
 * A guest session (GET /api/auth/user, POST/PUT /api/guest): browsing with interests and a
 * grade but no account, so no id and no e-mail (no personal data at all).
 */
export interface GuestUser {
  userType: 'guest';
  firstName: string;
  lastName: string;
  interests: string[];
  grade: string | null;
}

/** Whoever the session belongs to, as GET /api/auth/user answers. */
export type SessionUser = User | GuestUser;

/** A guest's interests and grade (POST and PUT /api/guest); an empty grade means none. */
export interface GuestInput {
  interests: string[];
  grade?: string;
}

/** A marketing sample shown on the landing page (GET /api/landing-samples). */
export interface LandingSample {
  id: number;
  company: string;
  location: string;
  title: string;
  description: string;
  duration: string;
  videoUrl: string;
  /** A still shown before playing, when the samples carry one. */
  posterUrl?: string | null;
  workStyle: string;
  ageRange: string;
}

export interface MessageResponse {
  message: string;
}
