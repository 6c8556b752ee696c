import { useTranslation } from '@/lib/i18n/use-translation';
import { LinkButton } from '@/components/ui/button';
import { FaqAccordion, type FaqItem } from '@/components/ui/faq-accordion';
import { RichText } from '@/components/ui/rich-text';
import { paths } from '@/config/paths';
import { TextLink } from '@/components/ui/text-link';
import { ns } from '../i18n';
import { ContentSection, MarketingLayout } from './marketing-layout';

/** The sections and their questions (each `<question>.q` / `.a` in the catalogue). */
const groups = [
  { id: 'signing-in', key: 'signingIn', items: ['help.signingIn.forgot', 'help.signingIn.invalid', 'help.signingIn.tooMany'] },
  { id: 'students', key: 'students', items: ['help.students.apply', 'help.students.profile', 'help.students.files', 'help.students.push'] },
  { id: 'employers', key: 'employers', items: ['help.employers.video', 'help.employers.roles'] },
] as const;

export function HelpPage() {
  const { t } = useTranslation(ns);
  return (
    <MarketingLayout title={t('help.title')} eyebrow={t('help.eyebrow')} heading={t('help.heading')} intro={<p>{t('help.intro')}</p>}>
      {groups.map((group) => {
        const items: FaqItem[] = group.items.map((item) => ({ q: t(`${item}.q`), a: t(`${item}.a`) }));
        return (
          <ContentSection key={group.id} id={group.id} title={t(`help.${group.key}.title`)}>
            <FaqAccordion items={items} idPrefix={`${group.id}-`} variant="section" />
          </ContentSection>
        );
      })}
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <LinkButton href={paths.contact} variant="gradient">
          {t('help.contact')}
        </LinkButton>
        <LinkButton href={paths.employerGuide} variant="outline">
          {t('help.employerGuide')}
        </LinkButton>
      </div>
      <p className="mt-6 text-sm text-slate-600">
        <RichText text={t('help.signIn')} tags={{ choose: (inner) => <TextLink href={paths.roleSelection}>{inner}</TextLink> }} />
      </p>
    </MarketingLayout>
  );
}

export default HelpPage;
