import { NotBuiltYet } from '@/components/layout/not-built-yet';
import { paths } from '@/config/paths';

/** Placeholder: this screen is built in a later change (it replaces this file's body). */
export function EmployerProfilePage() {
  return <NotBuiltYet title="Company Profile" back={{ href: paths.employerDashboard, label: 'Back to Dashboard' }} />;
}

export default EmployerProfilePage;
