import { Mail } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { RetryButton } from '@/components/ui/retry-button';
import { SpinnerBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/stores/toast-store';
import { useNotificationSettings, useUpdateNotificationSettings } from '@/lib/notifications/settings';
import { Section } from '@/components/ui/section';

/**
 * 'E-mail notifications' on the student and employer profiles: one switch, "Email me about
 * notifications", read from and saved to /api/users/me/notification-settings.
 */
export function EmailNotificationsSection({ className }: { className?: string }) {
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
            title: on ? 'Email notifications on' : 'Email notifications off',
            description: on ? 'We will email you about new notifications.' : 'We will not email you; notifications still show in the bell.',
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({
            title: 'Could not save',
            description: errorMessage(error) ?? 'Could not change your email notifications. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Section headingId={headingId} icon={Mail} title="E-mail notifications" className={cn('mt-8', className)}>
      <Card>
        {settings.isLoading ? (
          <SpinnerBlock label="Loading notification settings" className="py-2" />
        ) : settings.isError ? (
          <div role="alert" className="text-sm text-rose-700">
            <p>Could not load your notification settings: {errorMessage(settings.error)}</p>
            <RetryButton onRetry={() => void settings.refetch()} />
          </div>
        ) : (
          <div className="flex items-center justify-between gap-4">
            <div className="min-w-0">
              <label htmlFor={switchId} className="block cursor-pointer font-semibold text-slate-900">
                Email me about notifications
              </label>
              <p id={hintId} className="mt-0.5 text-sm text-slate-600">
                A copy of each notification, such as application updates, goes to your email.
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
