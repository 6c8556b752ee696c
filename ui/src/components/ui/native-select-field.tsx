import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { FieldShell, inputClasses } from './field';
import type { SelectFieldProps } from './select-field';

/**
 * The platform's own select, styled like the text inputs: for a filter on a screen's first
 * render, where the Radix select would draw every option into a hidden list and re-render once
 * per option as it collects them (issue #35: most of the browse screen's first render). Phones
 * open their native picker; the keyboard and screen readers get the built-in control.
 */
export function NativeSelectField({
  label,
  value,
  onValueChange,
  options,
  name,
  id,
  className,
}: Omit<SelectFieldProps, 'placeholder' | 'error' | 'hint'>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} className={className}>
      <div className="relative">
        <select
          id={fieldId}
          name={name}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          className={cn(inputClasses, 'appearance-none pr-10')}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3.5 h-4 w-4 -translate-y-1/2 text-slate-500" />
      </div>
    </FieldShell>
  );
}
