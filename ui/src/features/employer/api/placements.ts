import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Placement, PlacementList } from '@/types/placement';

/** GET /api/placements: the employer's placements (the same cache the Interns page reads). */
export function useEmployerPlacements(enabled: boolean) {
  return useQuery<Placement[]>({
    queryKey: ['/api/placements'],
    queryFn: async () => (await api.get<Partial<PlacementList>>('/api/placements')).placements ?? [],
    enabled,
    staleTime: 0,
  });
}
