import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth';
import type { StudentProfileValues } from '@/lib/schemas/student';
import type { User } from '@/types/api';

/** The student profile form's fields (lib/schemas/student.ts). */
export type ProfileInput = StudentProfileValues;

/** PUT /api/users/{id}: the answer replaces the stored user. */
export function useUpdateProfile(userId: number) {
  return useMutation<User, Error, ProfileInput>({
    mutationFn: (input) => api.put<User>(`/api/users/${userId}`, { ...input, gpa: input.gpa.trim() || null }),
    onSuccess: (user) => setCurrentUser(user),
  });
}

/** POST /api/users/{id}/photo (multipart `file`). */
export function useUploadPhoto(userId: number) {
  return useMutation<User, Error, Blob>({
    mutationFn: (blob) => {
      const form = new FormData();
      form.append('file', blob, 'avatar.jpg');
      return api.upload<User>(`/api/users/${userId}/photo`, form);
    },
    onSuccess: (user) => setCurrentUser(user),
  });
}
