import { drawingMarks, useProgressiveCount } from '@/lib/boot';
import {
  BadgeCheck,
  Building2,
  GraduationCap,
  MessageCircle,
  PiggyBank,
  PlayCircle,
  Quote,
  Rocket,
  Sparkles,
  Lightbulb,
  Send,
  UserPlus,
  Users,
} from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { AuthControls } from '@/components/layout/auth-controls';
import { Logo } from '@/components/layout/logo';
import { SiteFooter } from '@/components/layout/site-footer';
import { LanguageSelect } from '@/components/ui/language-select';
import { RichText } from '@/components/ui/rich-text';
import { paths } from '@/config/paths';
import { ns } from '../i18n';
import { Faq } from './faq';
import { HeroArt } from './hero-art';
import { RoleButtons } from './role-buttons';
import { SampleShowcase } from './sample-showcase';

/** How it works: `how.<key>.title` / `.text`. */
const steps = [
  { icon: UserPlus, key: 'createProfile' },
  { icon: PlayCircle, key: 'browse' },
  { icon: Send, key: 'apply' },
  { icon: MessageCircle, key: 'connect' },
] as const;

/** Why businesses hire: `benefits.<key>.title` / `.text`. */
const benefits = [
  { icon: Rocket, key: 'futureHires' },
  { icon: Lightbulb, key: 'freshPerspectives' },
  { icon: PiggyBank, key: 'costEffective' },
] as const;

/** The quotes (`testimonials.<key>.quote` / `.role`) and who said them (names as they are). */
const testimonials = [
  { key: 'student', name: 'Maya R.' },
  { key: 'founder', name: 'David Chen' },
  { key: 'parent', name: 'Angela T.' },
] as const;

const STUDENT_POINTS = ['matches', 'feed', 'apply', 'free'] as const;
const BUSINESS_POINTS = ['post', 'video', 'pipeline', 'verified'] as const;

const linkClasses = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/** The top bar: logo, language, sign-in. */
function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/60 bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4">
        <Logo />
        <div className="flex items-center gap-1">
          <LanguageSelect />
          <AuthControls />
        </div>
      </div>
    </header>
  );
}

/** The hero: what InternReel is and the two ways in; the first screen's paint. */
function Hero() {
  const { t } = useTranslation(ns);
  return (
    <section className="relative overflow-hidden">
      <div aria-hidden className="absolute -right-24 -top-24 h-72 w-72 rounded-full bg-accent-400/25 blur-3xl" />
      <div aria-hidden className="absolute -left-24 top-40 h-72 w-72 rounded-full bg-brand-400/25 blur-3xl" />
      <div className="relative mx-auto grid max-w-5xl items-center gap-10 px-4 pb-14 pt-10 md:grid-cols-[1.25fr_1fr] md:pt-16">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-bold text-brand-700">
            <Sparkles aria-hidden className="h-3.5 w-3.5" />
            {t('hero.badge')}
          </p>
          <h1 className="mt-4 text-4xl font-black leading-[1.05] tracking-tight text-slate-900 md:text-6xl">
            {t('hero.titleStart')}
            <br />
            <span className="text-brand-gradient">{t('hero.titleEnd')}</span>
          </h1>
          <p className="mt-4 max-w-xl text-lg text-slate-600">{t('hero.text')}</p>
          <div className="mt-7">
            <RoleButtons />
          </div>
          <p className="mt-4 text-sm text-slate-600">
            <RichText
              text={t('hero.guest')}
              tags={{
                guest: (inner) => (
                  <Link href={paths.guest} className={linkClasses}>
                    {inner}
                  </Link>
                ),
              }}
            />
          </p>
          <p className="mt-5 text-sm text-slate-600">
            <RichText
              text={t('hero.learnMore')}
              tags={{
                learn: (inner) => (
                  <Link href={paths.learnAbout} className={linkClasses}>
                    {inner}
                  </Link>
                ),
              }}
            />
          </p>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

export function LandingPage() {
  const drawn = useProgressiveCount(BELOW_THE_HERO.length, FIRST_PARTS);
  return (
    <div className="min-h-dvh bg-white">
      <LandingHeader />
      <main {...drawingMarks(drawn < BELOW_THE_HERO.length)}>
        <Hero />
        {BELOW_THE_HERO.slice(0, drawn).map(([key, Part]) => (
          <Part key={key} />
        ))}
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * What follows the hero, below the fold on a phone: the first part in the first render (and in the
 * page's frame), the others one per idle moment after the paint, each a short task of its own,
 * rather than one long task laying out the whole page while the phone waits to scroll.
 */
const FIRST_PARTS = 1;
const BELOW_THE_HERO: readonly (readonly [string, () => React.ReactNode])[] = [
  ['samples', SampleShowcase],
  ['audiences', Audiences],
  ['benefits', Benefits],
  ['how', HowItWorks],
  ['testimonials', Testimonials],
  ['faq', FaqSection],
  ['cta', EarlyAccess],
];

/** For students / for businesses. */
function Audiences() {
  const { t } = useTranslation(ns);
  return (
    <section aria-labelledby="audiences-heading" className="mx-auto max-w-5xl px-4 py-16">
      <h2 id="audiences-heading" className="text-center text-3xl font-extrabold tracking-tight text-slate-900">
        {t('audiences.heading')}
      </h2>
      <div className="mt-8 grid gap-5 md:grid-cols-2">
        <article className="rounded-3xl bg-brand-gradient p-6 text-white shadow-lg shadow-brand-600/20">
          <GraduationCap aria-hidden className="h-9 w-9" />
          <h3 className="mt-4 text-2xl font-extrabold">{t('audiences.students')}</h3>
          <ul className="mt-3 space-y-2 text-white/95">
            {STUDENT_POINTS.map((key) => (
              <li key={key}>• {t(`audiences.studentPoints.${key}`)}</li>
            ))}
          </ul>
        </article>
        <article className="rounded-3xl bg-slate-900 p-6 text-white shadow-lg">
          <Building2 aria-hidden className="h-9 w-9 text-accent-400" />
          <h3 className="mt-4 text-2xl font-extrabold">{t('audiences.businesses')}</h3>
          <ul className="mt-3 space-y-2 text-slate-200">
            {BUSINESS_POINTS.map((key) => (
              <li key={key}>• {t(`audiences.businessPoints.${key}`)}</li>
            ))}
          </ul>
        </article>
      </div>
    </section>
  );
}

/** Why businesses hire. */
function Benefits() {
  const { t } = useTranslation(ns);
  return (
    <section aria-labelledby="benefits-heading" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-5xl px-4">
        <p className="text-center text-sm font-bold uppercase tracking-widest text-brand-600">{t('benefits.eyebrow')}</p>
        <h2 id="benefits-heading" className="mt-2 text-center text-3xl font-extrabold tracking-tight text-slate-900">
          {t('benefits.heading')}
        </h2>
        <div className="mt-8 grid gap-4 md:grid-cols-3">
          {benefits.map((b) => (
            <article key={b.key} className="rounded-3xl border border-slate-200 bg-white p-6">
              <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
                <b.icon aria-hidden className="h-6 w-6" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{t(`benefits.${b.key}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(`benefits.${b.key}.text`)}</p>
            </article>
          ))}
        </div>
        <div className="mt-6 flex flex-wrap justify-center gap-3 text-sm font-semibold text-slate-700">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 shadow-sm">
            <Users aria-hidden className="h-4 w-4 text-brand-600" /> {t('benefits.freeForStudents')}
          </span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 shadow-sm">
            <BadgeCheck aria-hidden className="h-4 w-4 text-brand-600" /> {t('benefits.verifiedEmployers')}
          </span>
        </div>
      </div>
    </section>
  );
}

/** How it works. */
function HowItWorks() {
  const { t } = useTranslation(ns);
  return (
    <section aria-labelledby="how-heading" className="mx-auto max-w-5xl px-4 py-16">
      <h2 id="how-heading" className="text-center text-3xl font-extrabold tracking-tight text-slate-900">
        {t('how.heading')}
      </h2>
      <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.key} className="relative rounded-3xl border border-slate-200 bg-white p-6">
            <span className="absolute right-5 top-5 text-4xl font-black text-slate-100" aria-hidden>
              {index + 1}
            </span>
            <step.icon aria-hidden className="h-8 w-8 text-brand-600" />
            <h3 className="mt-4 text-lg font-bold text-slate-900">
              <span className="sr-only">{t('how.step', { number: index + 1 })} </span>
              {t(`how.${step.key}.title`)}
            </h3>
            <p className="mt-1 text-sm text-slate-600">{t(`how.${step.key}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What people say. */
function Testimonials() {
  const { t } = useTranslation(ns);
  return (
    <section aria-labelledby="testimonials-heading" className="bg-brand-50/60 py-16">
      <div className="mx-auto max-w-5xl px-4">
        <h2 id="testimonials-heading" className="text-center text-3xl font-extrabold tracking-tight text-slate-900">
          {t('testimonials.heading')}
        </h2>
        <div className="mt-8 grid gap-4 md:grid-cols-3">
          {testimonials.map((item) => (
            <figure key={item.key} className="rounded-3xl bg-white p-6 shadow-sm">
              <Quote aria-hidden className="h-7 w-7 text-accent-400" />
              <blockquote className="mt-3 text-slate-700">“{t(`testimonials.${item.key}.quote`)}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-bold text-slate-900">{item.name}</span>
                <span className="block text-slate-500">{t(`testimonials.${item.key}.role`)}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}

/** Questions and answers. */
function FaqSection() {
  const { t } = useTranslation(ns);
  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16">
      <h2 id="faq-heading" className="mb-8 text-center text-3xl font-extrabold tracking-tight text-slate-900">
        {t('faq.heading')}
      </h2>
      <Faq />
    </section>
  );
}

/** Early access: the role buttons again. */
function EarlyAccess() {
  const { t } = useTranslation(ns);
  return (
    <section aria-labelledby="cta-heading" className="px-4 pb-16">
      <div className="mx-auto max-w-5xl overflow-hidden rounded-[32px] bg-brand-gradient px-6 py-12 text-center text-white shadow-xl shadow-brand-600/25">
        <h2 id="cta-heading" className="text-3xl font-extrabold tracking-tight">
          {t('cta.heading')}
        </h2>
        <p className="mx-auto mt-2 max-w-md text-white/90">{t('cta.text')}</p>
        <div className="mt-6 flex justify-center">
          <RoleButtons tone="dark" />
        </div>
      </div>
    </section>
  );
}

export default LandingPage;
