import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AUTH_USER_KEY, setCurrentUser } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import type { GuestInput, GuestUser } from '@/types/api';

/**
 * Forget every cached answer but who is signed in: the feed, matches and postings carry
 * match scores and flags computed for the previous session (or for nobody).
 */
function dropPersonalisedData(): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_USER_KEY[0] });
}

function onGuestSaved(guest: GuestUser): void {
  dropPersonalisedData();
  setCurrentUser(guest);
}

/** POST /api/guest: starts a guest session (201 guest view, session cookie set). */
export function useStartGuest() {
  return useMutation<GuestUser, Error, GuestInput>({
    mutationFn: (input) => api.post<GuestUser>('/api/guest', input),
    onSuccess: onGuestSaved,
  });
}

/** PUT /api/guest: changes the guest's interests and grade (200 guest view). */
export function useUpdateGuest() {
  return useMutation<GuestUser, Error, GuestInput>({
    mutationFn: (input) => api.put<GuestUser>('/api/guest', input),
    onSuccess: onGuestSaved,
  });
}
