import { ArrowLeft, Briefcase, GraduationCap, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { LinkButton } from '@/components/ui/button';
import { MarkList } from '@/components/ui/mark-list';
import { RichText } from '@/components/ui/rich-text';
import { paths } from '@/config/paths';
import { TextLink } from '@/components/ui/text-link';
import { cn } from '@/lib/cn';
import { useSessionStore } from '@/stores/session-store';
import type { UserType } from '@/types/api';
import { ns } from '../i18n';

interface RoleCardProps {
  role: Extract<UserType, 'student' | 'employer'>;
  icon: LucideIcon;
  title: string;
  blurb: string;
  perks: string[];
  signupHref: string;
  signinHref: string;
  accent: string;
}

function RoleCard({ role, icon: Icon, title, blurb, perks, signupHref, signinHref, accent }: RoleCardProps) {
  const { t } = useTranslation(ns);
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
            {
              key: 'create',
              label: t('roleSelection.createAccount'),
              name: t(`roleSelection.createAccountAs.${role}`),
              href: signupHref,
              variant: 'gradient',
            },
            {
              key: 'signIn',
              label: t('roleSelection.signIn'),
              name: t(`roleSelection.signInAs.${role}`),
              href: signinHref,
              variant: 'outline',
            },
          ] as const
        ).map((action) => (
          <LinkButton
            key={action.key}
            href={action.href}
            variant={action.variant}
            className="whitespace-nowrap px-3"
            onClick={() => setUserType(role)}
            // The name starts with the visible label (WCAG 2.5.3) and says whose account.
            aria-label={action.name}
          >
            {action.label}
          </LinkButton>
        ))}
      </div>
    </section>
  );
}

export function RoleSelectionPage() {
  const { t } = useTranslation(ns);
  return (
    <PageShell>
      <AppHeader right={null} />
      <main>
        <PageContainer wide className="py-10">
          <div className="mx-auto mb-8 max-w-lg text-center">
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('roleSelection.heading')}</h1>
            <p className="mt-2 text-slate-600">{t('roleSelection.text')}</p>
          </div>
          <div className="mx-auto grid max-w-3xl gap-5 md:grid-cols-2">
            <RoleCard
              role="student"
              icon={GraduationCap}
              title={t('roleSelection.student.title')}
              blurb={t('roleSelection.student.blurb')}
              perks={[t('roleSelection.student.free'), t('roleSelection.student.matched'), t('roleSelection.student.chat')]}
              signupHref={paths.studentSignup}
              signinHref={paths.studentLogin}
              accent="bg-brand-gradient"
            />
            <RoleCard
              role="employer"
              icon={Briefcase}
              title={t('roleSelection.employer.title')}
              blurb={t('roleSelection.employer.blurb')}
              perks={[t('roleSelection.employer.video'), t('roleSelection.employer.pipeline'), t('roleSelection.employer.guidance')]}
              signupHref={paths.employerSignup}
              signinHref={paths.employerLogin}
              accent="bg-slate-900"
            />
          </div>
          <div className="mx-auto mt-6 flex max-w-3xl flex-col items-center gap-2 rounded-3xl border border-dashed border-slate-300 bg-white/60 p-5 text-center">
            <p className="text-sm text-slate-700">{t('roleSelection.guestText')}</p>
            <LinkButton href={paths.guest} variant="outline">
              {t('roleSelection.guest')}
            </LinkButton>
          </div>
          <div className="mt-8 flex flex-col items-center gap-3 text-sm">
            <Link href={paths.home} className="inline-flex items-center gap-1.5 font-semibold text-slate-700 hover:underline">
              <ArrowLeft aria-hidden className="h-4 w-4" />
              {t('roleSelection.backHome')}
            </Link>
            <p className="text-slate-600">
              <RichText
                text={t('roleSelection.learnMore')}
                tags={{ learn: (inner) => <TextLink href={paths.learnAbout}>{inner}</TextLink> }}
              />
            </p>
          </div>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default RoleSelectionPage;
