import { useQuery } from '@tanstack/react-query';
import type { LandingSample } from '@/types/api';

/** GET /api/landing-samples: the two marketing samples (served from fixtures). */
export const LANDING_SAMPLES_KEY = ['/api/landing-samples'] as const;

export function useLandingSamples() {
  return useQuery<LandingSample[]>({ queryKey: LANDING_SAMPLES_KEY });
}
