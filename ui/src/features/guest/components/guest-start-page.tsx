import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthCard } from '@/components/layout/auth-card';
import { RichText } from '@/components/ui/rich-text';
import { TextLink } from '@/components/ui/text-link';
import { asGuest, useUser } from '@/lib/auth';
import { useStartGuest, useUpdateGuest } from '../api/guest';
import { ns } from '../i18n';
import { GuestPreferencesForm } from './guest-preferences-form';

/**
 * `/guest`: browse without an account. The visitor picks interests (and a grade), and the feed
 * is ranked for them; a guest coming back here changes the same choice.
 */
export function GuestStartPage() {
  const { t } = useTranslation([ns, 'common']);
  const [, navigate] = useLocation();
  const { user, isLoading } = useUser();
  const guest = asGuest(user);
  const start = useStartGuest();
  const update = useUpdateGuest();

  let body: React.ReactNode;
  if (isLoading) {
    body = <PageLoader />;
  } else if (user && !guest) {
    body = (
      <Card className="text-center">
        <h2 className="text-lg font-bold text-slate-900">{t('start.signedInTitle')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('start.signedInText')}</p>
        <LinkButton href={paths.jobFeed} className="mt-4">
          {t('start.goToFeed')}
        </LinkButton>
      </Card>
    );
  } else {
    body = (
      <AuthCard>
        <GuestPreferencesForm
          // A new guest session starts from an empty choice; an existing one from its own.
          key={guest ? 'guest' : 'visitor'}
          label={t('start.formLabel')}
          initialInterests={guest?.interests}
          initialGrade={guest?.grade}
          submitLabel={t('start.submit')}
          pendingLabel={t('start.pending')}
          onSubmit={async (input) => {
            await (guest ? update : start).mutateAsync(input);
            navigate(paths.jobFeed);
          }}
        >
          <p className="text-center text-sm text-slate-600">
            <RichText
              text={t('start.signupPrompt')}
              tags={{ signup: (inner) => <TextLink href={paths.studentSignup}>{inner}</TextLink> }}
            />
          </p>
        </GuestPreferencesForm>
      </AuthCard>
    );
  }

  return (
    <PageShell>
      <AppHeader back={{ href: paths.home, label: t('common:actions.backToHome') }} title={t('start.title')} right={null} />
      <main>
        <PageContainer className="py-6">
          <div className="mb-5">
            <h2 className="text-2xl font-extrabold tracking-tight text-slate-900">{t('start.heading')}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('start.intro')}</p>
          </div>
          {body}
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default GuestStartPage;
