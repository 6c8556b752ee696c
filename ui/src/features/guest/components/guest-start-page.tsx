import { useLocation } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthCard } from '@/components/layout/auth-card';
import { TextLink } from '@/components/ui/text-link';
import { asGuest, useUser } from '@/lib/auth';
import { useStartGuest, useUpdateGuest } from '../api/guest';
import { GuestPreferencesForm } from './guest-preferences-form';

/**
 * `/guest`: browse without an account. The visitor picks interests (and a grade), and the feed
 * is ranked for them; a guest coming back here changes the same choice.
 */
export function GuestStartPage() {
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
        <h2 className="text-lg font-bold text-slate-900">You are already signed in</h2>
        <p className="mt-1 text-sm text-slate-600">Your feed is already matched to your profile.</p>
        <LinkButton href={paths.jobFeed} className="mt-4">
          Go to the job feed
        </LinkButton>
      </Card>
    );
  } else {
    body = (
      <AuthCard>
        <GuestPreferencesForm
          // A new guest session starts from an empty choice; an existing one from its own.
          key={guest ? 'guest' : 'visitor'}
          label="Browse as a guest"
          initialInterests={guest?.interests}
          initialGrade={guest?.grade}
          submitLabel="Show my internships"
          pendingLabel="Starting..."
          onSubmit={async (input) => {
            await (guest ? update : start).mutateAsync(input);
            navigate(paths.jobFeed);
          }}
        >
          <p className="text-center text-sm text-slate-600">
            Want to like, save and apply? <TextLink href={paths.studentSignup}>Create a student account</TextLink>
          </p>
        </GuestPreferencesForm>
      </AuthCard>
    );
  }

  return (
    <PageShell>
      <AppHeader back={{ href: paths.home, label: 'Back to home' }} title="Browse as a guest" right={null} />
      <main>
        <PageContainer className="py-6">
          <div className="mb-5">
            <h2 className="text-2xl font-extrabold tracking-tight text-slate-900">What are you curious about?</h2>
            <p className="mt-1 text-sm text-slate-600">
              No account, no e-mail: pick your interests and we rank internships for you. Your choice is kept for this browser only and is
              gone when you exit.
            </p>
          </div>
          {body}
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default GuestStartPage;
