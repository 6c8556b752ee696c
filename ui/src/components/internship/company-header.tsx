import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { VerifiedBadge } from '@/components/safety/verified-badge';
import { cn } from '@/lib/cn';
import { initials } from '@/lib/format';
import type { Internship } from '@/types/internship';

interface CompanyHeaderProps {
  internship: Pick<Internship, 'company' | 'companyIcon' | 'location' | 'employerVerified'>;
  /** The heading lines above the location (the company's name, or the title and a company link). */
  children: ReactNode;
  /** Beside the text, on the right (the company page's Share). */
  action?: ReactNode;
  /** The company page's larger mark, centred beside the text. */
  large?: boolean;
}

/** The company's mark, the heading lines, the location and the verified badge, in a row. */
export function CompanyHeader({ internship, children, action, large = false }: CompanyHeaderProps) {
  // On a phone the action (Share) goes under the name when both do not fit on one line.
  return (
    <div className={cn('flex flex-wrap gap-3', large ? 'items-center' : 'items-start')}>
      <div className={cn('flex min-w-0 flex-[1_1_14rem] gap-3', large ? 'items-center' : 'items-start')}>
        <span
          aria-hidden
          className={cn(
            'flex shrink-0 items-center justify-center rounded-2xl bg-brand-gradient font-extrabold text-white',
            large ? 'h-14 w-14 text-lg' : 'h-12 w-12',
          )}
        >
          {internship.companyIcon || initials(internship.company)}
        </span>
        <div className="min-w-0 flex-1">
          {children}
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden className="h-3.5 w-3.5" />
            {internship.location}
          </p>
          {internship.employerVerified ? <VerifiedBadge className="mt-1" /> : null}
        </div>
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
