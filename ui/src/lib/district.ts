import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { BOOT_AT, takeBootAnswer } from './boot';
import { defaultDistrictName, type District } from '@/types/safety';

export const DISTRICT_KEY = ['/api/district'] as const;

/** The name GET /api/district answers when the district set none (src/services/settings.rs). */
const SERVER_DEFAULT_NAME = 'your school district';

/**
 * GET /api/district, asked once per page load (never stale, never retried). `name` is null
 * while the first answer is on its way, and the server's default name if the call fails.
 */
export function useDistrict(): { name: string | null; contact: string | null } {
  const query = useQuery<District>({
    queryKey: DISTRICT_KEY,
    queryFn: () => api.get<District>('/api/district'),
    // The answer the page brought (lib/boot), when the server wrote one in.
    initialData: () => takeBootAnswer(DISTRICT_KEY[0])?.body as District | undefined,
    initialDataUpdatedAt: BOOT_AT,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  if (query.data?.name) {
    // The server's stand-in for an unnamed district is English: said in the UI's language.
    const name = query.data.name === SERVER_DEFAULT_NAME ? defaultDistrictName() : query.data.name;
    return { name, contact: query.data.contact ?? null };
  }
  if (query.isError) return { name: defaultDistrictName(), contact: null };
  return { name: null, contact: null };
}
