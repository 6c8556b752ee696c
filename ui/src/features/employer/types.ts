/** Server shapes the employer screens read (API.md). */

import type { Application, ApplicationStatus } from '@/types/internship';

export const AI_VIDEO_MARKER = 'AI_VIDEO_PROCESSING';

export interface ApplicantStudent {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  grade: string | null;
  school: string | null;
  gpa: string | null;
  interests: string[] | null;
  profileImageUrl: string | null;
  transcriptUrl: string | null;
}

/** An application as its employer reads it: the student who applied, and the moves open to it. */
export interface EmployerApplication extends Application {
  internshipTitle: string;
  student: ApplicantStudent;
  nextStatuses: ApplicationStatus[];
}
