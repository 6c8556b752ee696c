import { Checkbox } from 'radix-ui';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import type { SelectOption } from './select-field';

interface CheckboxGroupProps {
  legend: string;
  options: readonly SelectOption[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  hint?: string;
}

/** A multi-select as a group of labelled checkboxes (Radix), laid out as chips. */
export function CheckboxGroup({ legend, options, value, onChange, error, hint }: CheckboxGroupProps) {
  const groupId = useId();
  const errorId = `${groupId}-error`;
  const hintId = `${groupId}-hint`;
  const toggle = (option: string, checked: boolean) => {
    onChange(checked ? [...value.filter((v) => v !== option), option] : value.filter((v) => v !== option));
  };
  return (
    <fieldset aria-describedby={[hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}>
      <legend className="mb-1.5 block text-sm font-semibold text-slate-800">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mb-2 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const id = `${groupId}-${option.value}`;
          const checked = value.includes(option.value);
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-full border py-2 pl-3 pr-4 text-sm transition',
                checked
                  ? 'border-brand-500 bg-brand-50 font-semibold text-brand-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-brand-300',
              )}
            >
              <Checkbox.Root
                id={id}
                checked={checked}
                onCheckedChange={(state) => toggle(option.value, state === true)}
                className={cn(
                  'flex h-5 w-5 shrink-0 items-center justify-center rounded-full border',
                  checked ? 'border-brand-600 bg-brand-600' : 'border-slate-400 bg-white',
                )}
              >
                <Checkbox.Indicator>
                  <Check aria-hidden className="h-3.5 w-3.5 text-white" strokeWidth={3} />
                </Checkbox.Indicator>
              </Checkbox.Root>
              {option.label}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-rose-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
