import { Construction } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AppHeader } from './app-header';
import { PageContainer, PageShell } from './page';

/**
 * A placeholder for a screen another change will build. It says so honestly instead of
 * pretending to work.
 */
export function NotBuiltYet({ title, back }: { title: string; back?: { href: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <PageShell>
      <AppHeader back={back ?? { href: paths.home, label: t('actions.backToHome') }} title={title} />
      <main>
        <PageContainer className="py-16 text-center">
          <div className="mx-auto mb-5 flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <Construction aria-hidden className="h-7 w-7" />
          </div>
          <h2 className="text-xl font-bold text-slate-900">{title}</h2>
          <p className="mt-2 text-slate-600">{t('notBuilt.text')}</p>
          <LinkButton href={paths.home} variant="secondary" className="mt-6">
            {t('actions.goHome')}
          </LinkButton>
        </PageContainer>
      </main>
    </PageShell>
  );
}
