import { useTranslation } from '@/lib/i18n/use-translation';
import { TextField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { formsNs } from '@/lib/i18n/namespaces/forms';
import type { FieldBinders } from '@/lib/use-form';

/** First and last name side by side: every account form starts with them. */
export function NameFields({ form, className }: { form: FieldBinders<'firstName' | 'lastName'>; className?: string }) {
  const { t } = useTranslation(formsNs);
  return (
    <div className={cn('grid', className ?? 'gap-4 sm:grid-cols-2')}>
      <TextField label={t('names.first')} autoComplete="given-name" {...form.field('firstName')} />
      <TextField label={t('names.last')} autoComplete="family-name" {...form.field('lastName')} />
    </div>
  );
}
