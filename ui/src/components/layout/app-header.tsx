import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LanguageSelect } from '@/components/ui/language-select';
import { cn } from '@/lib/cn';
import { AuthControls } from './auth-controls';
import { Logo } from './logo';

interface AppHeaderProps {
  /** A back link shown at the left instead of the logo. */
  back?: { href: string; label: string };
  /** A title shown next to the back link. */
  title?: string;
  /** Right-hand content; the auth controls by default. */
  right?: ReactNode;
  /** How wide the bar's content runs: the page's width ('xl' on the student's single-column screens). */
  width?: 'xl' | '5xl';
  /** 'page': the student screens' bar, below their own overlays and a little more opaque. */
  layer?: 'top' | 'page';
}

const layers = { top: 'z-40 bg-white/85', page: 'z-30 bg-white/90' } as const;
const widths = { xl: 'max-w-xl', '5xl': 'max-w-5xl' } as const;

/** The sticky top bar used by every screen. */
export function AppHeader({ back, title, right, width = '5xl', layer = 'top' }: AppHeaderProps) {
  return (
    <header className={cn('sticky top-0 border-b border-slate-200/70 backdrop-blur-md', layers[layer])}>
      <div className={cn('mx-auto flex min-h-16 items-center justify-between gap-3 px-4 py-2', widths[width])}>
        <div className="flex min-w-0 items-center gap-2">
          {back ? (
            <Link
              href={back.href}
              aria-label={back.label}
              className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <ArrowLeft aria-hidden className="h-5 w-5" />
            </Link>
          ) : null}
          {title ? (
            <h1 className="line-clamp-2 min-w-0 break-words text-base font-bold leading-tight text-slate-900 sm:text-lg">{title}</h1>
          ) : (
            <Logo />
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          <LanguageSelect />
          {right === undefined ? <AuthControls /> : right}
        </div>
      </div>
    </header>
  );
}
