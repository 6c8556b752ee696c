import { useTranslation } from '@/lib/i18n/use-translation';
import { RichText } from '@/components/ui/rich-text';
import { ns } from '../i18n';
import { ContentSection, MarketingLayout } from './marketing-layout';

const bold = { strong: (inner: string) => <strong>{inner}</strong> };

export function PrivacyPage() {
  const { t } = useTranslation(ns);
  return (
    <MarketingLayout
      title={t('privacy.title')}
      eyebrow={t('privacy.eyebrow')}
      heading={t('privacy.heading')}
      intro={<p>{t('privacy.intro')}</p>}
    >
      <ContentSection id="collect" title={t('privacy.collectTitle')}>
        <p>{t('privacy.collect')}</p>
      </ContentSection>
      <ContentSection id="who-sees" title={t('privacy.whoSeesTitle')}>
        <p>{t('privacy.whoSees')}</p>
      </ContentSection>
      <ContentSection id="where" title={t('privacy.whereTitle')}>
        <p>{t('privacy.where')}</p>
      </ContentSection>
      <ContentSection id="choices" title={t('privacy.choicesTitle')}>
        <p>{t('privacy.edit')}</p>
        <p className="mt-3">
          <RichText text={t('privacy.students')} tags={bold} />
        </p>
        <p className="mt-3">{t('privacy.stays')}</p>
        <p className="mt-3">{t('privacy.employers')}</p>
      </ContentSection>
    </MarketingLayout>
  );
}

const EMPLOYER_TERMS = ['rules', 'honest', 'contact'] as const;
const STUDENT_TERMS = ['accurate', 'respectful'] as const;

export function TermsPage() {
  const { t } = useTranslation(ns);
  return (
    <MarketingLayout title={t('terms.title')} eyebrow={t('terms.eyebrow')} heading={t('terms.heading')} intro={<p>{t('terms.intro')}</p>}>
      <ContentSection id="who" title={t('terms.whoTitle')}>
        <p>{t('terms.who')}</p>
      </ContentSection>
      <ContentSection id="employers" title={t('terms.employersTitle')}>
        <ul className="list-disc space-y-1.5 pl-5">
          {EMPLOYER_TERMS.map((key) => (
            <li key={key}>{t(`terms.employers.${key}`)}</li>
          ))}
        </ul>
      </ContentSection>
      <ContentSection id="students" title={t('terms.studentsTitle')}>
        <ul className="list-disc space-y-1.5 pl-5">
          {STUDENT_TERMS.map((key) => (
            <li key={key}>{t(`terms.students.${key}`)}</li>
          ))}
        </ul>
      </ContentSection>
      <ContentSection id="content" title={t('terms.contentTitle')}>
        <p>{t('terms.content')}</p>
      </ContentSection>
    </MarketingLayout>
  );
}
