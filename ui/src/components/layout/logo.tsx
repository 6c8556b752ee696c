import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span aria-hidden className={cn('inline-flex h-8 w-8 items-center justify-center rounded-xl bg-brand-gradient', className)}>
      <svg viewBox="0 0 24 24" className="h-4 w-4 translate-x-[1px] fill-white">
        <path d="M8 5v14l11-7z" />
      </svg>
    </span>
  );
}

/** The brand: mark plus word, linking home. */
export function Logo({ className, light = false }: { className?: string; light?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link href="/" aria-label={t('logo.home')} className={cn('inline-flex items-center gap-2 rounded-lg', className)}>
      <LogoMark />
      <span className={cn('text-lg font-extrabold tracking-tight', light ? 'text-white' : 'text-slate-900')}>
        Intern<span className={light ? 'text-accent-400' : 'text-brand-gradient'}>Reel</span>
      </span>
    </Link>
  );
}
