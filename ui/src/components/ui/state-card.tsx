import type { LucideIcon } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from './card';

/**
 * A page's state instead of its content (sign in first, not found, could not load, nothing
 * yet): an optional icon, a heading, a line, and the way on (`children`, a button or two).
 */
export function StateCard({
  icon: Icon,
  iconClassName,
  title,
  text,
  children,
  ...props
}: {
  icon?: LucideIcon;
  /** The icon's colour. */
  iconClassName?: string;
  title: ReactNode;
  text?: ReactNode;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'className'>) {
  return (
    <Card className="mt-8 text-center" {...props}>
      {Icon ? <Icon aria-hidden className={cn('mx-auto h-10 w-10', iconClassName)} /> : null}
      <h2 className={cn('text-lg font-bold text-slate-900', Icon && 'mt-2')}>{title}</h2>
      {text ? <p className="mt-1 text-sm text-slate-600">{text}</p> : null}
      {children}
    </Card>
  );
}
