import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** POST /api/contact → 201 {id}. */
export function createContactMessage(input: ContactInput): Promise<{ id: number }> {
  return api.post<{ id: number }>('/api/contact', input);
}

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
