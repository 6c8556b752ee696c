import { NotBuiltYet } from '@/components/layout/not-built-yet';
import { paths } from '@/config/paths';

/** Placeholder: this screen is built in a later change (it replaces this file's body). */
export function StudentProfilesPage() {
  return <NotBuiltYet title="Student Profiles" back={{ href: paths.employerDashboard, label: 'Back to Dashboard' }} />;
}

export default StudentProfilesPage;
