import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { notificationsNs } from '@/lib/i18n/namespaces/notifications';
import { declinePush, PushRefusedError, turnOnPush, usePushOfferStore } from '@/lib/notifications/push';
import { toast } from '@/stores/toast-store';

/**
 * The offer of push notifications, after a moment it matters (the first application sent):
 * what they are for first, the browser's own prompt only after "Turn on". "Not now" (or
 * closing) is remembered on this device and the app does not ask again by itself.
 */
export function PushOfferDialog() {
  const { t } = useTranslation(notificationsNs);
  const open = usePushOfferStore((s) => s.open);
  const close = usePushOfferStore((s) => s.close);
  const quietHours = usePushOfferStore((s) => s.quietHours);
  const [busy, setBusy] = useState(false);

  const notNow = () => {
    declinePush();
    close();
  };

  const turnOn = async () => {
    setBusy(true);
    try {
      await turnOnPush();
      toast({ title: t('push.onToast'), description: t('push.onToastText'), variant: 'success' });
      close();
    } catch (error) {
      if (error instanceof PushRefusedError) {
        declinePush();
        toast({ title: t('push.blocked'), description: t('push.blockedText') });
        close();
      } else {
        toast({ title: t('push.failed'), description: errorMessage(error) ?? t('push.failedText'), variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) notNow();
      }}
      variant="center"
      title={t('push.offerTitle')}
      description={t('push.offerText')}
    >
      <div data-testid="push-offer">
        <ul className="mb-4 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700">
          <li>{t('push.offerWhat')}</li>
          {quietHours ? <li>{t('push.offerQuiet', { start: quietHours.start, end: quietHours.end })}</li> : null}
          <li>{t('push.offerChange')}</li>
        </ul>
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button variant="gradient" className="sm:flex-1" onClick={() => void turnOn()} disabled={busy} aria-busy={busy || undefined}>
            <BellRing aria-hidden className="h-4 w-4" />
            {t('push.turnOn')}
          </Button>
          <Button variant="outline" className="sm:flex-1" onClick={notNow} disabled={busy}>
            {t('push.notNow')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
