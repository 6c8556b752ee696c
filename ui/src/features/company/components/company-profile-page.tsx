import { paths } from '@/config/paths';
import { CompanyPage } from './company-page';

/** `/company-profile/{id}` (View Company Profile on the browse page): the company page. */
export function CompanyProfilePage() {
  return <CompanyPage back={{ href: paths.browseInternships, label: 'Back to Browse Internships' }} />;
}

export default CompanyProfilePage;
