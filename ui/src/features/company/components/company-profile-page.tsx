import { NotBuiltYet } from '@/components/layout/not-built-yet';
import { paths } from '@/config/paths';

/** Placeholder: this screen is built in a later change (it replaces this file's body). */
export function CompanyProfilePage() {
  return <NotBuiltYet title="Company Profile" back={{ href: paths.browseInternships, label: 'Back to Browse Internships' }} />;
}

export default CompanyProfilePage;
