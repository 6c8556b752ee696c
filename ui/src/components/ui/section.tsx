import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from './card';
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
        <div className="mb-3 flex items-center justify-between gap-2">
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
 * A loaded list's states: a spinner while loading, the error in an alert card, `empty` when
 * there is nothing, else the list (`children`).
 */
export function ListStates({
  query,
  loadingLabel,
  errorText,
  isEmpty,
  empty,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: Error | null };
  loadingLabel: string;
  /** What could not be loaded: 'Could not load {errorText}: {message}'. */
  errorText: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isLoading) return <SpinnerBlock label={loadingLabel} />;
  if (query.isError) {
    return (
      <Card role="alert" className="text-sm text-rose-700">
        Could not load {errorText}: {query.error?.message}
      </Card>
    );
  }
  return isEmpty ? empty : children;
}
