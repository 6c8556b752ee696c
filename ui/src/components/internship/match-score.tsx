import { Sparkles } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';
import { internshipNs, tInternship } from '@/lib/i18n/namespaces/internship';

/** A match score's colour: 90+ green, 80+ yellow, otherwise blue. The number is always shown. */
export function matchTone(score: number): string {
  if (score >= 90) return 'bg-emerald-100 text-emerald-800 ring-emerald-300';
  if (score >= 80) return 'bg-amber-100 text-amber-900 ring-amber-300';
  return 'bg-sky-100 text-sky-800 ring-sky-300';
}

export function matchWord(score: number): string {
  if (score >= 90) return tInternship('match.excellent');
  if (score >= 80) return tInternship('match.great');
  return tInternship('match.good');
}

export function MatchScoreBadge({ score, className, size = 'md' }: { score: number; className?: string; size?: 'md' | 'lg' }) {
  const { t } = useTranslation(internshipNs);
  const rounded = Math.round(score);
  return (
    <span
      data-testid="match-score"
      title={matchWord(rounded)}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full font-bold ring-1',
        size === 'lg' ? 'px-3.5 py-1.5 text-base' : 'px-2.5 py-1 text-xs',
        matchTone(rounded),
        className,
      )}
    >
      <Sparkles aria-hidden className={size === 'lg' ? 'h-4 w-4' : 'h-3.5 w-3.5'} />
      {t('match.badge', { score: rounded })}
    </span>
  );
}
