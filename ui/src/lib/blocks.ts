import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryClient } from './query-client';
import type { MessageResponse } from '@/types/api';
import type { Block } from '@/types/safety';

export const BLOCKS_KEY = ['/api/blocks'] as const;

/** GET /api/blocks (students only): the companies this student blocked. */
export function useBlocks(enabled: boolean) {
  return useQuery<Block[]>({
    queryKey: BLOCKS_KEY,
    queryFn: async () => {
      const data = await api.get<{ blocks?: unknown }>('/api/blocks');
      return Array.isArray(data?.blocks) ? (data.blocks as Block[]) : [];
    },
    enabled,
    staleTime: 0,
  });
}

/** POST /api/blocks `{employerId}`: the answer's message says what it means. */
export function useBlockEmployer() {
  return useMutation<MessageResponse, Error, { employerId: number; company: string }>({
    mutationFn: ({ employerId }) => api.post<MessageResponse>('/api/blocks', { employerId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY }),
  });
}

/** DELETE /api/blocks/{employerId}. */
export function useUnblockEmployer() {
  return useMutation<MessageResponse, Error, Block>({
    mutationFn: (block) => api.delete<MessageResponse>(`/api/blocks/${block.employerId}`),
    onSuccess: (_answer, block) => {
      queryClient.setQueryData<Block[]>(BLOCKS_KEY, (list) => list?.filter((b) => b.employerId !== block.employerId));
      void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY });
    },
  });
}
