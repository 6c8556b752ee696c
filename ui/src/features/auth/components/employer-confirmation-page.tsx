import { BookOpen, CheckCircle2, ClipboardList, LifeBuoy, Mail, ShieldCheck, UserCog, Video } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { LinkButton } from '@/components/ui/button';
import { RichText } from '@/components/ui/rich-text';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { useDistrict } from '@/lib/district';
import { DEFAULT_DISTRICT_NAME } from '@/types/safety';
import { ns } from '../i18n';

/** `employerConfirmation.<key>.title` / `.text`. */
const steps = [
  { icon: UserCog, key: 'profile' },
  { icon: ClipboardList, key: 'basics' },
  { icon: Video, key: 'post' },
  { icon: CheckCircle2, key: 'review' },
] as const;

export function EmployerConfirmationPage() {
  const { t } = useTranslation(ns);
  const { user: sessionUser } = useUser();
  const user = sessionUser && sessionUser.userType === 'employer' ? sessionUser : null;
  const { name } = useDistrict();
  const district = name ?? DEFAULT_DISTRICT_NAME;
  return (
    <PageShell>
      <AppHeader />
      <main>
        <PageContainer className="py-10">
          <div className="text-center">
            <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
              <CheckCircle2 aria-hidden className="h-9 w-9" />
            </span>
            <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-slate-900">{t('employerConfirmation.heading')}</h1>
            <p className="mt-2 text-slate-600">{t('employerConfirmation.text')}</p>
          </div>

          <ul className="mt-6 space-y-3" data-testid="account-status">
            {user?.employerStatus === 'pending' ? (
              <li className="flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
                <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
                <span>
                  <strong>{t('employerConfirmation.pendingTitle', { district })}</strong> {t('employerConfirmation.pendingText')}
                </span>
              </li>
            ) : user?.employerStatus === 'verified' ? (
              <li className="flex gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
                <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
                <span>{t('employerConfirmation.verified')}</span>
              </li>
            ) : null}
            {user && user.emailConfirmed === false ? (
              <li className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
                <Mail aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                <span>
                  <RichText
                    text={t('employerConfirmation.emailSent')}
                    tags={{ email: () => <strong className="break-all">{user.email}</strong> }}
                  />
                </span>
              </li>
            ) : null}
          </ul>

          <section aria-labelledby="next-steps" className="mt-8 rounded-3xl border border-slate-200/80 bg-white p-5 shadow-sm">
            <h2 id="next-steps" className="text-lg font-bold text-slate-900">
              {t('employerConfirmation.nextSteps')}
            </h2>
            <ol className="mt-4 space-y-4">
              {steps.map((step, index) => (
                <li key={step.key} className="flex gap-3">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <step.icon aria-hidden className="h-5 w-5" />
                  </span>
                  <div>
                    <p className="font-semibold text-slate-900">
                      <span className="sr-only">{t('employerConfirmation.step', { number: index + 1 })} </span>
                      {t(`employerConfirmation.${step.key}.title`)}
                    </p>
                    <p className="text-sm text-slate-600">{t(`employerConfirmation.${step.key}.text`)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>

          <LinkButton href={paths.employerDashboard} variant="gradient" size="lg" className="mt-6 w-full">
            {t('employerConfirmation.dashboard')}
          </LinkButton>

          <div className="mt-4 grid grid-cols-2 gap-3">
            <Link
              href={paths.employerGuide}
              className="flex flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm hover:border-brand-300"
            >
              <BookOpen aria-hidden className="h-5 w-5 text-brand-600" />
              <span className="font-semibold text-slate-900">{t('employerConfirmation.guide')}</span>
              <span className="text-slate-600">{t('employerConfirmation.guideText')}</span>
            </Link>
            <Link
              href={paths.support}
              className="flex flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm hover:border-brand-300"
            >
              <LifeBuoy aria-hidden className="h-5 w-5 text-brand-600" />
              <span className="font-semibold text-slate-900">{t('employerConfirmation.support')}</span>
              <span className="text-slate-600">{t('employerConfirmation.supportText')}</span>
            </Link>
          </div>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default EmployerConfirmationPage;
