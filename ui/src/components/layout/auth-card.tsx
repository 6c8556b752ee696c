import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The white form card used by the sign-up and sign-in screens. */
export function AuthCard({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('rounded-3xl border border-slate-200/80 bg-white p-5 shadow-sm sm:p-8', className)}>{children}</div>;
}

export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="space-y-4">
      <div>
        <h2 className="text-base font-bold text-slate-900">{title}</h2>
        {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
