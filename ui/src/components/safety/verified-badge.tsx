import { BadgeCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';
import { useDistrict } from '@/lib/district';
import { safetyNs } from '@/lib/i18n/namespaces/safety';

/**
 * "Verified by {district}": shown on postings whose employer the district verified. The text
 * carries the meaning (the check icon is decorative). `tone="dark"` sits on the feed's video.
 */
export function VerifiedBadge({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  const { t } = useTranslation(safetyNs);
  const { name } = useDistrict();
  if (!name) return null;
  return (
    <span
      data-testid="verified-badge"
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        tone === 'dark' ? 'bg-black/45 text-white backdrop-blur-sm' : 'border border-emerald-200 bg-emerald-50 text-emerald-800',
        className,
      )}
    >
      <BadgeCheck aria-hidden className="h-3.5 w-3.5 shrink-0" />
      <span className="min-w-0 whitespace-normal">{t('verifiedBy', { name })}</span>
    </span>
  );
}
