import { useTranslation } from '@/lib/i18n/use-translation';
import { paths } from '@/config/paths';
import { ns } from '../i18n';
import { CompanyPage } from './company-page';

/** `/company-profile/{id}` (View Company Profile on the browse page): the company page. */
export function CompanyProfilePage() {
  const { t } = useTranslation(ns);
  return <CompanyPage back={{ href: paths.browseInternships, label: t('header.backToBrowse') }} />;
}

export default CompanyProfilePage;
