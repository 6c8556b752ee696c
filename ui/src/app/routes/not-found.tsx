import { Compass } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'wouter';
import { Logo } from '@/components/layout/logo';
import { LinkButton } from '@/components/ui/button';
import { RichText } from '@/components/ui/rich-text';
import { paths } from '@/config/paths';

/** Any path no route claims. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center px-4">
        <Logo />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-20">
        <div className="max-w-sm text-center">
          <div className="mx-auto flex h-20 w-20 items-center justify-center rounded-3xl bg-brand-gradient text-white shadow-lg shadow-brand-600/30">
            <Compass aria-hidden className="h-10 w-10" />
          </div>
          <p className="mt-6 text-sm font-bold uppercase tracking-widest text-brand-600">{t('notFound.error')}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">{t('notFound.title')}</h1>
          <p className="mt-3 text-slate-600">
            <RichText
              text={t('notFound.text')}
              tags={{ path: () => <code className="break-all rounded bg-slate-200/70 px-1.5 py-0.5 text-sm">{location}</code> }}
            />
          </p>
          <div className="mt-7 flex flex-col gap-3">
            <LinkButton href={paths.home} variant="gradient" size="lg">
              {t('actions.goHome')}
            </LinkButton>
            <LinkButton href={paths.browseInternships} variant="outline">
              {t('notFound.browse')}
            </LinkButton>
          </div>
        </div>
      </main>
    </div>
  );
}

export default NotFoundRoute;
