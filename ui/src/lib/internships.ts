/**
 * Internship data shared by the student screens (feed, browse, company, detail, matches,
 * profile): query keys, fetchers and the like / save / apply mutations with their error
 * texts and redirects.
 */
import { useInfiniteQuery, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, isApiError, LIKE_UNAUTHORIZED_REDIRECT_MS, redirectToLogin, UNAUTHORIZED_REDIRECT_MS } from './api-client';
import { mapPages, nextPageParam, type PagedData } from './paging';
import { BOOT_AT, bootPagedData } from './boot';
import { asAccount, cachedUser, confirmSignedIn, useUser } from './auth';
import { assertNotGuest, handleGuestOnly } from './guest';
import { tInternship } from './i18n/namespaces/internship';
import { INTERNSHIP_LIST_RETRIES, queryClient } from './query-client';
import { handleUnauthorized } from './unauthorized';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import type { Page } from './api-client';
import { usePushOfferStore } from './notifications/push';
import type { Application, BookmarkResult, Internship, LikeResult, SavedInternship } from '@/types/internship';

export const INTERNSHIPS_KEY = '/api/internships';
export const internshipKey = (id: number | string) => [`/api/internships/${id}`] as const;
export const applicationsKey = (userId: number) => [`/api/users/${userId}/applications`] as const;
export const bookmarksKey = (userId: number) => [`/api/users/${userId}/bookmarks`] as const;
export const MATCHES_KEY = ['/api/matches'] as const;

/** A non-list answer is treated as empty. */
function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export interface InternshipSearch {
  q?: string;
  location?: string;
}

export function internshipsUrl(search: InternshipSearch = {}): string {
  const params = new URLSearchParams();
  if (search.q?.trim()) params.set('q', search.q.trim());
  if (search.location?.trim()) params.set('location', search.location.trim());
  const qs = params.toString();
  return qs ? `${INTERNSHIPS_KEY}?${qs}` : INTERNSHIPS_KEY;
}

/**
 * GET /api/internships (optionally searched through the server), page by page: the first page is
 * the best / newest; `fetchNextPage` follows the `Link` header. Retried 2 times. The feed and the
 * unfiltered browse list share the cache entry `[INTERNSHIPS_KEY]`.
 */
export function useInternships(search: InternshipSearch = {}) {
  const q = search.q?.trim() ?? '';
  const location = search.location?.trim() ?? '';
  const searching = q !== '' || location !== '';
  return useInfiniteQuery<Page<Internship>, Error, PagedData<Internship>, readonly unknown[], string>({
    queryKey: searching ? [INTERNSHIPS_KEY, { q, location }] : [INTERNSHIPS_KEY],
    queryFn: ({ pageParam }) => api.page<Internship>(pageParam),
    initialPageParam: internshipsUrl({ q, location }),
    // The first page as the server wrote it into the page (lib/boot), for the first screen only.
    initialData: () => bootPagedData<Internship>(internshipsUrl({ q, location })),
    initialDataUpdatedAt: BOOT_AT,
    getNextPageParam: nextPageParam,
    retry: INTERNSHIP_LIST_RETRIES,
    // While a new search runs, keep showing the last answer (no flash of 'Loading').
    placeholderData: (previous) => previous,
  });
}

/**
 * The `{id}` of a route such as /internship/{id}: a positive whole number, else null (then the
 * screen shows its not-found text without asking the server).
 */
export function routeId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

/** The server's "no such posting" answers: 404, or 400 for an id it cannot read. */
export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** GET /api/internships/{id}; never retried (a 404 is an answer, not a glitch). Null: nothing to load. */
export function useInternship(id: number | null) {
  return useQuery<Internship>({
    queryKey: internshipKey(id ?? 'none'),
    queryFn: () => api.get<Internship>(`/api/internships/${id}`),
    enabled: id !== null,
    retry: false,
  });
}

/** Apply a change to one internship wherever it sits in the cache (lists and the single entry). */
export function patchInternship(client: QueryClient, id: number, patch: (i: Internship) => Internship): void {
  client.setQueriesData<PagedData<Internship>>({ queryKey: [INTERNSHIPS_KEY] }, (data) =>
    mapPages(data, (i) => (i.id === id ? patch(i) : i)),
  );
  client.setQueriesData<Internship[]>({ queryKey: MATCHES_KEY }, (list) =>
    Array.isArray(list) ? list.map((i) => (i.id === id ? patch(i) : i)) : list,
  );
  client.setQueryData<Internship>(internshipKey(id), (one) => (one ? patch(one) : one));
}

/** POST /api/internships/{id}/like (toggles). Signed out: 'Please log in', then /api/login after 1 s. */
export function useToggleLike() {
  return useMutation<LikeResult, Error, Internship>({
    mutationFn: (internship) => {
      assertNotGuest();
      return api.post<LikeResult>(`/api/internships/${internship.id}/like`);
    },
    onSuccess: (result, internship) => {
      patchInternship(queryClient, internship.id, (i) => ({ ...i, isLiked: result.liked, likes: result.likeCount }));
    },
    onError: (error) => {
      const unauthorized = {
        title: tInternship('toasts.likeLogin'),
        description: tInternship('toasts.likeLoginText'),
        delayMs: LIKE_UNAUTHORIZED_REDIRECT_MS,
      };
      if (handleUnauthorized(error, unauthorized)) return;
      toast({ description: tInternship('toasts.likeFailed'), variant: 'destructive' });
    },
  });
}

/** POST /api/internships/{id}/bookmark (toggles). */
export function useToggleBookmark() {
  const userId = asAccount(useUser().user)?.id;
  return useMutation<BookmarkResult, Error, Internship>({
    mutationFn: (internship) => {
      assertNotGuest();
      return api.post<BookmarkResult>(`/api/internships/${internship.id}/bookmark`);
    },
    onSuccess: (result, internship) => {
      patchInternship(queryClient, internship.id, (i) => ({
        ...i,
        isBookmarked: result.bookmarked,
        bookmarks: result.bookmarkCount,
      }));
      if (userId) void queryClient.invalidateQueries({ queryKey: bookmarksKey(userId) });
      toast(result.bookmarked ? { title: tInternship('toasts.saved'), variant: 'success' } : { title: tInternship('toasts.unsaved') });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ description: tInternship('toasts.saveFailed'), variant: 'destructive' });
    },
  });
}

/**
 * POST /api/applications. On success the internship is marked applied everywhere, the
 * application id is stored in the session, and the application lists are refreshed.
 */
export function useApply(options: { toastOnSuccess?: boolean } = {}) {
  const { toastOnSuccess = true } = options;
  return useMutation<Application, Error, Pick<Internship, 'id' | 'title' | 'company'>>({
    mutationFn: async (internship) => {
      // The server says who is signed in (never the browser's stored copy).
      const user = await confirmSignedIn();
      if (!user) throw new AuthRequiredError();
      assertNotGuest();
      return api.post<Application>('/api/applications', { internshipId: internship.id, status: 'pending' });
    },
    onSuccess: (application, internship) => {
      patchInternship(queryClient, internship.id, (i) => ({
        ...i,
        hasApplied: true,
        applicationCount: i.applicationCount + 1,
      }));
      useSessionStore.getState().setApplicationId(String(application.id));
      const userId = asAccount(cachedUser())?.id;
      if (userId) void queryClient.invalidateQueries({ queryKey: applicationsKey(userId) });
      // A moment it matters: the offer of push notifications (unless refused or on already).
      usePushOfferStore.getState().ask();
      if (toastOnSuccess) {
        toast({
          title: tInternship('toasts.applied'),
          description: tInternship('toasts.appliedText', { title: internship.title, company: internship.company }),
          variant: 'success',
        });
      }
    },
    onError: (error, internship) => {
      if (handleGuestOnly(error)) return;
      if (error instanceof AuthRequiredError || (isApiError(error) && error.status === 401)) {
        toast({ title: tInternship('toasts.authRequired'), description: tInternship('toasts.authRequiredText'), variant: 'destructive' });
        redirectToLogin(UNAUTHORIZED_REDIRECT_MS);
        return;
      }
      if ((isApiError(error) && error.status === 409) || error.message.toLowerCase().includes('already applied')) {
        patchInternship(queryClient, internship.id, (i) => ({ ...i, hasApplied: true }));
        toast({
          title: tInternship('toasts.alreadyApplied'),
          description: tInternship('toasts.alreadyAppliedText'),
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: tInternship('toasts.applyFailed'),
        description: error.message || tInternship('toasts.applyFailedText'),
        variant: 'destructive',
      });
    },
  });
}

class AuthRequiredError extends Error {
  constructor() {
    super(tInternship('toasts.authRequiredText'));
    this.name = 'AuthRequiredError';
  }
}

/** How often an open profile asks again for its applications' statuses. */
export const APPLICATIONS_REFRESH_MS = 10_000;

/**
 * GET /api/users/{id}/applications (only when signed in). With `live`, the list is asked for
 * again every 10 s while the page is open and whenever the window regains focus, so an
 * employer's status change shows without a reload.
 */
export function useMyApplications(userId: number | undefined, options: { live?: boolean } = {}) {
  const live = options.live === true;
  return useQuery<Application[]>({
    queryKey: applicationsKey(userId ?? 0),
    // Newest first (by the date applied; the id breaks a tie).
    queryFn: async () => sortNewestFirst(asList<Application>(await api.get<unknown>(`/api/users/${userId}/applications`))),
    enabled: userId !== undefined,
    refetchInterval: live ? APPLICATIONS_REFRESH_MS : false,
    // The cache never goes stale by default, so a focus refetch has to be 'always'.
    refetchOnWindowFocus: live ? 'always' : false,
  });
}

/** Applications, newest first by the date applied (an unreadable date counts as oldest). */
export function sortNewestFirst(list: Application[]): Application[] {
  const time = (a: Application) => {
    const t = Date.parse(a.appliedAt ?? '');
    return Number.isNaN(t) ? -Infinity : t;
  };
  return [...list].sort((a, b) => time(b) - time(a) || b.id - a.id);
}

/** GET /api/users/{id}/bookmarks (self). */
export function useBookmarks(userId: number | undefined) {
  return useQuery<SavedInternship[]>({
    queryKey: bookmarksKey(userId ?? 0),
    queryFn: async () => asList<SavedInternship>(await api.get<unknown>(`/api/users/${userId}/bookmarks`)),
    enabled: userId !== undefined,
  });
}

/** GET /api/matches: the student's ranked internships, best first. */
export function useMatches(enabled: boolean) {
  return useQuery<Internship[]>({
    queryKey: MATCHES_KEY,
    queryFn: async () => asList<Internship>(await api.get<unknown>('/api/matches')),
    enabled,
  });
}
