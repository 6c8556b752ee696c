import { Building2, GraduationCap, Heart, ShieldCheck, Sparkles, Video } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { TextLink } from '@/components/ui/text-link';
import { api } from '@/lib/api-client';
import { isClosed } from '@/lib/deadline';
import type { Internship } from '@/types/internship';
import { ContentSection, MarketingLayout } from './marketing-layout';

/**
 * 'a sample company page': the company of the first posting the feed offers whose applications
 * are still open, looked up when the page opens (the demo's posting 1 has closed); the browse
 * list until the answer is in, or when there is none.
 */
function SampleCompanyLink() {
  const first = useQuery({
    queryKey: ['/api/internships', 'sample'],
    queryFn: async () => (await api.page<Internship>('/api/internships?limit=20')).items.find((i) => !isClosed(i)) ?? null,
    staleTime: 60_000,
  });
  const href = first.data ? paths.company(first.data.id) : paths.browseInternships;
  return <TextLink href={href}>a sample company page</TextLink>;
}

const pillars = [
  {
    icon: Video,
    title: 'See the job before you apply',
    text: 'Every internship has a short vertical video, so you can see the people, the place and the work.',
  },
  {
    icon: Sparkles,
    title: 'Matched to you',
    text: 'We rank internships by your interests, grade and skills, and tell you why each one matches.',
  },
  {
    icon: ShieldCheck,
    title: 'Safe by design',
    text: 'No public student profiles. Employers only see students who applied to them, and only they can message.',
  },
  {
    icon: Heart,
    title: 'Free for students',
    text: 'Watching, applying and chatting with employers never costs students anything.',
  },
];

export function LearnAboutPage() {
  return (
    <MarketingLayout
      title="About InternReel"
      eyebrow="About"
      heading="Internships for teens, told in short videos"
      intro={
        <p>
          InternReel connects high-school students aged 16-18 with employers who want to teach, mentor and hire them. Instead of reading a
          wall of text, you watch a short video from the team and decide in seconds whether it is for you.
        </p>
      }
    >
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        {pillars.map((p) => (
          <article key={p.title} className="rounded-3xl border border-slate-200 p-5">
            <p.icon aria-hidden className="h-7 w-7 text-brand-600" />
            <h3 className="mt-3 font-bold text-slate-900">{p.title}</h3>
            <p className="mt-1 text-sm text-slate-600">{p.text}</p>
          </article>
        ))}
      </div>

      <ContentSection id="students" title="For students">
        <p>
          Create a profile with your school, grade and interests, then swipe through the{' '}
          <TextLink href={paths.jobFeed}>internship feed</TextLink> or{' '}
          <TextLink href={paths.browseInternships}>browse the full list</TextLink> with search and filters. Like, save and share the ones
          you love, apply in a tap, and follow each application from Under Review to Hired. Once you apply you can message the employer
          directly.
        </p>
        <p>
          Curious what a posting looks like? Open <SampleCompanyLink />.
        </p>
      </ContentSection>

      <ContentSection id="employers" title="For employers">
        <p>
          Post a teen-appropriate role with your own video of 90 seconds or less, or ask for an AI-generated video that is ready within
          about 24 hours. Review applicants in one pipeline, move them to interview, offer and hire, and message them in the app. Our{' '}
          <TextLink href={paths.employerGuide}>employer guide</TextLink> explains hours, hazardous duties, work permits and pay for 16-17
          year olds in plain words.
        </p>
      </ContentSection>

      <ContentSection id="schools" title="Run by your school or district">
        <p>
          InternReel is a single application a school or district can host itself, so student data stays with the people responsible for it.
          We keep only what is needed to run the service.
        </p>
      </ContentSection>

      <div className="mt-12 grid gap-4 rounded-3xl bg-slate-900 p-6 text-white sm:grid-cols-2">
        <div>
          <GraduationCap aria-hidden className="h-7 w-7 text-accent-400" />
          <p className="mt-2 font-bold">Ready to start?</p>
          <p className="text-sm text-slate-300">Create an account as a student or an employer.</p>
          <LinkButton href={paths.roleSelection} variant="light" className="mt-4">
            Get started
          </LinkButton>
        </div>
        <div>
          <Building2 aria-hidden className="h-7 w-7 text-accent-400" />
          <p className="mt-2 font-bold">Still have questions?</p>
          <p className="text-sm text-slate-300">We reply within 24 hours.</p>
          <LinkButton href={paths.contact} variant="outline" className="mt-4 border-white/30 bg-transparent text-white hover:text-white">
            Contact us
          </LinkButton>
        </div>
      </div>

      <p className="mt-8 text-center text-sm text-slate-500">
        <Link href={paths.learnAbout} className="hover:underline" onClick={() => window.scrollTo({ top: 0 })}>
          Back to top of About
        </Link>
      </p>
    </MarketingLayout>
  );
}

export default LearnAboutPage;
