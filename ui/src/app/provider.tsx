import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '@/lib/boot';
import { isGuestSession, useGuestInviteStore } from '@/lib/guest';
import { usePushOfferStore } from '@/lib/notifications/push';
import { queryClient } from '@/lib/query-client';
import { useToastStore } from '@/stores/toast-store';

// The toast region and the guest's invitation are not part of the first screen (issue #35: they
// brought Radix's dialog, toast and focus code into the entry): they load once the page has
// painted and the browser is idle, or at once when a toast or the invitation is asked for first.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));
const PushOfferDialog = lazy(() => import('@/components/notifications/push-offer-dialog').then((m) => ({ default: m.PushOfferDialog })));
const GuestInviteDialog = lazy(() => import('@/components/guest/guest-invite-dialog').then((m) => ({ default: m.GuestInviteDialog })));

/** Calls `run` after the page's load event, when the browser is next idle. */
function afterLoad(run: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    cancel = whenIdle(run, 2000, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancel();
  };
}

/**
 * Mounts `children` once the page has loaded and the browser is idle, or at once when `asked`;
 * once there, they stay (a toast that closed before the idle time must not unmount its region).
 */
function WhenIdleOrAsked({ asked, idleToo = true, children }: { asked: boolean; idleToo?: boolean; children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idleToo ? afterLoad(() => setIdle(true)) : undefined), [idleToo]);
  const [mounted, setMounted] = useState(false);
  if ((idle || asked) && !mounted) setMounted(true);
  if (!mounted && !idle && !asked) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * The toast region after the first paint, and the guest's invitation: made ready in the same way
 * for a guest, but for anyone else only if it is ever asked for (only a guest session is invited),
 * so a student's page does not load and mount a dialog it never shows. Each mounts in a task
 * of its own.
 */
function AfterFirstPaint() {
  const toastAsked = useToastStore((s) => s.toasts.length > 0);
  const inviteAsked = useGuestInviteStore((s) => s.open);
  const pushOfferAsked = usePushOfferStore((s) => s.open);
  return (
    <>
      <WhenIdleOrAsked asked={toastAsked}>
        <Toaster />
      </WhenIdleOrAsked>
      <WhenIdleOrAsked asked={inviteAsked} idleToo={isGuestSession()}>
        <GuestInviteDialog />
      </WhenIdleOrAsked>
      <WhenIdleOrAsked asked={pushOfferAsked} idleToo={false}>
        <PushOfferDialog />
      </WhenIdleOrAsked>
    </>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AfterFirstPaint />
    </QueryClientProvider>
  );
}
