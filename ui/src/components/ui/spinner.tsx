import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span aria-hidden className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent opacity-80" />
      <span className="sr-only">{label ?? t('loading.default')}</span>
    </span>
  );
}

/** A centred spinner standing in for a list or a section while it loads (`className` sets its padding). */
export function SpinnerBlock({ label, className = 'py-6' }: { label: string; className?: string }) {
  return (
    <div className={cn('flex justify-center text-brand-600', className)}>
      <Spinner label={label} />
    </div>
  );
}

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60dvh] items-center justify-center text-brand-600">
      <Spinner label={t('loading.page')} />
    </div>
  );
}
