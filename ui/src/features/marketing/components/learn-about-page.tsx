import { Building2, GraduationCap, Heart, ShieldCheck, Sparkles, Video } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { LinkButton } from '@/components/ui/button';
import { RichText } from '@/components/ui/rich-text';
import { paths } from '@/config/paths';
import { TextLink } from '@/components/ui/text-link';
import { api } from '@/lib/api-client';
import { isClosed } from '@/lib/deadline';
import type { Internship } from '@/types/internship';
import { ns } from '../i18n';
import { ContentSection, MarketingLayout } from './marketing-layout';

/**
 * 'a sample company page': the company of the first posting the feed offers whose applications
 * are still open, looked up when the page opens (the demo's posting 1 has closed); the browse
 * list until the answer is in, or when there is none.
 */
function SampleCompanyLink({ children }: { children: string }) {
  const first = useQuery({
    queryKey: ['/api/internships', 'sample'],
    queryFn: async () => (await api.page<Internship>('/api/internships?limit=20')).items.find((i) => !isClosed(i)) ?? null,
    staleTime: 60_000,
  });
  const href = first.data ? paths.company(first.data.id) : paths.browseInternships;
  return <TextLink href={href}>{children}</TextLink>;
}

/** `about.<key>.title` / `.text`. */
const pillars = [
  { icon: Video, key: 'see' },
  { icon: Sparkles, key: 'matched' },
  { icon: ShieldCheck, key: 'safe' },
  { icon: Heart, key: 'free' },
] as const;

export function LearnAboutPage() {
  const { t } = useTranslation(ns);
  return (
    <MarketingLayout title={t('about.title')} eyebrow={t('about.eyebrow')} heading={t('about.heading')} intro={<p>{t('about.intro')}</p>}>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        {pillars.map((p) => (
          <article key={p.key} className="rounded-3xl border border-slate-200 p-5">
            <p.icon aria-hidden className="h-7 w-7 text-brand-600" />
            <h3 className="mt-3 font-bold text-slate-900">{t(`about.${p.key}.title`)}</h3>
            <p className="mt-1 text-sm text-slate-600">{t(`about.${p.key}.text`)}</p>
          </article>
        ))}
      </div>

      <ContentSection id="students" title={t('about.studentsTitle')}>
        <p>
          <RichText
            text={t('about.students')}
            tags={{
              feed: (inner) => <TextLink href={paths.jobFeed}>{inner}</TextLink>,
              browse: (inner) => <TextLink href={paths.browseInternships}>{inner}</TextLink>,
            }}
          />
        </p>
        <p>
          <RichText text={t('about.sample')} tags={{ sample: (inner) => <SampleCompanyLink>{inner}</SampleCompanyLink> }} />
        </p>
      </ContentSection>

      <ContentSection id="employers" title={t('about.employersTitle')}>
        <p>
          <RichText text={t('about.employers')} tags={{ guide: (inner) => <TextLink href={paths.employerGuide}>{inner}</TextLink> }} />
        </p>
      </ContentSection>

      <ContentSection id="schools" title={t('about.schoolsTitle')}>
        <p>{t('about.schools')}</p>
      </ContentSection>

      <div className="mt-12 grid gap-4 rounded-3xl bg-slate-900 p-6 text-white sm:grid-cols-2">
        <div>
          <GraduationCap aria-hidden className="h-7 w-7 text-accent-400" />
          <p className="mt-2 font-bold">{t('about.readyTitle')}</p>
          <p className="text-sm text-slate-300">{t('about.readyText')}</p>
          <LinkButton href={paths.roleSelection} variant="light" className="mt-4">
            {t('about.getStarted')}
          </LinkButton>
        </div>
        <div>
          <Building2 aria-hidden className="h-7 w-7 text-accent-400" />
          <p className="mt-2 font-bold">{t('about.questionsTitle')}</p>
          <p className="text-sm text-slate-300">{t('about.questionsText')}</p>
          <LinkButton href={paths.contact} variant="outline" className="mt-4 border-white/30 bg-transparent text-white hover:text-white">
            {t('about.contact')}
          </LinkButton>
        </div>
      </div>

      <p className="mt-8 text-center text-sm text-slate-500">
        <Link href={paths.learnAbout} className="hover:underline" onClick={() => window.scrollTo({ top: 0 })}>
          {t('about.backToTop')}
        </Link>
      </p>
    </MarketingLayout>
  );
}

export default LearnAboutPage;
