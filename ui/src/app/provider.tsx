import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { GuestInviteDialog } from '@/components/guest/guest-invite-dialog';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
      <GuestInviteDialog />
    </QueryClientProvider>
  );
}
