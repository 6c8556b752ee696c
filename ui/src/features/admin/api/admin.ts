import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import type { CaptionTrack } from '@/types/internship';
import type { StaffMember } from '@/types/staff';
import { uploadWithProgress, type UploadHandle } from '@/lib/upload-with-progress';

export const ADMIN_SESSION_KEY = ['/api/admin/session'] as const;
export const AI_REQUESTS_KEY = ['/api/admin/ai-video-requests'] as const;

/**
 * An admin session (GET /api/admin/session): the district pin's (`staff` null) or a named staff
 * member's, whose role decides the tabs.
 */
export interface AdminSession {
  staff: StaffMember | null;
}

/** Everything the district admin may do: the pin, or a staff member with the admin role. */
export function isDistrictAdmin(session: AdminSession): boolean {
  return session.staff === null || session.staff.role === 'admin';
}

/** The admin session, or null when GET /api/admin/session answers 401/403. */
export function useAdminSession() {
  return useQuery<AdminSession | null>({
    queryKey: ADMIN_SESSION_KEY,
    queryFn: async () => {
      try {
        const answer = await api.get<{ staff?: StaffMember | null } | undefined>('/api/admin/session');
        return { staff: answer?.staff ?? null };
      } catch (error) {
        if (isApiError(error) && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
}

export function adminLogin(pin: string): Promise<unknown> {
  return api.post('/api/admin/login', { pin });
}

export function adminLogout(): Promise<unknown> {
  return api.post('/api/admin/logout');
}

/** Why an on-hold request waits (the badge's words: admin.json `request.onHoldReasons.*`). */
export type OnHoldReason = 'held_for_review' | 'hidden' | 'awaiting_review' | 'suspended';

export interface AiVideoRequest {
  id: number;
  internshipId: number;
  /** `on_hold`: the posting cannot go live yet (no clock, no upload: the server answers 409). */
  status: 'pending' | 'on_hold' | 'completed';
  /** Why an on-hold request waits. */
  onHoldBecause?: OnHoldReason | null;
  requestedAt: string;
  completedAt: string | null;
  overdue: boolean;
  ageHours: number;
  title: string;
  company: string;
  location: string;
  description: string;
  salary: string | null;
  duration: string;
  deadline: string;
  postedDate: string;
  videoUrl: string;
  /** A still of the video, when the server has one. */
  posterUrl?: string | null;
  /** Seconds. */
  videoDuration?: number | null;
  /** The posting's caption tracks (the caption editor opens them). */
  captions?: CaptionTrack[];
}

export function useAiVideoRequests(enabled: boolean) {
  return useQuery<AiVideoRequest[]>({
    queryKey: AI_REQUESTS_KEY,
    queryFn: async () => {
      const data = await api.get<unknown>('/api/admin/ai-video-requests');
      return Array.isArray(data) ? (data as AiVideoRequest[]) : [];
    },
    enabled,
    staleTime: 0,
  });
}

/** POST /api/admin/ai-video-requests/{id}/upload, multipart field `video` and optional WebVTT `captions`. */
export function uploadRequestVideo(id: number, file: File, captions: File | null, onProgress: (p: number) => void): UploadHandle<unknown> {
  const form = new FormData();
  form.append('video', file, file.name);
  if (captions) form.append('captions', captions, captions.name);
  return uploadWithProgress<unknown>('POST', `/api/admin/ai-video-requests/${id}/upload`, form, onProgress);
}
