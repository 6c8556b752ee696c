/** Shapes of the server's JSON (camelCase), as the server contract gives them. */

import type { EmployerStatus } from './safety';

export type UserType = 'student' | 'employer';

export type Grade = 'freshman' | 'sophomore' | 'junior' | 'senior';

export interface User {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  userType: UserType;
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
