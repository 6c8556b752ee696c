import { Toast } from 'radix-ui';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD, useToastStore, type ToastVariant } from '@/stores/toast-store';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-rose-300 bg-rose-700 text-white',
};

function VariantIcon({ variant }: { variant: ToastVariant }) {
  if (variant === 'success') return <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-emerald-500" />;
  if (variant === 'destructive') return <XCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-white" />;
  return <Info aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />;
}

/**
 * The toast region: one toast at a time, 5000 ms, swipe right past
 * 50 px to dismiss, F8 moves focus to the region. On phones it sits at the top of the screen,
 * clear of the bottom sheets' buttons (the post and review dialogs); from 640 px on, at the
 * bottom right, beside the centred dialogs.
 */
export function Toaster() {
  const { t: tr } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const remove = useToastStore((s) => s.remove);

  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) {
              dismiss(t.id);
              window.setTimeout(() => remove(t.id), 200);
            }
          }}
          data-variant={t.variant}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-xl',
            'data-[state=open]:animate-toast-in-top data-[state=closed]:animate-toast-out sm:data-[state=open]:animate-toast-in',
            variantClasses[t.variant],
          )}
        >
          <VariantIcon variant={t.variant} />
          <div className="min-w-0 flex-1">
            {t.title ? <Toast.Title className="text-sm font-bold">{t.title}</Toast.Title> : null}
            {t.description ? (
              <Toast.Description className={cn('mt-0.5 text-sm', t.variant === 'destructive' ? 'text-rose-50' : 'text-slate-600')}>
                {t.description}
              </Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label={tr('toast.close')}
            className={cn(
              'absolute right-2 top-2 rounded-full p-1.5',
              t.variant === 'destructive' ? 'text-rose-100 hover:bg-rose-600' : 'text-slate-500 hover:bg-slate-100',
            )}
          >
            <X aria-hidden className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        label={tr('toast.region')}
        data-testid="toast-viewport"
        className="toast-viewport pointer-events-none fixed inset-x-0 top-[calc(3.5rem+env(safe-area-inset-top))] z-[100] mx-auto flex max-h-screen w-full max-w-md flex-col gap-2 p-3 sm:inset-x-auto sm:top-auto sm:bottom-0 sm:right-0 sm:p-4 sm:pb-[max(1rem,env(safe-area-inset-bottom))]"
      />
    </Toast.Provider>
  );
}
