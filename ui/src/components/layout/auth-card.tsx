import type { LucideIcon } from 'lucide-react';
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

/**
 * The heading block at the top of a sign-in or sign-up card: an optional mark, the title (an
 * h2; with `headingId` it can take focus) and a line under it; `children` follow the line.
 */
export function AuthHeading({
  icon: Icon,
  iconClassName = 'bg-brand-gradient text-white',
  large = false,
  title,
  text,
  headingId,
  children,
}: {
  icon?: LucideIcon;
  /** The mark's colours. */
  iconClassName?: string;
  /** The admin's larger mark. */
  large?: boolean;
  title: ReactNode;
  text: ReactNode;
  headingId?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 text-center">
      {Icon ? (
        <span className={cn('mx-auto mb-3 flex items-center justify-center rounded-2xl', large ? 'h-14 w-14' : 'h-12 w-12', iconClassName)}>
          <Icon aria-hidden className={large ? 'h-7 w-7' : 'h-6 w-6'} />
        </span>
      ) : null}
      <h2
        id={headingId}
        tabIndex={headingId ? -1 : undefined}
        className={cn('text-2xl font-extrabold tracking-tight text-slate-900', headingId && 'focus:outline-none')}
      >
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      {children}
    </div>
  );
}
