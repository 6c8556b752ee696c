import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';
import { useReturnFocus } from './use-return-focus';

/** The dimmed, slightly blurred page behind every dialog (and the confirm dialog). */
export const overlayClasses = 'fixed inset-0 z-50 bg-slate-950/55 backdrop-blur-[2px]';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title; visually hidden when `hideDescription`. */
  description?: ReactNode;
  hideDescription?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** Bottom sheet on phones, centred card on wider screens (the default). */
  variant?: 'sheet' | 'center';
  /** Extra content next to the title (left of the close button). */
  headerExtra?: ReactNode;
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** Classes of the scrolling body (padding and overflow by default). */
  bodyClassName?: string;
  /**
   * For bodies that may scroll with no control inside (text only): the body becomes a named,
   * focusable region, so keyboard users can scroll it (axe: scrollable-region-focusable).
   */
  bodyLabel?: string;
}

/**
 * An accessible modal dialog (Radix): traps focus, closes on Escape and on the overlay,
 * returns focus to the control that opened it (even when opened from state, not a Radix
 * Trigger). A bottom sheet on phones.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  hideDescription,
  children,
  footer,
  className,
  variant = 'sheet',
  headerExtra,
  onOpenAutoFocus,
  onCloseAutoFocus,
  bodyClassName,
  bodyLabel,
}: DialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(open, onCloseAutoFocus);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        <RadixDialog.Content
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={returnFocus}
          className={cn(
            'fixed z-50 flex max-h-[88dvh] w-full flex-col bg-white text-slate-900 shadow-2xl outline-none',
            variant === 'sheet'
              ? 'inset-x-0 bottom-0 rounded-t-3xl sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl'
              : 'left-1/2 top-1/2 max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-3xl sm:max-w-lg',
            className,
          )}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 pb-3 pt-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-bold leading-tight text-slate-900">{title}</RadixDialog.Title>
              {description !== undefined ? (
                <RadixDialog.Description className={hideDescription ? 'sr-only' : 'mt-0.5 text-sm text-slate-500'}>
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <div className="flex shrink-0 items-center gap-1">
              {headerExtra}
              <RadixDialog.Close
                aria-label={t('actions.close')}
                className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                <X aria-hidden className="h-5 w-5" />
              </RadixDialog.Close>
            </div>
          </div>
          <div
            className={cn('min-h-0 flex-1', bodyClassName ?? 'overflow-y-auto px-5 py-4')}
            {...(bodyLabel ? { role: 'region', 'aria-label': bodyLabel, tabIndex: 0 } : {})}
          >
            {children}
          </div>
          {footer ? <div className="border-t border-slate-100 px-5 py-3">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
