import { TextField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import type { FieldBinders } from '@/lib/use-form';

/** First and last name side by side: every account form starts with them. */
export function NameFields({ form, className }: { form: FieldBinders<'firstName' | 'lastName'>; className?: string }) {
  return (
    <div className={cn('grid', className ?? 'gap-4 sm:grid-cols-2')}>
      <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
      <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
    </div>
  );
}
