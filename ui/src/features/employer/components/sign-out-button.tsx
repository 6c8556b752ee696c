import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { ns } from '../i18n';
import { signOutEmployer } from '../lib/sign-out';

/**
 * 'Sign Out' (the employer dashboard's word), the same on every employer screen: ends
 * the employer session and goes to /role-selection.
 */
export function EmployerSignOutButton() {
  const { t } = useTranslation(ns);
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Button
      size="sm"
      variant="outline"
      className="px-3! max-[380px]:px-2.5!"
      disabled={signingOut}
      onClick={() => {
        setSigningOut(true);
        void signOutEmployer();
      }}
    >
      <LogOut aria-hidden className="h-4 w-4" />
      {/* The narrowest phones keep the icon, so the screen's title is not cut mid-word. */}
      <span className="max-[380px]:sr-only">{t('shared.signOut')}</span>
    </Button>
  );
}
