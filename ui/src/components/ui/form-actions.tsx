import type { LucideIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button, type ButtonVariant } from './button';

/**
 * A dialog form's Cancel and submit buttons: side by side from `sm` up (submit on the right),
 * stacked on a phone (submit on top); both disabled while the submit is `pending`.
 */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
  pendingLabel = submitLabel,
  variant = 'primary',
  icon: Icon,
  form,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel?: string;
  variant?: ButtonVariant;
  icon?: LucideIcon;
  /** The form's id, when the buttons stand outside it. */
  form?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" form={form} variant={variant} disabled={pending}>
        {Icon ? <Icon aria-hidden className="h-4 w-4" /> : null}
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
