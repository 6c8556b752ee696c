import { LinkButton } from '@/components/ui/button';
import { FaqAccordion, type FaqItem } from '@/components/ui/faq-accordion';
import { paths } from '@/config/paths';
import { TextLink } from '@/components/ui/text-link';
import { ContentSection, MarketingLayout } from './marketing-layout';

const groups: Array<{ id: string; title: string; items: FaqItem[] }> = [
  {
    id: 'signing-in',
    title: 'Signing in',
    items: [
      {
        q: 'I forgot my password',
        a: 'There is no self-service password reset yet. Contact us from the email address you signed up with and the InternReel team at your school or district will help you get back in.',
      },
      {
        q: 'It says “Invalid email or password”',
        a: 'Check that you are on the right sign-in screen: students sign in at Student Sign In, employers at Employer Sign In. Passwords are case-sensitive.',
      },
      {
        q: 'It says I have tried too many times',
        a: 'To protect accounts we pause sign-in after several failed tries. Wait a few minutes and try again.',
      },
    ],
  },
  {
    id: 'students',
    title: 'For students',
    items: [
      {
        q: 'How do I apply?',
        a: 'Tap Apply Now on any internship in the feed or the browse list. Your profile is sent to the employer, and you can follow the status from your profile.',
      },
      {
        q: 'Who can see my profile?',
        a: 'Only employers you have applied to. There are no public student profiles.',
      },
      {
        q: 'What file types can I upload?',
        a: 'A profile photo as an image under 5MB, and a transcript as a PDF or image under 10MB.',
      },
    ],
  },
  {
    id: 'employers',
    title: 'For employers',
    items: [
      {
        q: 'What video can I upload?',
        a: 'A vertical video of 1 minute 30 seconds or less, in MP4, MOV or AVI, under 40MB. No video? Request an AI-generated one, ready within about 24 hours.',
      },
      {
        q: 'What roles can I offer to under-18s?',
        a: 'Safe, non-hazardous work with sensible hours. Our employer guide explains the rules in plain words.',
      },
    ],
  },
];

export function HelpPage() {
  return (
    <MarketingLayout
      title="Help Center"
      eyebrow="Help Center"
      heading="How can we help?"
      intro={<p>Answers to the questions we hear most. Can’t find yours? We reply to every message within 24 hours.</p>}
    >
      {groups.map((group) => (
        <ContentSection key={group.id} id={group.id} title={group.title}>
          <FaqAccordion items={group.items} idPrefix={`${group.id}-`} variant="section" />
        </ContentSection>
      ))}
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <LinkButton href={paths.contact} variant="gradient">
          Contact us
        </LinkButton>
        <LinkButton href={paths.employerGuide} variant="outline">
          Read the employer guide
        </LinkButton>
      </div>
      <p className="mt-6 text-sm text-slate-600">
        Looking to sign in? <TextLink href={paths.roleSelection}>Choose student or employer</TextLink>.
      </p>
    </MarketingLayout>
  );
}

export default HelpPage;
