import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Why a form (or a sign-in) was refused, above its button: an alert, read out as it appears. */
export function FormAlert({ children, testId, className }: { children: ReactNode; testId?: string; className?: string }) {
  return (
    <p
      role="alert"
      data-testid={testId}
      className={cn('rounded-2xl border border-rose-200 bg-rose-50 p-3 text-sm font-medium text-rose-800', className)}
    >
      {children}
    </p>
  );
}
