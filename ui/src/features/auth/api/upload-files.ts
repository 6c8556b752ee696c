import { api } from '@/lib/api-client';
import type { User } from '@/types/api';

/** POST /api/users/{id}/photo: multipart, one field named `file`. */
export function uploadProfilePhoto(userId: number, photo: Blob, fileName = 'avatar.jpg'): Promise<User> {
  const form = new FormData();
  form.append('file', photo, fileName);
  return api.upload<User>(`/api/users/${userId}/photo`, form);
}

/** POST /api/users/{id}/transcript: multipart, one field named `file` (PDF or image). */
export function uploadTranscript(userId: number, transcript: File): Promise<User> {
  const form = new FormData();
  form.append('file', transcript, transcript.name);
  return api.upload<User>(`/api/users/${userId}/transcript`, form);
}
