import { AlertTriangle, ChevronRight } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { ScreenedFieldKey } from '@/types/safety';
import type { ScreenedField } from '../api/safety';
import { ns, tAdmin } from '../i18n';
import { Highlighted, MarkedText, termPattern } from './highlight';

/** The screened texts' names as the server gives them (the posting form's English labels), each with its key in `reports.fields`. */
const FIELD_LABELS: ReadonlyMap<string, ScreenedFieldKey> = new Map([
  ['Title', 'title'],
  ['Description', 'description'],
  ['Requirements', 'requirements'],
  ['Skills', 'skills'],
  ['Benefits', 'benefits'],
  ['Tags', 'tags'],
  ['Location', 'location'],
  ['Duration', 'duration'],
  ['Pay', 'pay'],
  ['Work style', 'workStyle'],
  ['Age requirement', 'ageRequirement'],
  ['Grade requirement', 'gradeRequirement'],
  ['Captions', 'captions'],
] as const);

const FIELD_KEYS: ReadonlySet<string> = new Set(FIELD_LABELS.values());

/** A screened text's name in the UI's language ('Benefits'); one this UI does not know as the server named it. */
function fieldLabel(field: ScreenedField): string {
  const key = field.field !== undefined && FIELD_KEYS.has(field.field) ? (field.field as ScreenedFieldKey) : FIELD_LABELS.get(field.label);
  return key ? tAdmin(`reports.fields.${key}`) : field.label;
}

/** Longer texts scroll in a box of their own (focusable, so the keyboard scrolls it too). */
const LONG_TEXT = 600;

/**
 * One text the hazardous-duties screen read: open, with a badge of its terms and the matching
 * words marked, when the screen found something there; otherwise collapsed and quieter, one
 * click (or Enter) away.
 */
function ScreenedFieldItem({ field }: { field: ScreenedField }) {
  const { t } = useTranslation(ns);
  const matched = field.terms.length > 0;
  // The server's marks say exactly where; an older server's answer is marked by a pattern.
  const pattern = useMemo(() => (field.marks ? null : termPattern(field.terms)), [field.marks, field.terms]);
  const long = field.text.length > LONG_TEXT;
  const label = fieldLabel(field);
  return (
    <li data-testid="screened-field" data-field={field.label} data-matched={matched ? 'true' : 'false'}>
      <details
        open={matched}
        className={cn('group rounded-2xl border', matched ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-slate-50')}
      >
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2 rounded-2xl px-3 py-2 text-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
          <ChevronRight aria-hidden className="h-4 w-4 shrink-0 text-slate-600 transition-transform group-open:rotate-90" />
          <span className={cn('font-semibold', matched ? 'text-slate-900' : 'text-slate-700')}>{label}</span>
          {matched ? (
            <Badge tone="warning" data-testid="field-terms" className="whitespace-normal">
              <AlertTriangle aria-hidden className="h-3.5 w-3.5 shrink-0" />
              {t('reports.matches', { terms: field.terms.join(', ') })}
            </Badge>
          ) : (
            <span className="text-xs text-slate-600">{t('reports.noTerms')}</span>
          )}
        </summary>
        <div
          data-testid="field-text"
          className={cn(
            'mx-3 mb-3 whitespace-pre-line rounded-xl bg-white p-3 text-sm [overflow-wrap:anywhere]',
            matched ? 'text-slate-900' : 'text-slate-700',
            long && 'max-h-64 overflow-y-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600',
          )}
          {...(long ? { tabIndex: 0, role: 'group', 'aria-label': t('reports.scrolls', { label }) } : {})}
        >
          {field.marks ? <MarkedText text={field.text} marks={field.marks} /> : <Highlighted text={field.text} pattern={pattern} />}
        </div>
      </details>
    </li>
  );
}

/**
 * A posting's texts as the screen read them, in the screen's order (a group, not a landmark: every
 * posting report has one).
 */
export function ScreenedFields({ fields }: { fields: ScreenedField[] }) {
  const { t } = useTranslation(ns);
  const headingId = useId();
  const matched = fields.filter((f) => f.terms.length > 0).length;
  return (
    <div role="group" aria-labelledby={headingId} className="space-y-2" data-testid="screened-fields">
      <h4 id={headingId} className="text-sm font-bold text-slate-900">
        {t('reports.screenHeading')}
      </h4>
      <p className="text-xs text-slate-600">{t('reports.screenSummary', { count: fields.length, matched })}</p>
      <ul className="space-y-2">
        {fields.map((f) => (
          <ScreenedFieldItem key={f.label} field={f} />
        ))}
      </ul>
    </div>
  );
}
