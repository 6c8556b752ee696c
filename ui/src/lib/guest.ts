/**
 * Guest sessions (issue #22): a visitor browses the ranked feed with chosen interests but has
 * no account. Anything that needs one (like, save, comment, apply, report, messages) is not
 * sent for a guest, and a guest-refused 401 from the server is not "session expired": both
 * open the invitation to create a student account instead of redirecting to sign-in.
 */
import { create } from 'zustand';
import { isApiError } from './api-client';
import { cachedUser } from './auth';
import { tCommon } from './i18n/i18n';

interface GuestInviteState {
  open: boolean;
  /** The server's reason; empty: the dialog says the usual one in the UI's language. */
  message: string;
  show: (message?: string) => void;
  close: () => void;
}

export const useGuestInviteStore = create<GuestInviteState>()((set) => ({
  open: false,
  message: '',
  show: (message) => set({ open: true, message: message || '' }),
  close: () => set({ open: false }),
}));

/** Open the "Create student account" invitation (the dialog lives in the app provider). */
export function inviteGuestSignup(message?: string): void {
  useGuestInviteStore.getState().show(message);
}

/** Whether the server last said this session is a guest's. */
export function isGuestSession(): boolean {
  return cachedUser()?.userType === 'guest';
}

/** Thrown instead of sending an account-only call from a guest session. */
export class GuestOnlyError extends Error {
  constructor() {
    super(tCommon('guestInvite.onlyMessage'));
    this.name = 'GuestOnlyError';
  }
}

/** Call first in an account-only mutation: a guest's request is never sent. */
export function assertNotGuest(): void {
  if (isGuestSession()) throw new GuestOnlyError();
}

/**
 * A refusal because the session is a guest's (not sent, or a 401 while a guest or with the
 * guest text): the invitation opens and true is returned, so the caller skips its login redirect.
 */
export function handleGuestOnly(error: unknown): boolean {
  if (error instanceof GuestOnlyError) {
    inviteGuestSignup();
    return true;
  }
  if (!isApiError(error) || error.status !== 401) return false;
  const guestText = error.message.startsWith('Guests can only browse') || error.message === tCommon('guestInvite.onlyMessage');
  if (!isGuestSession() && !guestText) return false;
  inviteGuestSignup(error.message);
  return true;
}
