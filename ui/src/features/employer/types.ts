/** Server shapes the employer screens read (API.md). */

import type { VideoStatus } from '@/types/internship';
import type { PostingVisibility } from '@/types/safety';

export const AI_VIDEO_MARKER = 'AI_VIDEO_PROCESSING';

export type ApplicationStatus = 'pending' | 'under_review' | 'interview_requested' | 'offer_extended' | 'hired' | 'rejected';

export interface Internship {
  id: number;
  title: string;
  company: string;
  companyIcon: string;
  location: string;
  description: string;
  requirements: string | string[];
  duration: string;
  salary: string | null;
  deadline: string;
  applicationDeadline: string;
  postedDate: string;
  createdAt: string;
  /** Null while transcoding or failed; the AI marker while an AI video is being made. */
  videoUrl: string | null;
  videoStatus: VideoStatus;
  posterUrl: string | null;
  videoDuration: number | null;
  captionsUrl: string | null;
  videoError: string | null;
  employerId: number;
  applicationCount: number;
  workStyle: string;
  ageRequirement: string;
  gradeRequirement: string;
  skills: string[];
  benefits: string[];
  tags: string[];
  hoursPerWeek: number | null;
  likes: number;
  comments: number;
  bookmarks: number;
  employerVerified: boolean;
  /** 'public' once students can see it; otherwise what it is waiting for. */
  visibility: PostingVisibility;
  /** When held for review: the phrases that matched ('forklift', 'meat slicer'). */
  heldTerms: string[];
  hazardousDutiesConfirmed: boolean;
}

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

export interface StatusChange {
  status: ApplicationStatus;
  at: string;
}

export interface EmployerApplication {
  id: number;
  internshipId: number;
  status: ApplicationStatus;
  appliedAt: string;
  updatedAt: string;
  history: StatusChange[];
  internshipTitle: string;
  student: ApplicantStudent;
  nextStatuses: ApplicationStatus[];
}
