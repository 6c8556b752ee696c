import { formatNumber } from '@/lib/format';
import { i18n } from '@/lib/i18n/i18n';
import { ns } from '../i18n';

/** A job card shows the first 150 characters of the plain description. */
export const DESCRIPTION_PREVIEW = 150;

/** A whole amount in `currency` (USD when missing or unknown), in the UI's language. */
function currencyFormatter(currency: string | null | undefined): (amount: number) => string {
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency: currency || 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  };
  try {
    formatNumber(0, options);
  } catch {
    options.currency = 'USD';
  }
  return (amount) => formatNumber(amount, options);
}

/** The catalogue key of each pay interval's short suffix ('hour' → '/hour'). */
const INTERVAL_KEYS = {
  hour: 'salary.perHour',
  day: 'salary.perDay',
  week: 'salary.perWeek',
  month: 'salary.perMonth',
  year: 'salary.perYear',
  annual: 'salary.perYear',
} as const;

/** The pay interval's short suffix: 'hour' → '/hour'; unknown intervals add nothing. */
function intervalSuffix(interval: string | null | undefined): string {
  const i = (interval ?? '').trim().toLowerCase();
  return Object.hasOwn(INTERVAL_KEYS, i) ? i18n.t(INTERVAL_KEYS[i as keyof typeof INTERVAL_KEYS], { ns }) : '';
}

/** Whole-number currency: 'min - max', 'min+' or 'Up to max'; null when neither is known. */
export function formatSalary(
  min: number | null | undefined,
  max: number | null | undefined,
  currency?: string | null,
  interval?: string | null,
): string | null {
  const format = currencyFormatter(currency);
  const per = intervalSuffix(interval);
  const hasMin = typeof min === 'number' && Number.isFinite(min) && min > 0;
  const hasMax = typeof max === 'number' && Number.isFinite(max) && max > 0;
  if (hasMin && hasMax) return min === max ? `${format(min)}${per}` : `${format(min)} - ${format(max)}${per}`;
  if (hasMin) return `${format(min)}+${per}`;
  if (hasMax) return `${i18n.t('salary.upTo', { ns, max: format(max) })}${per}`;
  return null;
}

export function descriptionPreview(text: string | null | undefined): string {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  return plain.length > DESCRIPTION_PREVIEW ? `${plain.slice(0, DESCRIPTION_PREVIEW)}...` : plain;
}

/** The job boards' own names (brands: the same in every language). */
const SOURCE_LABELS: Record<string, string> = { greenhouse: 'Greenhouse', lever: 'Lever', ashby: 'Ashby' };

export function sourceLabel(source: string): string {
  return (
    SOURCE_LABELS[source.toLowerCase()] ?? (source ? source.charAt(0).toUpperCase() + source.slice(1) : i18n.t('source.other', { ns }))
  );
}

/** 'on-site' / 'OnSite' / 'onsite' → 'On-site'; 'remote' → 'Remote'. */
export function workplaceLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.toLowerCase().replace(/[^a-z]/g, '');
  if (v === 'unspecified') return null;
  if (v === 'onsite') return i18n.t('workplace.onSite', { ns });
  if (v === 'remote') return i18n.t('workplace.remote', { ns });
  if (v === 'hybrid') return i18n.t('workplace.hybrid', { ns });
  return value;
}
