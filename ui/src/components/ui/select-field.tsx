import { Select } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { describedBy, FieldShell, inputClasses } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder: string;
  error?: string;
  hint?: ReactNode;
  name?: string;
  id?: string;
  className?: string;
}

/** An accessible select (Radix), styled like the text inputs. */
export function SelectField({ label, value, onValueChange, options, placeholder, error, hint, name, id, className }: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} className={className}>
      <Select.Root value={value || undefined} onValueChange={onValueChange} name={name}>
        <Select.Trigger
          id={fieldId}
          // The label names the trigger explicitly too: a `for` label on a combobox button is
          // not read by every screen reader.
          aria-labelledby={`${fieldId}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          className={cn(inputClasses, 'flex items-center justify-between text-left data-[placeholder]:text-slate-500')}
        >
          <Select.Value placeholder={placeholder} />
          <Select.Icon>
            <ChevronDown aria-hidden className="h-4 w-4 text-slate-500" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={6}
            className="z-50 max-h-[min(var(--radix-select-content-available-height),20rem)] w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl"
          >
            <Select.Viewport className="p-1.5">
              {options.map((option) => (
                <Select.Item
                  key={option.value}
                  value={option.value}
                  className="relative flex cursor-pointer select-none items-center rounded-lg py-2.5 pl-9 pr-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800"
                >
                  <Select.ItemIndicator className="absolute left-3 inline-flex items-center">
                    <Check aria-hidden className="h-4 w-4 text-brand-600" />
                  </Select.ItemIndicator>
                  <Select.ItemText>{option.label}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </FieldShell>
  );
}
