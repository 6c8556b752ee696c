import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One short fact of a posting beside its icon, in a row of them (location, duration, salary...). */
export function Meta({ icon: Icon, children, testId }: { icon: LucideIcon; children: ReactNode; testId?: string }) {
  return (
    <span className="inline-flex items-center gap-1" data-testid={testId}>
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {children}
    </span>
  );
}
