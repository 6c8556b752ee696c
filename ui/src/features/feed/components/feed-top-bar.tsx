import { Briefcase, LayoutList, LogOut, UserRound, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { displayFirstName, logout, useUser } from '@/lib/auth';

/**
 * A link of the bar: icon over label. Under 380 px the label drops its extra word (`extra`,
 * before or after `short`), so the greeting and Logout keep their room; the name is what shows.
 */
function TopLink({
  href,
  icon: Icon,
  short,
  extra,
  extraFirst = false,
}: {
  href: string;
  icon: LucideIcon;
  short: string;
  extra: string;
  extraFirst?: boolean;
}) {
  const more = <span className="hidden min-[380px]:inline">{extraFirst ? `${extra} ` : ` ${extra}`}</span>;
  return (
    <Link href={href} className="flex flex-col items-center gap-0.5 whitespace-nowrap rounded-xl px-1.5 py-1 text-white hover:bg-white/15">
      <Icon aria-hidden className="h-5 w-5" />
      <span className="text-[11px] font-semibold leading-none">
        {extraFirst ? more : null}
        {short}
        {extraFirst ? null : more}
      </span>
    </Link>
  );
}

/**
 * The name with Logout (Exit for a guest, whose session and interests end with it), or Login (a
 * compact version of the shared controls, to fit the feed's bar).
 */
function FeedAuth() {
  const { user, isLoading } = useUser();
  const [leaving, setLeaving] = useState(false);
  if (isLoading) return <span aria-hidden className="h-9 w-16 animate-pulse rounded-full bg-white/20" />;
  if (!user) {
    return (
      <LinkButton href={paths.roleSelection} size="sm" variant="light">
        Login
      </LinkButton>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <span data-testid="greeting" className="max-w-24 shrink truncate text-sm font-semibold text-white drop-shadow">
        Hi, {displayFirstName(user)}
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
        <span className="text-[11px] font-semibold leading-none">{user.userType === 'guest' ? 'Exit' : 'Logout'}</span>
      </button>
    </div>
  );
}

/** The feed's top bar: My Profile, Browse List, Latest Jobs; the name with Logout, or Login. */
export function FeedTopBar() {
  const { user } = useUser();
  const profileHref =
    user?.userType === 'employer' ? paths.employerDashboard : user?.userType === 'guest' ? paths.guestProfile : paths.profile;
  return (
    <header className="pointer-events-none fixed inset-x-0 top-0 z-30 bg-gradient-to-b from-black/55 to-transparent pb-6">
      <nav
        aria-label="Feed"
        className="pointer-events-auto mx-auto flex max-w-xl items-center justify-between gap-1 px-1.5 pb-1 pt-[max(0.5rem,env(safe-area-inset-top))]"
      >
        <div className="flex shrink-0 items-center">
          {user ? <TopLink href={profileHref} icon={UserRound} short="Profile" extra="My" extraFirst /> : null}
          <TopLink href={paths.browseInternships} icon={LayoutList} short="Browse" extra="List" />
          <TopLink href={paths.externalJobs} icon={Briefcase} short="Jobs" extra="Latest" extraFirst />
        </div>
        <FeedAuth />
      </nav>
    </header>
  );
}
