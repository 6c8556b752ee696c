import { NotBuiltYet } from '@/components/layout/not-built-yet';
import { paths } from '@/config/paths';

/** Placeholder: this screen is built in a later change (it replaces this file's body). */
export function InternshipDetailPage() {
  return <NotBuiltYet title="Internship Details" back={{ href: paths.matches, label: 'Back to Matches' }} />;
}

export default InternshipDetailPage;
