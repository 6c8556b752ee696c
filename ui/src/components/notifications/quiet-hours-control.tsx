import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { FieldError, inputClasses } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { notificationsNs } from '@/lib/i18n/namespaces/notifications';
import { useUpdatePushPreferences, type PushPreferences } from '@/lib/notifications/push';
import { toast } from '@/stores/toast-store';

function split(window: string | null): [string, string] {
  const [start, end] = (window ?? '22:00-07:00').split('-');
  return [start ?? '22:00', end ?? '07:00'];
}

/**
 * The quiet hours of a person's pushes. An employer or staff member chooses their own (or
 * none); the server checks the window and says why it refuses one. A student's are the
 * district's, only told.
 */
export function QuietHoursControl({ preferences }: { preferences: PushPreferences }) {
  const { t } = useTranslation(notificationsNs);
  const id = useId();
  const update = useUpdatePushPreferences();
  const [on, setOn] = useState(preferences.quietHours !== null);
  const [initialStart, initialEnd] = split(preferences.quietHours);
  const [start, setStart] = useState(initialStart);
  const [end, setEnd] = useState(initialEnd);
  const [error, setError] = useState<string | undefined>();

  if (!preferences.ownQuietHours) {
    if (!preferences.quietHours) return null;
    const [s, e] = split(preferences.quietHours);
    return (
      <p className="mt-3 text-sm text-slate-600" data-testid="push-quiet-hours-district">
        {t('push.quiet.district', { start: s, end: e })}
      </p>
    );
  }

  const save = () => {
    setError(undefined);
    update.mutate(
      { quietHours: on ? `${start}-${end}` : null },
      {
        onSuccess: () => toast({ title: t('push.quiet.saved'), variant: 'success' }),
        onError: (e) => setError(errorMessage(e) ?? t('push.failedText')),
      },
    );
  };

  return (
    <fieldset className="mt-4" data-testid="push-quiet-hours">
      <legend className="font-semibold text-slate-900">{t('push.quiet.title')}</legend>
      <p className="text-sm text-slate-600">{t('push.quiet.hint')}</p>
      <label className="mt-2 flex cursor-pointer items-center gap-2 text-slate-900">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => setOn(e.target.checked)}
          className="h-5 w-5 accent-brand-600"
          data-testid="push-quiet-hours-on"
        />
        {t('push.quiet.on')}
      </label>
      {on ? (
        <div className="mt-2 flex flex-wrap gap-3">
          <label className="flex flex-col text-sm font-semibold text-slate-800" htmlFor={`${id}-start`}>
            {t('push.quiet.from')}
            <input
              id={`${id}-start`}
              type="time"
              value={start}
              onChange={(e) => setStart(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              className={cn(inputClasses, 'mt-1 w-36')}
              data-testid="push-quiet-hours-start"
            />
          </label>
          <label className="flex flex-col text-sm font-semibold text-slate-800" htmlFor={`${id}-end`}>
            {t('push.quiet.until')}
            <input
              id={`${id}-end`}
              type="time"
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              className={cn(inputClasses, 'mt-1 w-36')}
              data-testid="push-quiet-hours-end"
            />
          </label>
        </div>
      ) : null}
      <FieldError id={`${id}-error`} message={error} announce />
      <Button variant="secondary" size="sm" className="mt-3" onClick={save} disabled={update.isPending} data-testid="push-quiet-hours-save">
        {t('push.quiet.save')}
      </Button>
    </fieldset>
  );
}
