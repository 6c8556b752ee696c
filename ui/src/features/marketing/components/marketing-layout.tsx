import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { AppHeader } from '@/components/layout/app-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { paths } from '@/config/paths';

interface MarketingLayoutProps {
  title: string;
  eyebrow?: string;
  heading: string;
  intro: ReactNode;
  back?: { href: string; label: string };
  children: ReactNode;
}

/** Header, a hero band and the site footer around a content page. */
export function MarketingLayout({ title, eyebrow, heading, intro, back, children }: MarketingLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-white">
      <AppHeader back={back ?? { href: paths.home, label: t('actions.backToHome') }} title={title} />
      <main>
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-3xl px-4 pb-8 pt-10">
            {eyebrow ? <p className="text-sm font-bold uppercase tracking-widest text-brand-600">{eyebrow}</p> : null}
            <h2 className="mt-2 text-3xl font-black tracking-tight text-slate-900 md:text-4xl">{heading}</h2>
            <div className="mt-3 text-lg text-slate-600">{intro}</div>
          </div>
        </section>
        <div className="mx-auto max-w-3xl px-4 pb-16">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}

export function ContentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h3 id={id} className="text-xl font-extrabold text-slate-900">
        {title}
      </h3>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}
