import { Mail } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Card } from '@/components/ui/card';
import { RetryButton } from '@/components/ui/retry-button';
import { SpinnerBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { notificationsNs } from '@/lib/i18n/namespaces/notifications';
import { toast } from '@/stores/toast-store';
import { useNotificationSettings, useUpdateNotificationSettings } from '@/lib/notifications/settings';
import { Section } from '@/components/ui/section';

/**
 * 'E-mail notifications' on the student and employer profiles: one switch, "Email me about
 * notifications", read from and saved to /api/users/me/notification-settings.
 */
export function EmailNotificationsSection({ className }: { className?: string }) {
  const { t } = useTranslation(notificationsNs);
  const headingId = useId();
  const switchId = useId();
  const hintId = useId();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const checked = settings.data?.emailNotifications ?? false;

  const change = (next: boolean) => {
    if (update.isPending) return;
    update.mutate(
      { emailNotifications: next },
      {
        onSuccess: (saved) => {
          const on = typeof saved?.emailNotifications === 'boolean' ? saved.emailNotifications : next;
          toast({
            title: on ? t('email.on') : t('email.off'),
            description: on ? t('email.onText') : t('email.offText'),
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({
            title: t('email.saveFailed'),
            description: errorMessage(error) ?? t('email.saveFailedText'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Section headingId={headingId} icon={Mail} title={t('email.title')} className={cn('mt-8', className)}>
      <Card>
        {settings.isLoading ? (
          <SpinnerBlock label={t('email.loading')} className="py-2" />
        ) : settings.isError ? (
          <div role="alert" className="text-sm text-rose-700">
            <p>{t('email.loadFailed', { error: errorMessage(settings.error) })}</p>
            <RetryButton onRetry={() => void settings.refetch()} />
          </div>
        ) : (
          <div className="flex items-center justify-between gap-4">
            <div className="min-w-0">
              <label htmlFor={switchId} className="block cursor-pointer font-semibold text-slate-900">
                {t('email.label')}
              </label>
              <p id={hintId} className="mt-0.5 text-sm text-slate-600">
                {t('email.hint')}
              </p>
            </div>
            <Switch.Root
              id={switchId}
              checked={checked}
              onCheckedChange={change}
              aria-describedby={hintId}
              aria-busy={update.isPending || undefined}
              data-testid="email-notifications-switch"
              className={cn(
                'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                checked ? 'bg-brand-600' : 'bg-slate-500',
              )}
            >
              <Switch.Thumb
                className={cn(
                  'block h-5 w-5 rounded-full bg-white shadow transition-transform',
                  checked ? 'translate-x-6' : 'translate-x-1',
                )}
              />
            </Switch.Root>
          </div>
        )}
      </Card>
    </Section>
  );
}
