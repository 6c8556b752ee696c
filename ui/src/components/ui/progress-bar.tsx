import { Progress } from 'radix-ui';
import { cn } from '@/lib/cn';

interface ProgressBarProps {
  /** 0-100. */
  value: number;
  label: string;
  className?: string;
}

/** A labelled progress bar with its percentage written out (Radix Progress: role="progressbar"). */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={cn('w-full', className)}>
      <div className="mb-1 flex items-center justify-between text-xs font-semibold text-slate-700">
        <span>{label}</span>
        <span data-testid="progress-percent">{pct}%</span>
      </div>
      <Progress.Root value={pct} max={100} aria-label={label} className="relative h-2.5 w-full overflow-hidden rounded-full bg-slate-200">
        <Progress.Indicator
          className="h-full rounded-full bg-brand-gradient transition-[width] duration-200"
          style={{ width: `${pct}%` }}
        />
      </Progress.Root>
    </div>
  );
}
