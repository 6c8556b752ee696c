import { BellRing, Trash2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RetryButton } from '@/components/ui/retry-button';
import { SpinnerBlock } from '@/components/ui/spinner';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { notificationsNs } from '@/lib/i18n/namespaces/notifications';
import {
  PUSH_CATEGORIES,
  pushSupported,
  PushRefusedError,
  turnOnPush,
  usePushDevices,
  usePushKey,
  usePushPreferences,
  useRemovePushDevice,
  useUpdatePushPreferences,
  thisDeviceEndpoint,
  type PushCategory,
  type PushDevice,
} from '@/lib/notifications/push';
import { toast } from '@/stores/toast-store';
import { QuietHoursControl } from './quiet-hours-control';

function CategorySwitch({
  category,
  label,
  checked,
  onChange,
}: {
  category: PushCategory;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-2">
      <label htmlFor={id} className="min-w-0 cursor-pointer text-slate-900">
        {label}
      </label>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        data-testid={`push-category-${category}`}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          checked ? 'bg-brand-600' : 'bg-slate-500',
        )}
      >
        <Switch.Thumb
          className={cn('block h-5 w-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-1')}
        />
      </Switch.Root>
    </li>
  );
}

/**
 * 'Push notifications' beside the e-mail switch on the profiles and the staff's screen: each
 * category on or off, the quiet hours (an employer's or staff member's own; a student's are
 * the district's), the devices that receive them (removable), and "Turn on for this device".
 * `staff`: a staff member hears of what waits for review only (the account category).
 */
export function PushNotificationsSection({ className, staff = false }: { className?: string; staff?: boolean }) {
  const { t } = useTranslation(notificationsNs);
  const headingId = useId();
  const key = usePushKey();
  const devices = usePushDevices();
  const preferences = usePushPreferences();
  const update = useUpdatePushPreferences();
  const remove = useRemovePushDevice();
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void thisDeviceEndpoint().then((endpoint) => {
      if (live) setThisEndpoint(endpoint);
    });
    return () => {
      live = false;
    };
  }, [devices.data]);

  if (key.data && !key.data.enabled) return null;

  const thisDeviceOn = !!thisEndpoint && !!devices.data?.some((d) => d.endpoint === thisEndpoint);

  const turnOn = async () => {
    setBusy(true);
    try {
      await turnOnPush();
      toast({ title: t('push.onToast'), description: t('push.onToastText'), variant: 'success' });
    } catch (error) {
      toast(
        error instanceof PushRefusedError
          ? { title: t('push.blocked'), description: t('push.blockedText') }
          : { title: t('push.failed'), description: errorMessage(error) ?? t('push.failedText'), variant: 'destructive' },
      );
    } finally {
      setBusy(false);
    }
  };

  const change = (category: PushCategory, on: boolean) =>
    update.mutate(
      { [category]: on },
      {
        onError: (error) =>
          toast({ title: t('push.saveFailed'), description: errorMessage(error) ?? t('push.failedText'), variant: 'destructive' }),
      },
    );

  const removeDevice = (device: PushDevice) =>
    remove.mutate(device, {
      onSuccess: () => toast({ title: t('push.removed'), variant: 'success' }),
      onError: (error) =>
        toast({ title: t('push.saveFailed'), description: errorMessage(error) ?? t('push.failedText'), variant: 'destructive' }),
    });

  return (
    <Section headingId={headingId} icon={BellRing} title={t('push.title')} className={cn('mt-8', className)}>
      <Card>
        {preferences.isLoading || devices.isLoading ? (
          <SpinnerBlock label={t('push.loading')} className="py-2" />
        ) : preferences.isError || devices.isError ? (
          <div role="alert" className="text-sm text-rose-700">
            <p>{t('push.loadFailed')}</p>
            <RetryButton
              onRetry={() => {
                void preferences.refetch();
                void devices.refetch();
              }}
            />
          </div>
        ) : (
          <div data-testid="push-settings">
            <p className="text-sm text-slate-600">{t('push.hint')}</p>
            <ul className="mt-2 divide-y divide-slate-100">
              {(staff ? (['account'] as PushCategory[]) : PUSH_CATEGORIES).map((c) => (
                <CategorySwitch
                  key={c}
                  category={c}
                  label={staff ? t('push.category.review') : t(`push.category.${c}`)}
                  checked={preferences.data?.[c] ?? true}
                  onChange={(on) => change(c, on)}
                />
              ))}
            </ul>
            {preferences.data ? <QuietHoursControl preferences={preferences.data} /> : null}
            <h3 className="mt-4 font-semibold text-slate-900">{t('push.devices')}</h3>
            {devices.data && devices.data.length > 0 ? (
              <ul className="mt-1 divide-y divide-slate-100" data-testid="push-devices">
                {devices.data.map((d) => (
                  <li key={d.id} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0 break-words text-slate-800">
                      {d.device || t('push.unnamedDevice')}
                      {d.endpoint === thisEndpoint ? <span className="ml-2 text-sm text-slate-600">{t('push.thisDevice')}</span> : null}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => removeDevice(d)}
                      aria-label={t('push.remove', { device: d.device || t('push.unnamedDevice') })}
                    >
                      <Trash2 aria-hidden className="h-4 w-4" />
                      {t('push.removeShort')}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-600">{t('push.noDevices')}</p>
            )}
            {pushSupported() && !thisDeviceOn ? (
              <Button variant="secondary" className="mt-3" onClick={() => void turnOn()} disabled={busy} data-testid="push-turn-on-here">
                <BellRing aria-hidden className="h-4 w-4" />
                {t('push.turnOnHere')}
              </Button>
            ) : null}
            <p className="mt-3 text-xs text-slate-600">{t('push.ios')}</p>
          </div>
        )}
      </Card>
    </Section>
  );
}
