import { Search } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './field';

/** A search box with a magnifier inside and a label only screen readers read. */
export function SearchField({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="relative">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-3.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        id={inputId}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={cn(inputClasses, 'pl-10')}
      />
    </div>
  );
}
