import { useMutation } from '@tanstack/react-query';
import { api } from './api-client';
import { tForms } from './i18n/namespaces/forms';
import type { Errors } from './validation';
import type { MessageResponse } from '@/types/api';

/** Each role's shortest password (the server checks the same: `password_min` in src/http/accounts.rs). */
export const STUDENT_PASSWORD_MIN = 6;
export const EMPLOYER_PASSWORD_MIN = 8;

/**
 * The shortest password any role allows: where the role is not known (a reset link), the
 * client asks for this much and the server's answer names the role's rule.
 */
export const MIN_PASSWORD_LENGTH = Math.min(STUDENT_PASSWORD_MIN, EMPLOYER_PASSWORD_MIN);

export function passwordsDoNotMatch(): string {
  return tForms('validation.passwordsDoNotMatch');
}

export function passwordTooShort(min: number): string {
  return tForms('validation.passwordTooShort', { min });
}

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** A new password and its confirmation: long enough, and both the same. */
export function validateNewPassword(values: NewPasswordValues, min: number = MIN_PASSWORD_LENGTH): Errors<keyof NewPasswordValues> {
  const errors: Errors<keyof NewPasswordValues> = {};
  if (values.newPassword.length < min) errors.newPassword = passwordTooShort(min);
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = passwordsDoNotMatch();
  return errors;
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * PUT /api/users/me/password (a signed-in student or employer): 200 `{message}` (other
 * sessions end, this one stays); 403 when the current password is wrong; 400 the role's rule.
 */
export function useChangePassword() {
  return useMutation<MessageResponse, Error, ChangePasswordInput>({
    mutationFn: (input) => api.put<MessageResponse>('/api/users/me/password', input),
  });
}
