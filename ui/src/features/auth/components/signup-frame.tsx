import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { paths } from '@/config/paths';

/** The page around a sign-up card: the header back to home, and the main column. */
export function SignupFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PageShell>
      <AppHeader back={{ href: paths.home, label: t('actions.backToHome') }} title={title} right={null} />
      <main>
        <PageContainer className="py-6">{children}</PageContainer>
      </main>
    </PageShell>
  );
}
