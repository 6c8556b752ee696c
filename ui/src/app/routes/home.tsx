import { lazy } from 'react';
import { useUser } from '@/lib/auth';
import { withCatalogues } from '@/lib/i18n/i18n';

const LandingPage = lazy(withCatalogues(() => import('@/features/landing/components/landing-page')));
const JobFeedPage = lazy(withCatalogues(() => import('@/features/feed/components/job-feed-page')));

/** `/`: the landing page when signed out or while loading, the job feed when signed in. */
export function HomeRoute() {
  const { user, isLoading } = useUser();
  if (isLoading || !user) return <LandingPage />;
  return <JobFeedPage />;
}

export default HomeRoute;
