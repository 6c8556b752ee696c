import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ClosedNotice } from '@/components/internship/closed-notice';
import { buttonClasses, type ButtonSize } from '@/components/ui/button';
import { isClosed } from '@/lib/deadline';
import { useApply } from '@/lib/internships';
import type { Internship } from '@/types/internship';
import { ns } from '../i18n';

/**
 * Apply / disabled 'Applied' / 'Applying...' (a real POST /api/applications); past the
 * deadline, 'Applications closed on {date}' instead of a button.
 */
export function ApplyButton({
  internship,
  label: givenLabel,
  className,
  size = 'md',
}: {
  internship: Internship;
  label?: string;
  className?: string;
  size?: ButtonSize;
}) {
  const { t } = useTranslation(ns);
  const label = givenLabel ?? t('apply.apply');
  const apply = useApply();
  if (internship.hasApplied) {
    return (
      <button
        type="button"
        disabled
        data-testid="apply"
        className={buttonClasses('secondary', size, `bg-slate-200 text-slate-600 disabled:opacity-100 ${className ?? ''}`)}
      >
        <CheckCircle2 aria-hidden className="h-4 w-4" />
        {t('apply.applied')}
      </button>
    );
  }
  if (isClosed(internship)) return <ClosedNotice posting={internship} size={size === 'lg' ? 'lg' : 'md'} className={className} />;
  return (
    <button
      type="button"
      data-testid="apply"
      disabled={apply.isPending}
      aria-label={t('apply.buttonLabel', { label, title: internship.title, company: internship.company })}
      onClick={() => apply.mutate(internship)}
      className={buttonClasses('primary', size, className)}
    >
      {apply.isPending ? t('apply.applying') : label}
    </button>
  );
}
