import { AlertTriangle, Ban, Clock, DollarSign, FileCheck2, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { MarkList } from '@/components/ui/mark-list';
import { paths } from '@/config/paths';
import { TextLink } from '@/components/ui/text-link';
import { ContentSection, MarketingLayout } from './marketing-layout';

const hazardous = [
  'Anything with explosives or fireworks',
  'Driving a motor vehicle, or riding outside one as a helper',
  'Mining, logging and sawmill work',
  'Power-driven woodworking machines, power saws and wood chippers',
  'Work with radioactive substances or radiation',
  'Forklifts, power hoists and other power-driven lifting equipment',
  'Metal-forming, punching and shearing machines',
  'Meat processing, meat slicers and bakery machines',
  'Balers, compactors and paper-products machines',
  'Making bricks, tiles and similar products',
  'Wrecking, demolition and ship-breaking',
  'Roofing and any work on or near a roof',
  'Trenching and excavation',
];

const primaryBeneficiary = [
  'Both sides understand there is no expectation of pay.',
  'The training is like what a school or classroom would give.',
  'It is tied to the student’s education, for example for school credit.',
  'It fits around the school calendar.',
  'It lasts only as long as the learning is useful.',
  'The intern complements your paid staff rather than replacing them.',
  'There is no promise of a paid job at the end.',
];

function Callout({
  icon: Icon,
  title,
  children,
  tone = 'brand',
}: {
  icon: typeof Clock;
  title: string;
  children: ReactNode;
  tone?: 'brand' | 'warn';
}) {
  return (
    <div className={'flex gap-3 rounded-2xl p-4 ' + (tone === 'warn' ? 'bg-amber-50 text-amber-950' : 'bg-brand-50 text-brand-950')}>
      <Icon aria-hidden className={'mt-0.5 h-5 w-5 shrink-0 ' + (tone === 'warn' ? 'text-amber-600' : 'text-brand-600')} />
      <div>
        <p className="font-bold">{title}</p>
        <div className="mt-1 text-sm">{children}</div>
      </div>
    </div>
  );
}

/** A section's text beside its icon. */
function IconBlock({
  icon: Icon,
  iconClassName,
  className,
  children,
}: {
  icon: typeof Clock;
  iconClassName: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <Icon aria-hidden className={'mt-1 h-5 w-5 shrink-0 ' + iconClassName} />
      <div className={className}>{children}</div>
    </div>
  );
}

/** The legal guidance of TEEN-EMPLOYMENT.md, in plain words. */
export function EmployerGuidePage() {
  return (
    <MarketingLayout
      title="Employer Guide"
      eyebrow="Employer guide"
      heading="Hiring 16-17 year olds: the rules in plain words"
      intro={
        <p>
          Most of our students are under 18, so a few extra rules apply. This guide sums up the US federal rules from the Department of
          Labor. Federal law is the floor: where your state’s law is stricter, the stricter rule applies.
        </p>
      }
    >
      <div className="mt-6 grid gap-3">
        <Callout icon={ShieldCheck} title="The short version">
          Keep the work safe (nothing on the hazardous list), keep the hours reasonable around school, check whether your state needs a work
          permit, and pay your intern unless the internship really is training for the student’s benefit.
        </Callout>
      </div>

      <ContentSection id="hours" title="Hours">
        <IconBlock icon={Clock} iconClassName="text-brand-600" className="space-y-2">
          <p>
            For 16 and 17 year olds there is <strong>no federal limit</strong> on how many hours they work in safe, non-hazardous jobs. But{' '}
            <strong>many states limit hours and times of day on school days</strong>, so check your state’s rules before setting a schedule.
          </p>
          <p className="text-sm text-slate-600">
            For comparison, 14 and 15 year olds may work at most 3 hours on a school day and 18 hours in a school week (8 hours on a
            non-school day, 40 in a non-school week), only between 7am and 7pm (9pm from June 1 to Labor Day).
          </p>
          <p>When you post, say how many hours a week and at what times of day the intern will work.</p>
        </IconBlock>
      </ContentSection>

      <ContentSection id="hazardous" title="Hazardous work is off-limits under 18">
        <IconBlock icon={Ban} iconClassName="text-rose-600">
          <p>Federal Hazardous Occupations Orders forbid anyone under 18 from doing these kinds of work, whatever the hours or pay:</p>
          <MarkList items={hazardous} mark="✕" markClassName="text-rose-500" className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2" />
          <p className="mt-3 text-sm text-slate-600">
            A few of these have narrow exemptions for registered apprentices and student-learners. If you are unsure, leave the duty out: a
            posting for students under 18 must not include any of these duties.
          </p>
        </IconBlock>
      </ContentSection>

      <ContentSection id="permits" title="Work permits (“working papers”)">
        <IconBlock icon={FileCheck2} iconClassName="text-brand-600" className="space-y-2">
          <p>
            Federal law does not require a work permit. <strong>Many states do</strong> for anyone under 18: the student usually gets one
            from their school or the state labor department (California and New York are two examples). Some states issue none.
          </p>
          <p>Put your state in the posting’s location so students can check which rule applies to them.</p>
        </IconBlock>
      </ContentSection>

      <ContentSection id="pay" title="Paid and unpaid internships">
        <IconBlock icon={DollarSign} iconClassName="text-emerald-600" className="space-y-3">
          <p>
            <strong>Paid internships:</strong> you may pay a youth minimum wage of $4.25 an hour for the first 90 days to workers under 20,
            unless your state or city sets a higher minimum, in which case the higher one applies.
          </p>
          <p>
            <strong>Unpaid internships</strong> at a for-profit business are only allowed when the student is the “primary beneficiary” of
            the arrangement. The Department of Labor looks at all of these together:
          </p>
          <MarkList items={primaryBeneficiary} markClassName="text-emerald-600" className="space-y-1.5 text-sm" />
          <p>If you post an unpaid role, make sure it meets this test and say clearly in the posting that it is unpaid.</p>
        </IconBlock>
      </ContentSection>

      <ContentSection id="safety" title="Keeping students safe on InternReel">
        <p>
          Students are minors, so there are no public student profiles and no precise locations. You only see students who applied to your
          postings, and you can only message your own applicants. Comments are moderated, and every posting shows this guidance to students
          and parents.
        </p>
        <Callout icon={AlertTriangle} title="This is guidance, not legal advice" tone="warn">
          Rules change and differ by state. When in doubt, check your state labor department or ask a lawyer.
        </Callout>
      </ContentSection>

      <p className="mt-10 text-sm text-slate-600">
        Questions? <TextLink href={paths.support}>Visit support</TextLink> or{' '}
        <TextLink href={paths.employerDashboard}>go to your dashboard</TextLink>.
      </p>
    </MarketingLayout>
  );
}

export default EmployerGuidePage;
