import { ArrowLeft, Briefcase, GraduationCap, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { LinkButton } from '@/components/ui/button';
import { MarkList } from '@/components/ui/mark-list';
import { paths } from '@/config/paths';
import { TextLink } from '@/components/ui/text-link';
import { cn } from '@/lib/cn';
import { useSessionStore } from '@/stores/session-store';
import type { UserType } from '@/types/api';

interface RoleCardProps {
  role: UserType;
  icon: LucideIcon;
  title: string;
  blurb: string;
  perks: string[];
  signupHref: string;
  signinHref: string;
  accent: string;
}

function RoleCard({ role, icon: Icon, title, blurb, perks, signupHref, signinHref, accent }: RoleCardProps) {
  const setUserType = useSessionStore((s) => s.setUserType);
  return (
    <section aria-labelledby={`role-${role}`} className="flex flex-col rounded-3xl border border-slate-200/80 bg-white p-6 shadow-sm">
      <span className={cn('mb-4 flex h-12 w-12 items-center justify-center rounded-2xl text-white', accent)}>
        <Icon aria-hidden className="h-6 w-6" />
      </span>
      <h2 id={`role-${role}`} className="text-xl font-extrabold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{blurb}</p>
      <MarkList items={perks} markClassName="text-brand-600" className="mt-4 space-y-1.5 text-sm text-slate-700" />
      <div className="mt-6 grid grid-cols-2 gap-3">
        {(
          [
            { label: 'Create Account', href: signupHref, variant: 'gradient' },
            { label: 'Sign In', href: signinHref, variant: 'outline' },
          ] as const
        ).map((action) => (
          <LinkButton
            key={action.label}
            href={action.href}
            variant={action.variant}
            className="whitespace-nowrap px-3"
            onClick={() => setUserType(role)}
            // The name starts with the visible label (WCAG 2.5.3) and says whose account.
            aria-label={`${action.label} as ${role === 'student' ? 'a student' : 'an employer'}`}
          >
            {action.label}
          </LinkButton>
        ))}
      </div>
    </section>
  );
}

export function RoleSelectionPage() {
  return (
    <PageShell>
      <AppHeader right={null} />
      <main>
        <PageContainer wide className="py-10">
          <div className="mx-auto mb-8 max-w-lg text-center">
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">How will you use InternReel?</h1>
            <p className="mt-2 text-slate-600">Pick your side to create an account or sign in.</p>
          </div>
          <div className="mx-auto grid max-w-3xl gap-5 md:grid-cols-2">
            <RoleCard
              role="student"
              icon={GraduationCap}
              title="I'm a Student"
              blurb="Ages 16-18. Discover internships through short videos and apply in a tap."
              perks={['Free, always', 'Matched to your interests', 'Chat with employers after you apply']}
              signupHref={paths.studentSignup}
              signinHref={paths.studentLogin}
              accent="bg-brand-gradient"
            />
            <RoleCard
              role="employer"
              icon={Briefcase}
              title="I'm an Employer"
              blurb="Show teens what a day with your team looks like, and meet motivated future hires."
              perks={['Post with your own video or an AI one', 'Review applicants in one pipeline', 'Clear legal guidance for teen roles']}
              signupHref={paths.employerSignup}
              signinHref={paths.employerLogin}
              accent="bg-slate-900"
            />
          </div>
          <div className="mx-auto mt-6 flex max-w-3xl flex-col items-center gap-2 rounded-3xl border border-dashed border-slate-300 bg-white/60 p-5 text-center">
            <p className="text-sm text-slate-700">Just looking? See internships ranked for your interests, no account needed.</p>
            <LinkButton href={paths.guest} variant="outline">
              Browse as a guest
            </LinkButton>
          </div>
          <div className="mt-8 flex flex-col items-center gap-3 text-sm">
            <Link href={paths.home} className="inline-flex items-center gap-1.5 font-semibold text-slate-700 hover:underline">
              <ArrowLeft aria-hidden className="h-4 w-4" />
              Back to Home
            </Link>
            <p className="text-slate-600">
              Not sure yet? <TextLink href={paths.learnAbout}>Learn more about InternReel</TextLink>
            </p>
          </div>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default RoleSelectionPage;
