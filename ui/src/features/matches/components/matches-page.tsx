import { NotBuiltYet } from '@/components/layout/not-built-yet';
import { paths } from '@/config/paths';

/** Placeholder: this screen is built in a later change (it replaces this file's body). */
export function MatchesPage() {
  return <NotBuiltYet title="Your Matches" back={{ href: paths.profile, label: 'Back to Profile' }} />;
}

export default MatchesPage;
