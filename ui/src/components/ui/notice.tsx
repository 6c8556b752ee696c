import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  info: 'border-sky-200 bg-sky-50 text-sky-950',
  warning: 'border-amber-200 bg-amber-50 text-amber-950',
  danger: 'border-rose-200 bg-rose-50 text-rose-950',
} as const;

/**
 * A banner across a page: an icon, a heading (the section's name, `headingId`) and what
 * follows it. The employer dashboard's e-mail confirmation and district review notices.
 */
export function Notice({
  headingId,
  heading,
  icon: Icon,
  tone,
  testId,
  children,
}: {
  headingId: string;
  heading: ReactNode;
  icon: LucideIcon;
  tone: keyof typeof tones;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} data-testid={testId} className={cn('flex gap-3 rounded-3xl border p-4', tones[tone])}>
      <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0 flex-1 text-sm">
        <h2 id={headingId} className="font-bold">
          {heading}
        </h2>
        {children}
      </div>
    </section>
  );
}
