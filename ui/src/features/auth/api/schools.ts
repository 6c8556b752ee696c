import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const NONE: readonly string[] = [];

/**
 * GET /api/schools: the district's schools from its roster; undefined while the answer is on
 * its way. Empty without a roster, and when the call fails, so the form keeps its free-text field.
 */
export function useSchools(): readonly string[] | undefined {
  const query = useQuery<string[]>({
    queryKey: ['/api/schools'],
    queryFn: async () => (await api.get<{ schools?: string[] }>('/api/schools')).schools ?? [],
    staleTime: 60_000,
  });
  if (query.isError) return NONE;
  return query.data;
}
