/** SPEC.md section 9: job description preview length. */
export const DESCRIPTION_PREVIEW = 150;

function currencyFormatter(currency: string | null | undefined): Intl.NumberFormat {
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency: currency || 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  };
  try {
    return new Intl.NumberFormat('en-US', options);
  } catch {
    return new Intl.NumberFormat('en-US', { ...options, currency: 'USD' });
  }
}

/** Whole-number en-US currency: 'min - max', 'min+' or 'Up to max'; null when neither is known. */
/** The pay interval's short suffix: 'hour' → '/hour'; unknown intervals add nothing. */
function intervalSuffix(interval: string | null | undefined): string {
  const i = (interval ?? '').trim().toLowerCase();
  const known: Record<string, string> = { hour: '/hour', day: '/day', week: '/week', month: '/month', year: '/year', annual: '/year' };
  return known[i] ?? '';
}

export function formatSalary(
  min: number | null | undefined,
  max: number | null | undefined,
  currency?: string | null,
  interval?: string | null,
): string | null {
  const f = currencyFormatter(currency);
  const per = intervalSuffix(interval);
  const hasMin = typeof min === 'number' && Number.isFinite(min) && min > 0;
  const hasMax = typeof max === 'number' && Number.isFinite(max) && max > 0;
  if (hasMin && hasMax) return min === max ? `${f.format(min)}${per}` : `${f.format(min)} - ${f.format(max)}${per}`;
  if (hasMin) return `${f.format(min)}+${per}`;
  if (hasMax) return `Up to ${f.format(max)}${per}`;
  return null;
}

export function descriptionPreview(text: string | null | undefined): string {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  return plain.length > DESCRIPTION_PREVIEW ? `${plain.slice(0, DESCRIPTION_PREVIEW)}...` : plain;
}

const SOURCE_LABELS: Record<string, string> = { greenhouse: 'Greenhouse', lever: 'Lever', ashby: 'Ashby' };

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source.toLowerCase()] ?? (source ? source.charAt(0).toUpperCase() + source.slice(1) : 'Other');
}

/** 'on-site' / 'OnSite' / 'onsite' → 'On-site'; 'remote' → 'Remote'. */
export function workplaceLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.toLowerCase().replace(/[^a-z]/g, '');
  if (v === 'unspecified') return null;
  if (v === 'onsite') return 'On-site';
  if (v === 'remote') return 'Remote';
  if (v === 'hybrid') return 'Hybrid';
  return value;
}
