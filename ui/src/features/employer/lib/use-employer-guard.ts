import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { toast } from '@/stores/toast-store';
import { tEmployer } from '../i18n';

/**
 * Employer screens need a signed-in employer; anyone else gets the
 * 'Authentication Required' toast and goes to /role-selection.
 */
export function useEmployerGuard() {
  const { user, isLoading } = useUser();
  const [, navigate] = useLocation();
  const warned = useRef(false);
  const allowed = !isLoading && user !== null && user.userType === 'employer';

  useEffect(() => {
    if (isLoading || allowed || warned.current) return;
    warned.current = true;
    toast({
      title: tEmployer('guard.title'),
      description: tEmployer('guard.text'),
      variant: 'destructive',
    });
    navigate(paths.roleSelection, { replace: true });
  }, [isLoading, allowed, navigate]);

  return { user: allowed ? user : null, ready: allowed };
}
