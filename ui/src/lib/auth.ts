import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, apiRequest } from './api-client';
import { BOOT_AT, peekBootAnswer } from './boot';
import { tCommon } from './i18n/i18n';
import { applySessionLanguage } from './i18n/language';
import { queryClient } from './query-client';
import { useSessionStore } from '@/stores/session-store';
import type { GuestUser, SessionUser, User } from '@/types/api';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/** Set while logging out, so a late answer from the current-user call cannot restore the session. */
let signingOut = false;

/** GET /api/session's answer. */
interface SessionAnswer {
  user: SessionUser | null;
  language?: unknown;
  staff?: unknown;
  admin?: unknown;
}

/** Whether a session answer names someone (a user, a staff member or the pin's admin). */
function namesSomeone(session: SessionAnswer): boolean {
  return Boolean(session.user || session.staff || session.admin === true);
}

/** The session the page brought (boot answers), until its language is applied. */
let bootSession: SessionAnswer | null = null;

/**
 * Before the first render (app/start.tsx): the session the server wrote into the page (lib/boot)
 * becomes the cached answer of who is signed in, so the first screen knows at once instead of
 * asking. Without it (a page from the service worker's cache) nothing changes: the first
 * `useUser` asks the server as before.
 */
export function seedBootSession(): void {
  // Peeked, not taken: external jobs' admin check reads the same answer (all are dropped after the first paint).
  const answer = peekBootAnswer('/api/session');
  const body = answer?.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const session = body as SessionAnswer;
  bootSession = session;
  queryClient.setQueryData<SessionUser | null>(AUTH_USER_KEY, session.user ?? null, { updatedAt: BOOT_AT });
}

/**
 * After the UI's language started (app/start.tsx): the seeded session's stored language applies, as
 * when the call answers (`authUserQueryFn`); resolves once its catalogues are in.
 */
export function applyBootSessionLanguage(): Promise<void> {
  const session = bootSession;
  bootSession = null;
  return session ? applySessionLanguage(session.language, namesSomeone(session)) : Promise.resolve();
}

/**
 * Who is signed in, from GET /api/session: always a 200 (`{user: null}` for a visitor), so a
 * visitor's page load logs no refused call. The cache key stays /api/auth/user's, which
 * answers the same user (or 401).
 */
const authUserQueryFn = async (): Promise<SessionUser | null> => {
  const session = await apiRequest<SessionAnswer>('GET', '/api/session');
  // The account's stored language (issue #36) follows the session's answer.
  void applySessionLanguage(session.language, namesSomeone(session));
  return session.user;
};

/**
 * The signed-in user, from GET /api/session (never retried). Signed in means it named a
 * user; null otherwise. This is the only source of truth for every screen: the
 * persisted session (local storage) is a cache of this answer and is never read to decide.
 */
export function useUser() {
  const query = useQuery<SessionUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: authUserQueryFn,
    retry: false,
  });
  const user = query.data ?? null;
  const answered = query.isSuccess;
  const setUser = useSessionStore((s) => s.setUser);

  // Keep the persisted session in step with what the server says (signed out included).
  useEffect(() => {
    if (!answered || signingOut || useSessionStore.getState().user === user) return;
    setUser(user);
  }, [answered, user, setUser]);

  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: user !== null,
    /** A guest session: browsing with interests, no account. */
    isGuest: user?.userType === 'guest',
  };
}

/**
 * The user as far as already known (the cached answer), asking the server only when `ask`:
 * for screens that merely adapt to a session (a sign-up form) and must not cost a signed-out
 * visitor a refused call.
 */
export function useKnownUser(ask: boolean): SessionUser | null {
  const query = useQuery<SessionUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: authUserQueryFn,
    retry: false,
    enabled: ask,
  });
  return query.data ?? null;
}

/** The session's user when it is a guest, else null. */
export function asGuest(user: SessionUser | null | undefined): GuestUser | null {
  return user?.userType === 'guest' ? user : null;
}

/** The session's user when it is an account (student or employer), else null. */
export function asAccount(user: SessionUser | null | undefined): User | null {
  return user && user.userType !== 'guest' ? user : null;
}

/** The server's last answer about who is signed in (null: signed out, or not asked yet). */
export function cachedUser(): SessionUser | null {
  return queryClient.getQueryData<SessionUser | null>(AUTH_USER_KEY) ?? null;
}

/**
 * Who is signed in, per the server: the cached answer when it names a user, otherwise asked
 * again (a sign-in in another tab counts). Null means signed out.
 */
export async function confirmSignedIn(): Promise<SessionUser | null> {
  const cached = cachedUser();
  if (cached) return cached;
  const user = await queryClient.fetchQuery<SessionUser | null>({ queryKey: AUTH_USER_KEY, queryFn: authUserQueryFn, staleTime: 0 });
  return user ?? null;
}

/** Store a freshly signed-in user as the current user, in the cache and the session. */
export function setCurrentUser(user: SessionUser): void {
  queryClient.setQueryData(AUTH_USER_KEY, user);
  useSessionStore.getState().setUser(user);
}

/** The greeting name: the first name, or 'User'. */
export function displayFirstName(user: Pick<SessionUser, 'firstName'> | null | undefined): string {
  const name = user?.firstName?.trim();
  return name ? name : tCommon('header.defaultName');
}

/**
 * Logout: clear the client cache, post to the logout endpoint and reload
 * at the root, the same even if the call fails.
 */
/** Announced before a sign-out starts, so live connections close instead of reconnecting. */
export const SIGN_OUT_EVENT = 'internreel:signout';

/**
 * The server already ended the session (the account was deleted): forget it here without a
 * reload, so the screen that follows can still show its toast. Live connections close too.
 */
export function forgetSession(): void {
  window.dispatchEvent(new Event(SIGN_OUT_EVENT));
  void queryClient.cancelQueries();
  queryClient.clear();
  queryClient.setQueryData(AUTH_USER_KEY, null);
  useSessionStore.getState().reset();
}

export async function logout(options: { employer?: boolean } = {}): Promise<void> {
  // While still signed in: this device's pushes end with the session on it.
  await import('./notifications/push').then((m) => m.forgetThisDevice()).catch(() => undefined);
  signingOut = true;
  window.dispatchEvent(new Event(SIGN_OUT_EVENT));
  await queryClient.cancelQueries();
  queryClient.clear();
  useSessionStore.getState().reset();
  try {
    // A guest's Exit is the same call: it ends the guest session and its interests with it.
    await api.post(options.employer ? '/api/employers/logout' : '/api/logout');
  } catch {
    // Treated as success locally.
  }
  useSessionStore.getState().reset();
  window.location.href = '/';
}
