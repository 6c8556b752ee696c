import { NotBuiltYet } from '@/components/layout/not-built-yet';
import { paths } from '@/config/paths';

/** Placeholder: this screen is built in a later change (it replaces this file's body). */
export function ProfilePage() {
  return <NotBuiltYet title="My Profile" back={{ href: paths.jobFeed, label: 'Back to Job Feed' }} />;
}

export default ProfilePage;
