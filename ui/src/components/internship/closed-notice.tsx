import { CalendarX } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';
import { internshipNs } from '@/lib/i18n/namespaces/internship';
import { closedText } from '@/lib/deadline';

const sizes = {
  /** Beside another button in a tight row (the feed card). */
  compact: 'min-h-11 px-3 text-xs',
  /** Where a small button would be (browse cards, the details dialog, match cards). */
  md: 'min-h-9 px-4 text-sm',
  /** Where a large button would be (company and internship pages). */
  lg: 'min-h-12 px-4 text-sm',
} as const;

/**
 * Stands where Apply would be once a posting's deadline has passed (lib/deadline.ts decides):
 * 'Applications closed on {date}', never a button.
 */
export function ClosedNotice({
  posting,
  tone = 'light',
  size = 'md',
  className,
}: {
  posting: { applicationDeadline?: string | null; deadline?: string | null };
  tone?: 'light' | 'dark';
  size?: keyof typeof sizes;
  className?: string;
}) {
  useTranslation(internshipNs); // re-render on a language switch (closedText reads the catalogue)
  return (
    <p
      data-testid="applications-closed"
      className={cn(
        'inline-flex items-center justify-center gap-1.5 rounded-full py-1.5 text-center font-semibold',
        sizes[size],
        tone === 'dark' ? 'bg-white/15 text-white backdrop-blur-sm' : 'bg-slate-100 text-slate-700',
        className,
      )}
    >
      <CalendarX aria-hidden className="h-4 w-4 shrink-0" />
      {closedText(posting)}
    </p>
  );
}
