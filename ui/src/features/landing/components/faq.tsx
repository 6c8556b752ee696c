import { FaqAccordion, type FaqItem } from '@/components/ui/faq-accordion';

const questions: readonly FaqItem[] = [
  {
    q: 'Who can use InternReel?',
    a: 'High-school students aged 16 to 18 looking for internships, and employers who want to offer teen-appropriate roles. Students sign up free; employers create an account to post.',
  },
  {
    q: 'Is it free for students?',
    a: 'Yes. Creating a profile, watching videos, applying and messaging employers are always free for students.',
  },
  {
    q: 'How do the internship videos work?',
    a: 'Each internship comes with a short vertical video (90 seconds or less) made by the employer, or an AI-generated one ready within about 24 hours. Swipe through them in the feed like you would on any video app.',
  },
  {
    q: 'How are employers checked?',
    a: 'Employers sign up with a work email and company details, and every posting must follow the rules for employing 16-17 year olds: no hazardous duties, sensible hours and clear pay information.',
  },
  {
    q: 'Can employers see my profile before I apply?',
    a: 'No. Students are minors, so there are no public student profiles. An employer only sees your profile after you apply to one of their internships, and only they can message you about it.',
  },
  {
    q: 'What happens after I apply?',
    a: "You'll see the status in your profile as it moves from Under Review to Interview Requested, Offer Extended or Hired. Reviews typically take 2-3 weeks, and you can message the employer once you've applied.",
  },
];

export function Faq() {
  return <FaqAccordion items={questions} idPrefix="q" />;
}
