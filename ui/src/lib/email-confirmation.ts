import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AUTH_USER_KEY } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import type { MessageResponse } from '@/types/api';

/**
 * POST /api/email-confirmation `{token}` (no session needed): 200 with the confirmation text,
 * 400 when the link is invalid, used or expired. Who is signed in is asked again, so an
 * employer's dashboard stops asking for the confirmation.
 */
export function useConfirmEmail() {
  return useMutation<MessageResponse, Error, string>({
    mutationFn: (token) => api.post<MessageResponse>('/api/email-confirmation', { token }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
  });
}

/**
 * POST /api/users/me/email-confirmation (signed-in employer): 202 "We sent a new confirmation
 * link to {email}.", or 200 when the address is already confirmed.
 */
export function useResendEmailConfirmation() {
  return useMutation<MessageResponse, Error, void>({
    mutationFn: () => api.post<MessageResponse>('/api/users/me/email-confirmation'),
  });
}
