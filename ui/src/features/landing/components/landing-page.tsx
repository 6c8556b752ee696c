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
import { Link } from 'wouter';
import { AuthControls } from '@/components/layout/auth-controls';
import { Logo } from '@/components/layout/logo';
import { SiteFooter } from '@/components/layout/site-footer';
import { paths } from '@/config/paths';
import { Faq } from './faq';
import { HeroArt } from './hero-art';
import { RoleButtons } from './role-buttons';
import { SampleShowcase } from './sample-showcase';

const steps = [
  { icon: UserPlus, title: 'Create Profile', text: 'Tell us your grade, school and what you are curious about.' },
  { icon: PlayCircle, title: 'Browse & Watch', text: 'Swipe through short videos from real teams near you or remote.' },
  { icon: Send, title: 'Apply Instantly', text: 'One tap sends your profile. No cover letter marathon.' },
  { icon: MessageCircle, title: 'Connect & Chat', text: 'Message the employer and follow your application as it moves.' },
];

const benefits = [
  { icon: Rocket, title: 'Future Hires', text: 'Meet motivated students early and build your talent pipeline years ahead.' },
  { icon: Lightbulb, title: 'Fresh Perspectives', text: 'Teens bring new ideas on social media, tech and what their generation wants.' },
  { icon: PiggyBank, title: 'Cost-Effective', text: 'Get real help on projects while giving students experience that counts.' },
];

const testimonials = [
  {
    quote: "I found my marketing internship by watching a 60-second video of the team. I knew exactly what I'd be doing before I applied.",
    name: 'Maya R.',
    role: 'Junior, Lincoln High School',
  },
  {
    quote: 'We used to get zero applications from high schoolers. One video later we had twelve thoughtful applicants in a week.',
    name: 'David Chen',
    role: 'Founder, Brightside Studio',
  },
  {
    quote:
      'My son finally understood what an engineering job looks like day to day. The legal guidance for employers gave us peace of mind.',
    name: 'Angela T.',
    role: 'Parent',
  },
];

export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <header className="sticky top-0 z-40 border-b border-slate-200/60 bg-white/85 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4">
          <Logo />
          <AuthControls />
        </div>
      </header>

      <main>
        {/* Hero */}
        <section className="relative overflow-hidden">
          <div aria-hidden className="absolute -right-24 -top-24 h-72 w-72 rounded-full bg-accent-400/25 blur-3xl" />
          <div aria-hidden className="absolute -left-24 top-40 h-72 w-72 rounded-full bg-brand-400/25 blur-3xl" />
          <div className="relative mx-auto grid max-w-5xl items-center gap-10 px-4 pb-14 pt-10 md:grid-cols-[1.25fr_1fr] md:pt-16">
            <div>
              <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-bold text-brand-700">
                <Sparkles aria-hidden className="h-3.5 w-3.5" />
                For high-school students aged 16-18
              </p>
              <h1 className="mt-4 text-4xl font-black leading-[1.05] tracking-tight text-slate-900 md:text-6xl">
                Your first internship,
                <br />
                <span className="text-brand-gradient">one swipe away.</span>
              </h1>
              <p className="mt-4 max-w-xl text-lg text-slate-600">
                Watch short videos from real teams, find a role that fits you, and apply in a tap. Employers post teen-friendly internships
                with clear, legal guidance built in.
              </p>
              <div className="mt-7">
                <RoleButtons />
              </div>
              <p className="mt-4 text-sm text-slate-600">
                Just looking?{' '}
                <Link href={paths.guest} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                  Browse as a guest
                </Link>{' '}
                without an account.
              </p>
              <p className="mt-5 text-sm text-slate-600">
                New here?{' '}
                <Link href={paths.learnAbout} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                  Learn more about how InternReel works
                </Link>
                .
              </p>
            </div>
            <HeroArt />
          </div>
        </section>

        <SampleShowcase />

        {/* For Students / For Businesses */}
        <section aria-labelledby="audiences-heading" className="mx-auto max-w-5xl px-4 py-16">
          <h2 id="audiences-heading" className="text-center text-3xl font-extrabold tracking-tight text-slate-900">
            Built for both sides of the internship
          </h2>
          <div className="mt-8 grid gap-5 md:grid-cols-2">
            <article className="rounded-3xl bg-brand-gradient p-6 text-white shadow-lg shadow-brand-600/20">
              <GraduationCap aria-hidden className="h-9 w-9" />
              <h3 className="mt-4 text-2xl font-extrabold">For Students</h3>
              <ul className="mt-3 space-y-2 text-white/95">
                <li>• Personalised matches by skills, interests and goals</li>
                <li>• Full-screen video feed: like, comment, save and share</li>
                <li>• Apply in a tap and track every application</li>
                <li>• Free, always</li>
              </ul>
            </article>
            <article className="rounded-3xl bg-slate-900 p-6 text-white shadow-lg">
              <Building2 aria-hidden className="h-9 w-9 text-accent-400" />
              <h3 className="mt-4 text-2xl font-extrabold">For Businesses</h3>
              <ul className="mt-3 space-y-2 text-slate-200">
                <li>• Post teen-appropriate roles with clear legal guidance</li>
                <li>• Upload your own video or request an AI video (ready in about 24 hours)</li>
                <li>• Review applicants and move them through a hiring pipeline</li>
                <li>• Verified employers only</li>
              </ul>
            </article>
          </div>
        </section>

        {/* Business benefits */}
        <section aria-labelledby="benefits-heading" className="bg-slate-50 py-16">
          <div className="mx-auto max-w-5xl px-4">
            <p className="text-center text-sm font-bold uppercase tracking-widest text-brand-600">For employers</p>
            <h2 id="benefits-heading" className="mt-2 text-center text-3xl font-extrabold tracking-tight text-slate-900">
              Why businesses hire on InternReel
            </h2>
            <div className="mt-8 grid gap-4 md:grid-cols-3">
              {benefits.map((b) => (
                <article key={b.title} className="rounded-3xl border border-slate-200 bg-white p-6">
                  <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
                    <b.icon aria-hidden className="h-6 w-6" />
                  </span>
                  <h3 className="mt-4 text-lg font-bold text-slate-900">{b.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{b.text}</p>
                </article>
              ))}
            </div>
            <div className="mt-6 flex flex-wrap justify-center gap-3 text-sm font-semibold text-slate-700">
              <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 shadow-sm">
                <Users aria-hidden className="h-4 w-4 text-brand-600" /> Free for students
              </span>
              <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 shadow-sm">
                <BadgeCheck aria-hidden className="h-4 w-4 text-brand-600" /> Verified employers
              </span>
            </div>
          </div>
        </section>

        {/* How it works */}
        <section aria-labelledby="how-heading" className="mx-auto max-w-5xl px-4 py-16">
          <h2 id="how-heading" className="text-center text-3xl font-extrabold tracking-tight text-slate-900">
            How it works
          </h2>
          <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, index) => (
              <li key={step.title} className="relative rounded-3xl border border-slate-200 bg-white p-6">
                <span className="absolute right-5 top-5 text-4xl font-black text-slate-100" aria-hidden>
                  {index + 1}
                </span>
                <step.icon aria-hidden className="h-8 w-8 text-brand-600" />
                <h3 className="mt-4 text-lg font-bold text-slate-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-sm text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        {/* Testimonials */}
        <section aria-labelledby="testimonials-heading" className="bg-brand-50/60 py-16">
          <div className="mx-auto max-w-5xl px-4">
            <h2 id="testimonials-heading" className="text-center text-3xl font-extrabold tracking-tight text-slate-900">
              What people are saying
            </h2>
            <div className="mt-8 grid gap-4 md:grid-cols-3">
              {testimonials.map((t) => (
                <figure key={t.name} className="rounded-3xl bg-white p-6 shadow-sm">
                  <Quote aria-hidden className="h-7 w-7 text-accent-400" />
                  <blockquote className="mt-3 text-slate-700">“{t.quote}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-bold text-slate-900">{t.name}</span>
                    <span className="block text-slate-500">{t.role}</span>
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </section>

        {/* FAQ */}
        <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16">
          <h2 id="faq-heading" className="mb-8 text-center text-3xl font-extrabold tracking-tight text-slate-900">
            Frequently asked questions
          </h2>
          <Faq />
        </section>

        {/* Early access */}
        <section aria-labelledby="cta-heading" className="px-4 pb-16">
          <div className="mx-auto max-w-5xl overflow-hidden rounded-[32px] bg-brand-gradient px-6 py-12 text-center text-white shadow-xl shadow-brand-600/25">
            <h2 id="cta-heading" className="text-3xl font-extrabold tracking-tight">
              Get early access
            </h2>
            <p className="mx-auto mt-2 max-w-md text-white/90">
              Be one of the first students and employers on InternReel. Set up your account in two minutes.
            </p>
            <div className="mt-6 flex justify-center">
              <RoleButtons tone="dark" />
            </div>
          </div>
        </section>
      </main>

      <SiteFooter />
    </div>
  );
}

export default LandingPage;
