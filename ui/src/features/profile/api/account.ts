import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MessageResponse } from '@/types/api';

/** Where the student's data export downloads from (a GET with the session cookie). */
export const exportUrl = (userId: number) => `/api/users/${userId}/export`;

/** DELETE /api/users/{id} `{password}`: the account goes and the server clears the session cookie. */
export function useDeleteAccount(userId: number) {
  return useMutation<MessageResponse, Error, string>({
    mutationFn: (password) => apiRequest<MessageResponse>('DELETE', `/api/users/${userId}`, { password }),
  });
}
