import { BookOpen, CheckCircle2, ClipboardList, LifeBuoy, Mail, ShieldCheck, UserCog, Video } from 'lucide-react';
import { Link } from 'wouter';
import { AppHeader } from '@/components/layout/app-header';
import { PageContainer, PageShell } from '@/components/layout/page';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { useDistrict } from '@/lib/district';
import { DEFAULT_DISTRICT_NAME } from '@/types/safety';

const steps = [
  {
    icon: UserCog,
    title: 'Finish your company profile',
    text: 'Add a phone number and a short story about your team so students know who they would work with.',
  },
  {
    icon: ClipboardList,
    title: 'Check the teen-employment basics',
    text: 'Hours, hazardous duties, work permits and pay for 16-17 year olds, in plain words.',
  },
  {
    icon: Video,
    title: 'Post your first internship',
    text: 'Upload a vertical video of 1 minute 30 seconds or less, or ask us to make an AI video (ready within 24 hours).',
  },
  {
    icon: CheckCircle2,
    title: 'Review applicants',
    text: 'Move students through your pipeline and message them once they apply.',
  },
];

export function EmployerConfirmationPage() {
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
            <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-slate-900">Account created!</h1>
            <p className="mt-2 text-slate-600">
              Welcome to InternReel. Your employer account is ready, and you can start posting internships now.
            </p>
          </div>

          <ul className="mt-6 space-y-3" data-testid="account-status">
            {user?.employerStatus === 'pending' ? (
              <li className="flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
                <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
                <span>
                  <strong>Your company is waiting for {district}&rsquo;s review.</strong> Students see your postings once the district has
                  verified your company; until then they stay on your dashboard marked &lsquo;Awaiting district review&rsquo;. We will
                  notify you when the review is done.
                </span>
              </li>
            ) : user?.employerStatus === 'verified' ? (
              <li className="flex gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
                <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
                <span>Your company is verified: students see your postings as soon as you post them.</span>
              </li>
            ) : null}
            {user && user.emailConfirmed === false ? (
              <li className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
                <Mail aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                <span>
                  We sent a confirmation link to <strong className="break-all">{user.email}</strong>. Open it to confirm your address (the
                  dashboard can send a new one).
                </span>
              </li>
            ) : null}
          </ul>

          <section aria-labelledby="next-steps" className="mt-8 rounded-3xl border border-slate-200/80 bg-white p-5 shadow-sm">
            <h2 id="next-steps" className="text-lg font-bold text-slate-900">
              Next steps
            </h2>
            <ol className="mt-4 space-y-4">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-3">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <step.icon aria-hidden className="h-5 w-5" />
                  </span>
                  <div>
                    <p className="font-semibold text-slate-900">
                      <span className="sr-only">Step {index + 1}: </span>
                      {step.title}
                    </p>
                    <p className="text-sm text-slate-600">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>

          <LinkButton href={paths.employerDashboard} variant="gradient" size="lg" className="mt-6 w-full">
            Go to your dashboard
          </LinkButton>

          <div className="mt-4 grid grid-cols-2 gap-3">
            <Link
              href={paths.employerGuide}
              className="flex flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm hover:border-brand-300"
            >
              <BookOpen aria-hidden className="h-5 w-5 text-brand-600" />
              <span className="font-semibold text-slate-900">Employer guide</span>
              <span className="text-slate-600">Rules for hiring 16-17 year olds</span>
            </Link>
            <Link
              href={paths.support}
              className="flex flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm hover:border-brand-300"
            >
              <LifeBuoy aria-hidden className="h-5 w-5 text-brand-600" />
              <span className="font-semibold text-slate-900">Support</span>
              <span className="text-slate-600">Questions? We reply within 24 hours</span>
            </Link>
          </div>
        </PageContainer>
      </main>
    </PageShell>
  );
}

export default EmployerConfirmationPage;
