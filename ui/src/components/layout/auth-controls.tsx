import { LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button, LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { displayFirstName, logout, useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';

/**
 * Top-right controls: a Login button when signed out, or a greeting and Logout when signed in
 * (for a guest: My Profile and Exit, which ends the guest session).
 */
export function AuthControls({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const { user, isLoading } = useUser();
  const [leaving, setLeaving] = useState(false);

  if (isLoading) return <span className="h-9 w-20 animate-pulse rounded-full bg-slate-200/60" aria-hidden />;

  if (!user) {
    return (
      <LinkButton href={paths.roleSelection} size="sm" variant={tone === 'dark' ? 'light' : 'primary'}>
        {t('header.login')}
      </LinkButton>
    );
  }

  const guest = user.userType === 'guest';
  return (
    <div className="flex items-center gap-2">
      {guest ? (
        <LinkButton href={paths.guestProfile} size="sm" variant={tone === 'dark' ? 'light' : 'outline'}>
          <UserRound aria-hidden className="h-4 w-4" />
          {t('header.myProfile')}
        </LinkButton>
      ) : null}
      <span
        data-testid="greeting"
        // Under 360 px the page's title needs the room: the greeting goes (Logout stays).
        className={cn(
          'hidden max-w-32 truncate text-sm font-semibold min-[360px]:inline',
          tone === 'dark' ? 'text-white' : 'text-slate-800',
        )}
      >
        {t('header.greeting', { name: displayFirstName(user) })}
      </span>
      <Button
        size="sm"
        variant={tone === 'dark' ? 'light' : 'outline'}
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void logout({ employer: user.userType === 'employer' });
        }}
      >
        {/* Under 360 px the word alone: the page's title needs the room. */}
        <LogOut aria-hidden className="hidden h-4 w-4 min-[360px]:inline" />
        {guest ? t('header.exit') : t('header.logout')}
      </Button>
    </div>
  );
}
