import { useQuery } from '@tanstack/react-query';
import { BOOT_AT, takeBootAnswer } from '@/lib/boot';
import type { LandingSample } from '@/types/api';

/** GET /api/landing-samples: the two marketing samples (served from fixtures). */
export const LANDING_SAMPLES_KEY = ['/api/landing-samples'] as const;

export function useLandingSamples() {
  return useQuery<LandingSample[]>({
    queryKey: LANDING_SAMPLES_KEY,
    // The server's answer written into the page (lib/boot), for the first screen only.
    initialData: () => {
      const body = takeBootAnswer(LANDING_SAMPLES_KEY[0])?.body;
      return Array.isArray(body) ? (body as LandingSample[]) : undefined;
    },
    initialDataUpdatedAt: BOOT_AT,
  });
}
