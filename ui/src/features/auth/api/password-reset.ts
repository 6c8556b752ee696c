import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageResponse, UserType } from '@/types/api';

/**
 * POST /api/password-reset `{email}`: always 202 with the same message, whether or not an
 * account has that address (400 for a malformed address, 429 when throttled).
 */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/password-reset', { email });
}

export function useRequestPasswordReset() {
  return useMutation<MessageResponse, Error, string>({ mutationFn: requestPasswordReset });
}

export interface ConfirmPasswordResetInput {
  token: string;
  password: string;
}

export interface PasswordResetDone extends MessageResponse {
  /** Whose account it was: where to sign in next. */
  userType: UserType;
}

/**
 * POST /api/password-reset/confirm `{token, password}`: 200 `{message, userType}` (every
 * session of the account ends); 400 for an invalid or expired link, or the role's password rule.
 */
export function confirmPasswordReset(input: ConfirmPasswordResetInput): Promise<PasswordResetDone> {
  return api.post<PasswordResetDone>('/api/password-reset/confirm', input);
}

export function useConfirmPasswordReset() {
  return useMutation<PasswordResetDone, Error, ConfirmPasswordResetInput>({ mutationFn: confirmPasswordReset });
}
