/** Shapes of the server's internship, application, social and message JSON (API.md). */

import type { HeldPlace, PostingVisibility } from './safety';

/**
 * - 'ready': `videoUrl` plays ('/api/videos/NAME');
 * - 'processing': an AI video is being made (`videoUrl` is the AI marker);
 * - 'transcoding': an uploaded video is being converted to play everywhere (`videoUrl` null);
 * - 'failed': the conversion failed (`videoUrl` null, `videoError` says why);
 * - 'missing': the file is gone.
 */
export type VideoStatus = 'ready' | 'processing' | 'transcoding' | 'failed' | 'missing';

export interface Internship {
  id: number;
  title: string;
  company: string;
  companyIcon: string | null;
  industry: string | null;
  location: string;
  description: string;
  requirements: string | string[] | null;
  duration: string | null;
  salary: string | null;
  deadline: string | null;
  applicationDeadline: string | null;
  postedDate: string | null;
  createdAt: string;
  videoUrl: string | null;
  videoStatus: VideoStatus;
  /** A JPEG still ('/api/posters/NAME.jpg'); may exist while transcoding or failed. */
  posterUrl: string | null;
  /** Seconds. */
  videoDuration: number | null;
  /** WebVTT captions ('/api/captions/NAME.vtt'): the English track, else the first. */
  captionsUrl: string | null;
  /** Every caption track, by the language the employer declared, English first. */
  captions?: CaptionTrack[];
  /** Why the conversion failed (only when 'failed'). */
  videoError: string | null;
  employerId: number;
  applicationCount: number;
  matchScore: number | null;
  matchReasons: string[] | null;
  workStyle: string | null;
  ageRequirement: string | null;
  gradeRequirement: string | null;
  skills: string[];
  benefits: string[];
  tags: string[];
  hoursPerWeek: number | null;
  likes: number;
  comments: number;
  bookmarks: number;
  isLiked: boolean;
  isBookmarked: boolean;
  hasApplied: boolean;
  archived: boolean;
  /** The district verified the employer behind this posting. */
  employerVerified: boolean;
  /** Others only ever see 'public'; the owner sees the rest on the dashboard. */
  visibility: PostingVisibility;
  /** When held for review: the phrases that matched. */
  heldTerms: string[];
  /** When held for review: where each of them matched (absent from older servers). */
  heldPlaces?: HeldPlace[];
  /** The owner's view of a posting the district hid: the district's note. */
  hiddenReason?: string | null;
  hazardousDutiesConfirmed: boolean;
  /** The district's captions rule, while it holds the posting or someone's word is on it. */
  captionsRule?: CaptionsRuleState;
}

/** The captions rule on one posting (`captionsRule` of the posting's JSON). */
export interface CaptionsRuleState {
  /** What the server heard: 'no_audio' | 'silent' | 'brief' | 'sustained' (null: not measured). */
  sound: 'no_audio' | 'silent' | 'brief' | 'sustained' | null;
  /** Seconds of speech-level sound. */
  loudSeconds: number;
  waiting: boolean;
  noSpeechConfirmed: boolean;
  /** The employer confirmed no speech on sustained sound: the district listens first. */
  reviewAsked: boolean;
  clearedByDistrict: boolean;
}

export type ApplicationStatus = 'pending' | 'under_review' | 'interview_requested' | 'offer_extended' | 'hired' | 'rejected';

export interface StatusChange {
  status: ApplicationStatus;
  at: string;
}

export interface ApplicationInternship {
  id: number;
  title: string;
  company: string;
  location: string;
  employerId: number;
  archived: boolean;
}

export interface Application {
  id: number;
  internshipId: number;
  status: ApplicationStatus;
  appliedAt: string;
  updatedAt: string;
  history: StatusChange[];
  /** Present on a student's own list. */
  internship?: ApplicationInternship;
  internshipTitle?: string;
  /** A hired application's work-based-learning placement (issue #33). */
  placementId?: number | null;
}

export interface LikeResult {
  liked: boolean;
  likeCount: number;
}

export interface BookmarkResult {
  bookmarked: boolean;
  bookmarkCount: number;
}

/** One entry of GET /api/users/{id}/bookmarks or /likes. */
export interface SavedInternship {
  internshipId: number;
  createdAt: string;
  title: string;
  company: string;
  location: string;
  videoUrl: string | null;
}

export interface Comment {
  id: number;
  content: string;
  createdAt: string | null;
  /** `id` only for the author and employers: other readers see a student as "Noah K." with no id. */
  user: { id: number | null; firstName: string | null; lastName: string | null; profileImageUrl: string | null } | null;
  canDelete: boolean;
  /** Held by the word list: shown only to its author, labelled 'Awaiting review'. */
  awaitingReview?: boolean;
}

export interface Message {
  id: number;
  applicationId: number;
  senderId: number;
  receiverId: number;
  senderName: string;
  content: string;
  createdAt: string;
  readAt: string | null;
}

/** A posting's caption track in one language. */
export interface CaptionTrack {
  lang: string;
  /** '/api/captions/NAME.vtt'. */
  url: string;
}
