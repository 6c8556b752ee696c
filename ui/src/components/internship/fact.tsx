import type { LucideIcon } from 'lucide-react';

/** One labelled fact of a posting (salary, duration, deadline...), inside a `<dl>`. */
export function Fact({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-slate-50 p-3">
      <dt className="flex items-center gap-1.5 text-xs font-semibold text-slate-500">
        <Icon aria-hidden className="h-3.5 w-3.5" />
        {label}
      </dt>
      <dd className="mt-0.5 text-sm font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
