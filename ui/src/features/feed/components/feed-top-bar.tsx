import { Briefcase, LayoutList, UserRound, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { AuthControls } from '@/components/layout/auth-controls';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

function TopLink({ href, icon: Icon, label }: { href: string; icon: LucideIcon; label: string }) {
  return (
    <Link
      href={href}
      className="flex flex-col items-center gap-0.5 whitespace-nowrap rounded-xl px-1.5 py-1 text-white hover:bg-white/15"
    >
      <Icon aria-hidden className="h-5 w-5" />
      <span className="text-[11px] font-semibold leading-none">{label}</span>
    </Link>
  );
}

/** The feed's top bar: My Profile, Browse List, Latest Jobs; the name with Logout, or Login. */
export function FeedTopBar() {
  const { user } = useUser();
  const profileHref = user?.userType === 'employer' ? paths.employerDashboard : paths.profile;
  return (
    <header className="pointer-events-none fixed inset-x-0 top-0 z-30 bg-gradient-to-b from-black/55 to-transparent">
      <nav
        aria-label="Feed"
        className="pointer-events-auto mx-auto flex max-w-xl items-center justify-between gap-2 px-2 pb-6 pt-[max(0.5rem,env(safe-area-inset-top))]"
      >
        <div className="flex min-w-0 items-center">
          {user ? <TopLink href={profileHref} icon={UserRound} label="My Profile" /> : null}
          <TopLink href={paths.browseInternships} icon={LayoutList} label="Browse List" />
          <TopLink href={paths.externalJobs} icon={Briefcase} label="Latest Jobs" />
        </div>
        <div className="shrink-0 whitespace-nowrap">
          <AuthControls tone="dark" />
        </div>
      </nav>
    </header>
  );
}
