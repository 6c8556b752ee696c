import { Briefcase, LayoutList, LogOut, UserRound, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { displayFirstName, logout, useUser } from '@/lib/auth';
import { ns } from '../i18n';

/**
 * A link of the bar: icon over label. Under 380 px the label shrinks to `short`, so the
 * greeting and Logout keep their room; the name is what shows. When `short` is the start or
 * the end of `full` ("My Profile", "Profile"), only the extra words hide; otherwise the
 * narrow screen shows `short` in place of `full`.
 */
function TopLink({ href, icon: Icon, full, short }: { href: string; icon: LucideIcon; full: string; short: string }) {
  const wide = 'hidden min-[380px]:inline';
  let label: React.ReactNode;
  if (full !== short && full.startsWith(short)) {
    label = (
      <>
        {short}
        <span className={wide}>{full.slice(short.length)}</span>
      </>
    );
  } else if (full !== short && full.endsWith(short)) {
    label = (
      <>
        <span className={wide}>{full.slice(0, full.length - short.length)}</span>
        {short}
      </>
    );
  } else {
    label = (
      <>
        <span className={wide}>{full}</span>
        <span className="min-[380px]:hidden">{short}</span>
      </>
    );
  }
  return (
    <Link href={href} className="flex flex-col items-center gap-0.5 whitespace-nowrap rounded-xl px-1.5 py-1 text-white hover:bg-white/15">
      <Icon aria-hidden className="h-5 w-5" />
      <span className="text-[11px] font-semibold leading-none">{label}</span>
    </Link>
  );
}

/**
 * The name with Logout (Exit for a guest, whose session and interests end with it), or Login (a
 * compact version of the shared controls, to fit the feed's bar).
 */
function FeedAuth() {
  const { t } = useTranslation(ns);
  const { user, isLoading } = useUser();
  const [leaving, setLeaving] = useState(false);
  if (isLoading) return <span aria-hidden className="h-9 w-16 animate-pulse rounded-full bg-white/20" />;
  if (!user) {
    return (
      <LinkButton href={paths.roleSelection} size="sm" variant="light">
        {t('topBar.login')}
      </LinkButton>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <span data-testid="greeting" className="max-w-24 shrink truncate text-sm font-semibold text-white drop-shadow">
        {t('topBar.greeting', { name: displayFirstName(user) })}
      </span>
      <button
        type="button"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void logout({ employer: user.userType === 'employer' });
        }}
        className="flex flex-col items-center gap-0.5 rounded-xl px-1.5 py-1 text-white hover:bg-white/15 disabled:opacity-60"
      >
        <LogOut aria-hidden className="h-5 w-5" />
        <span className="text-[11px] font-semibold leading-none">{user.userType === 'guest' ? t('topBar.exit') : t('topBar.logout')}</span>
      </button>
    </div>
  );
}

/** The feed's top bar: My Profile, Browse List, Latest Jobs; the name with Logout, or Login. */
export function FeedTopBar() {
  const { t } = useTranslation(ns);
  const { user } = useUser();
  const profileHref =
    user?.userType === 'employer' ? paths.employerDashboard : user?.userType === 'guest' ? paths.guestProfile : paths.profile;
  return (
    <header className="pointer-events-none fixed inset-x-0 top-0 z-30 bg-gradient-to-b from-black/55 to-transparent pb-6">
      <nav
        aria-label={t('topBar.nav')}
        className="pointer-events-auto mx-auto flex max-w-xl items-center justify-between gap-1 px-1.5 pb-1 pt-[max(0.5rem,env(safe-area-inset-top))]"
      >
        <div className="flex shrink-0 items-center">
          {user ? <TopLink href={profileHref} icon={UserRound} full={t('topBar.profile')} short={t('topBar.profileShort')} /> : null}
          <TopLink href={paths.browseInternships} icon={LayoutList} full={t('topBar.browse')} short={t('topBar.browseShort')} />
          <TopLink href={paths.externalJobs} icon={Briefcase} full={t('topBar.jobs')} short={t('topBar.jobsShort')} />
        </div>
        <FeedAuth />
      </nav>
    </header>
  );
}
