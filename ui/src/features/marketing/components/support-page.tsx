import { BookOpen, Flag, HelpCircle, Mail, MessageSquare, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { ContentSection, MarketingLayout } from './marketing-layout';

const SUPPORT_EMAIL = 'support@internreel.com';

const options: Array<{ icon: LucideIcon; title: string; text: string; href: string; cta: string }> = [
  {
    icon: HelpCircle,
    title: 'Help Center',
    text: 'Quick answers about accounts, applying and posting.',
    href: paths.help,
    cta: 'Browse answers',
  },
  {
    icon: MessageSquare,
    title: 'Send us a message',
    text: 'Use the contact form. We reply within 24 hours.',
    href: paths.contact,
    cta: 'Contact us',
  },
  {
    icon: BookOpen,
    title: 'Employer guide',
    text: 'Hours, hazardous work, permits and pay for teens.',
    href: paths.employerGuide,
    cta: 'Read the guide',
  },
];

export function SupportPage() {
  return (
    <MarketingLayout
      title="Support"
      eyebrow="Support"
      heading="We're here to help"
      intro={<p>Students, parents, teachers and employers: reach the InternReel team the way that suits you.</p>}
    >
      <div className="mt-8 grid gap-4 sm:grid-cols-3">
        {options.map((o) => (
          <Link
            key={o.title}
            href={o.href}
            className="flex flex-col rounded-3xl border border-slate-200 p-5 transition hover:border-brand-300 hover:shadow-sm"
          >
            <o.icon aria-hidden className="h-7 w-7 text-brand-600" />
            <span className="mt-3 font-bold text-slate-900">{o.title}</span>
            <span className="mt-1 flex-1 text-sm text-slate-600">{o.text}</span>
            <span className="mt-3 text-sm font-semibold text-brand-700">{o.cta} →</span>
          </Link>
        ))}
      </div>

      <ContentSection id="email" title="E-mail">
        <p className="flex items-center gap-2">
          <Mail aria-hidden className="h-5 w-5 text-brand-600" />
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-700 hover:underline">
            {SUPPORT_EMAIL}
          </a>
        </p>
      </ContentSection>

      <ContentSection id="safety" title="Report a safety concern">
        <div className="flex gap-3 rounded-2xl bg-rose-50 p-4 text-rose-950">
          <Flag aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-rose-600" />
          <p className="text-sm">
            If a posting, comment or message makes you uncomfortable, or an employer asks for something unsafe or off-platform, tell us
            right away through the contact form with the subject “Safety”. We review safety reports first. If someone is in immediate
            danger, call 911.
          </p>
        </div>
      </ContentSection>

      <ContentSection id="community" title="Community guidelines">
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Be kind and professional in comments and messages.</li>
          <li>Never share home addresses, phone numbers or social handles in public comments.</li>
          <li>Employers talk to students only about the internship they applied for.</li>
          <li>Keep videos honest: show the real workplace and the real work.</li>
        </ul>
      </ContentSection>
    </MarketingLayout>
  );
}

export default SupportPage;
