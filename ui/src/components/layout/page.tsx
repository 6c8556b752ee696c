import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A centred content column, mobile first. */
export function PageContainer({ children, className, wide = false }: { children: ReactNode; className?: string; wide?: boolean }) {
  return <div className={cn('mx-auto w-full px-4', wide ? 'max-w-5xl' : 'max-w-xl', className)}>{children}</div>;
}

export function PageShell({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('min-h-dvh bg-slate-50', className)}>{children}</div>;
}
