import { BookOpen, Flag, HelpCircle, Mail, MessageSquare, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { ns } from '../i18n';
import { ContentSection, MarketingLayout } from './marketing-layout';

const SUPPORT_EMAIL = 'support@internreel.com';

/** The three ways in: `support.<key>.title`, `.text` and `.cta`. */
const options: Array<{ icon: LucideIcon; key: 'help' | 'message' | 'guide'; href: string }> = [
  { icon: HelpCircle, key: 'help', href: paths.help },
  { icon: MessageSquare, key: 'message', href: paths.contact },
  { icon: BookOpen, key: 'guide', href: paths.employerGuide },
];

const COMMUNITY = ['kind', 'private', 'onTopic', 'honest'] as const;

export function SupportPage() {
  const { t } = useTranslation(ns);
  return (
    <MarketingLayout
      title={t('support.title')}
      eyebrow={t('support.eyebrow')}
      heading={t('support.heading')}
      intro={<p>{t('support.intro')}</p>}
    >
      <div className="mt-8 grid gap-4 sm:grid-cols-3">
        {options.map((o) => (
          <Link
            key={o.key}
            href={o.href}
            className="flex flex-col rounded-3xl border border-slate-200 p-5 transition hover:border-brand-300 hover:shadow-sm"
          >
            <o.icon aria-hidden className="h-7 w-7 text-brand-600" />
            <span className="mt-3 font-bold text-slate-900">{t(`support.${o.key}.title`)}</span>
            <span className="mt-1 flex-1 text-sm text-slate-600">{t(`support.${o.key}.text`)}</span>
            <span className="mt-3 text-sm font-semibold text-brand-700">{t(`support.${o.key}.cta`)} →</span>
          </Link>
        ))}
      </div>

      <ContentSection id="email" title={t('support.emailTitle')}>
        <p className="flex items-center gap-2">
          <Mail aria-hidden className="h-5 w-5 text-brand-600" />
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-700 hover:underline">
            {SUPPORT_EMAIL}
          </a>
        </p>
      </ContentSection>

      <ContentSection id="safety" title={t('support.safetyTitle')}>
        <div className="flex gap-3 rounded-2xl bg-rose-50 p-4 text-rose-950">
          <Flag aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-rose-600" />
          <p className="text-sm">{t('support.safetyText')}</p>
        </div>
      </ContentSection>

      <ContentSection id="community" title={t('support.communityTitle')}>
        <ul className="list-disc space-y-1.5 pl-5">
          {COMMUNITY.map((key) => (
            <li key={key}>{t(`support.community.${key}`)}</li>
          ))}
        </ul>
      </ContentSection>
    </MarketingLayout>
  );
}

export default SupportPage;
