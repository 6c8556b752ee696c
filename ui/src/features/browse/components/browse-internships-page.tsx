import { NotBuiltYet } from '@/components/layout/not-built-yet';
import { paths } from '@/config/paths';

/** Placeholder: this screen is built in a later change (it replaces this file's body). */
export function BrowseInternshipsPage() {
  return <NotBuiltYet title="Browse Internships" back={{ href: paths.jobFeed, label: 'Back to Feed' }} />;
}

export default BrowseInternshipsPage;
