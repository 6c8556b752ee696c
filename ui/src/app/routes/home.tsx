import { cachedUser, useUser } from '@/lib/auth';
import { lazyPage } from '../lazy-page';

const LandingPage = lazyPage(() => import('@/features/landing/components/landing-page'), 'landing');
const JobFeedPage = lazyPage(() => import('@/features/feed/components/job-feed-page'), 'feed');

/** `/`: the landing page when signed out or while loading, the job feed when signed in. */
export function HomeRoute() {
  const { user, isLoading } = useUser();
  if (isLoading || !user) return <LandingPage />;
  return <JobFeedPage />;
}

/** The chunk `/` shows first: the feed when the session is already known to name a user, else the landing page. */
export function preloadHome(): Promise<unknown> {
  return cachedUser() ? JobFeedPage.preload() : LandingPage.preload();
}

export default HomeRoute;
