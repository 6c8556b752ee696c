import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { tCommon } from '@/lib/i18n/i18n';
import { Card } from './card';
import { RetryButton } from './retry-button';
import { SpinnerBlock } from './spinner';

/**
 * A section of a profile screen: its heading (an h2 with an icon, naming the section) and
 * what follows; `action` stands at the heading's right.
 */
export function Section({
  headingId,
  icon: Icon,
  title,
  action,
  className = 'mt-8',
  children,
}: {
  headingId: string;
  icon: LucideIcon;
  title: ReactNode;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={headingId} className={cn('flex items-center gap-2 text-lg font-bold text-slate-900', !action && 'mb-3')}>
      <Icon aria-hidden className="h-5 w-5 text-brand-600" />
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={headingId} className={className}>
      {action ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/**
 * A loaded list's states: a spinner while loading; the error in a card ('Could not load
 * {errorText}: {message}'; with `onRetry`, a Try again under it, else the card is an alert);
 * `empty` when there is nothing (a string is shown in a plain centred card); else the list
 * (`children`).
 */
export function ListStates({
  query,
  loadingLabel,
  loadingClassName,
  errorText,
  onRetry,
  isEmpty = false,
  empty = null,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: Error | null };
  loadingLabel: string;
  loadingClassName?: string;
  errorText: string;
  onRetry?: () => void;
  isEmpty?: boolean;
  empty?: ReactNode;
  children: ReactNode;
}) {
  if (query.isLoading) return <SpinnerBlock label={loadingLabel} className={loadingClassName} />;
  if (query.isError) {
    const message = tCommon('section.loadFailed', { what: errorText, error: query.error?.message ?? '' });
    return onRetry ? (
      <Card>
        <p className="text-sm text-rose-700">{message}</p>
        <RetryButton onRetry={onRetry} />
      </Card>
    ) : (
      <Card role="alert" className="text-sm text-rose-700">
        {message}
      </Card>
    );
  }
  if (!isEmpty) return children;
  return typeof empty === 'string' ? <Card className="text-center text-sm text-slate-600">{empty}</Card> : empty;
}
