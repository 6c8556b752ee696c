import { CheckCircle2 } from 'lucide-react';
import { buttonClasses, type ButtonSize } from '@/components/ui/button';
import { useApply } from '@/lib/internships';
import type { Internship } from '@/types/internship';

/** Apply / disabled 'Applied' / 'Applying...' (a real POST /api/applications). */
export function ApplyButton({
  internship,
  label = 'Apply',
  className,
  size = 'md',
}: {
  internship: Internship;
  label?: string;
  className?: string;
  size?: ButtonSize;
}) {
  const apply = useApply();
  if (internship.hasApplied) {
    return (
      <button type="button" disabled data-testid="apply" className={buttonClasses('secondary', size, `bg-slate-200 text-slate-600 disabled:opacity-100 ${className ?? ''}`)}>
        <CheckCircle2 aria-hidden className="h-4 w-4" />
        Applied
      </button>
    );
  }
  return (
    <button
      type="button"
      data-testid="apply"
      disabled={apply.isPending}
      aria-label={`${label}: ${internship.title} at ${internship.company}`}
      onClick={() => apply.mutate(internship)}
      className={buttonClasses('primary', size, className)}
    >
      {apply.isPending ? 'Applying...' : label}
    </button>
  );
}
