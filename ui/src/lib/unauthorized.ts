import { toast } from '@/stores/toast-store';
import { isUnauthorizedError, redirectToLogin, UNAUTHORIZED_REDIRECT_MS } from './api-client';
import { handleGuestOnly } from './guest';
import { tCommon } from './i18n/i18n';

interface UnauthorizedOptions {
  title?: string;
  description?: string;
  /** 500 ms for sign-up, comments and bookmarks; 1000 ms for likes. */
  delayMs?: number;
}

/**
 * The unauthorized rule: on a 401, show the toast and hard-redirect to /api/login after the
 * delay. Returns true when the error was a 401 and has been handled. A guest's 401 is not an
 * expired session: it invites the guest to create an account instead.
 */
export function handleUnauthorized(error: unknown, options: UnauthorizedOptions = {}): boolean {
  if (handleGuestOnly(error)) return true;
  if (!isUnauthorizedError(error)) return false;
  toast({
    title: options.title,
    description: options.description ?? tCommon('toasts.loggedOut'),
    variant: 'destructive',
  });
  redirectToLogin(options.delayMs ?? UNAUTHORIZED_REDIRECT_MS);
  return true;
}
