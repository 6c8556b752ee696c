import { AlertTriangle, Ban, Clock, DollarSign, FileCheck2, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { MarkList } from '@/components/ui/mark-list';
import { RichText } from '@/components/ui/rich-text';
import { paths } from '@/config/paths';
import { TextLink } from '@/components/ui/text-link';
import { ns } from '../i18n';
import { ContentSection, MarketingLayout } from './marketing-layout';

/** The Hazardous Occupations Orders, in plain words (`guide.hazardous.<key>`). */
const HAZARDOUS = [
  'explosives',
  'driving',
  'mining',
  'woodworking',
  'radiation',
  'lifting',
  'metal',
  'meat',
  'balers',
  'bricks',
  'wrecking',
  'roofing',
  'trenching',
] as const;

/** The primary-beneficiary test (`guide.beneficiary.<key>`). */
const PRIMARY_BENEFICIARY = ['noPay', 'training', 'education', 'calendar', 'duration', 'complements', 'noPromise'] as const;

const bold = { strong: (inner: string) => <strong>{inner}</strong> };

function Callout({
  icon: Icon,
  title,
  children,
  tone = 'brand',
}: {
  icon: typeof Clock;
  title: string;
  children: ReactNode;
  tone?: 'brand' | 'warn';
}) {
  return (
    <div className={'flex gap-3 rounded-2xl p-4 ' + (tone === 'warn' ? 'bg-amber-50 text-amber-950' : 'bg-brand-50 text-brand-950')}>
      <Icon aria-hidden className={'mt-0.5 h-5 w-5 shrink-0 ' + (tone === 'warn' ? 'text-amber-600' : 'text-brand-600')} />
      <div>
        <p className="font-bold">{title}</p>
        <div className="mt-1 text-sm">{children}</div>
      </div>
    </div>
  );
}

/** A section's text beside its icon. */
function IconBlock({
  icon: Icon,
  iconClassName,
  className,
  children,
}: {
  icon: typeof Clock;
  iconClassName: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <Icon aria-hidden className={'mt-1 h-5 w-5 shrink-0 ' + iconClassName} />
      <div className={className}>{children}</div>
    </div>
  );
}

/** The legal guidance of TEEN-EMPLOYMENT.md, in plain words. */
export function EmployerGuidePage() {
  const { t } = useTranslation(ns);
  return (
    <MarketingLayout title={t('guide.title')} eyebrow={t('guide.eyebrow')} heading={t('guide.heading')} intro={<p>{t('guide.intro')}</p>}>
      <div className="mt-6 grid gap-3">
        <Callout icon={ShieldCheck} title={t('guide.shortTitle')}>
          {t('guide.short')}
        </Callout>
      </div>

      <ContentSection id="hours" title={t('guide.hoursTitle')}>
        <IconBlock icon={Clock} iconClassName="text-brand-600" className="space-y-2">
          <p>
            <RichText text={t('guide.hoursLimit')} tags={bold} />
          </p>
          <p className="text-sm text-slate-600">{t('guide.hoursYounger')}</p>
          <p>{t('guide.hoursPosting')}</p>
        </IconBlock>
      </ContentSection>

      <ContentSection id="hazardous" title={t('guide.hazardousTitle')}>
        <IconBlock icon={Ban} iconClassName="text-rose-600">
          <p>{t('guide.hazardousIntro')}</p>
          <MarkList
            items={HAZARDOUS.map((key) => t(`guide.hazardous.${key}`))}
            mark="✕"
            markClassName="text-rose-500"
            className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2"
          />
          <p className="mt-3 text-sm text-slate-600">{t('guide.hazardousExemptions')}</p>
        </IconBlock>
      </ContentSection>

      <ContentSection id="permits" title={t('guide.permitsTitle')}>
        <IconBlock icon={FileCheck2} iconClassName="text-brand-600" className="space-y-2">
          <p>
            <RichText text={t('guide.permits')} tags={bold} />
          </p>
          <p>{t('guide.permitsLocation')}</p>
        </IconBlock>
      </ContentSection>

      <ContentSection id="pay" title={t('guide.payTitle')}>
        <IconBlock icon={DollarSign} iconClassName="text-emerald-600" className="space-y-3">
          <p>
            <RichText text={t('guide.paid')} tags={bold} />
          </p>
          <p>
            <RichText text={t('guide.unpaid')} tags={bold} />
          </p>
          <MarkList
            items={PRIMARY_BENEFICIARY.map((key) => t(`guide.beneficiary.${key}`))}
            markClassName="text-emerald-600"
            className="space-y-1.5 text-sm"
          />
          <p>{t('guide.unpaidPosting')}</p>
        </IconBlock>
      </ContentSection>

      <ContentSection id="safety" title={t('guide.safetyTitle')}>
        <p>{t('guide.safety')}</p>
        <Callout icon={AlertTriangle} title={t('guide.notLegalAdviceTitle')} tone="warn">
          {t('guide.notLegalAdvice')}
        </Callout>
      </ContentSection>

      <p className="mt-10 text-sm text-slate-600">
        <RichText
          text={t('guide.questions')}
          tags={{
            support: (inner) => <TextLink href={paths.support}>{inner}</TextLink>,
            dashboard: (inner) => <TextLink href={paths.employerDashboard}>{inner}</TextLink>,
          }}
        />
      </p>
    </MarketingLayout>
  );
}

export default EmployerGuidePage;
