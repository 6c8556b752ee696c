import { api } from '@/lib/api-client';
import { SIGN_OUT_EVENT } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { tEmployer } from '../i18n';

/**
 * Employer Sign Out: clear the client cache and session, end the server session and go to
 * /role-selection. A failed call still signs out locally ('Logout failed' toast).
 */
export async function signOutEmployer(): Promise<void> {
  window.dispatchEvent(new Event(SIGN_OUT_EVENT));
  queryClient.clear();
  try {
    await api.post('/api/employers/logout');
  } catch {
    toast({ title: tEmployer('signOut.failed'), description: tEmployer('signOut.failedText'), variant: 'destructive' });
  }
  useSessionStore.getState().reset();
  window.location.href = paths.roleSelection;
}
