import { useId, useRef, type ChangeEvent } from 'react';
import { toast } from '@/stores/toast-store';

interface Refusal {
  title: string;
  description: string;
}

export interface FilePickerRules {
  /** Whether the picker takes the file's type; if not, `typeError` is toasted. */
  accepts: (file: File) => boolean;
  typeError: Refusal;
  maxBytes: number;
  sizeError: Refusal;
  /** A file that passed both checks. */
  onPick: (file: File) => void;
}

/**
 * A hidden file input that a button opens (`open`): the picked file is checked for type, then
 * size (a refusal is a toast), before `onPick`. The input is cleared after each pick, so the
 * same file can be picked again. Spread `inputProps` on the `<input>`, with its `accept` and
 * accessible name.
 */
export function useFilePicker({ accepts, typeError, maxBytes, sizeError, onPick }: FilePickerRules) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    if (inputRef.current) inputRef.current.value = '';
    if (!picked) return;
    if (!accepts(picked)) {
      toast({ ...typeError, variant: 'destructive' });
      return;
    }
    if (picked.size > maxBytes) {
      toast({ ...sizeError, variant: 'destructive' });
      return;
    }
    onPick(picked);
  };

  return {
    inputId,
    open: () => inputRef.current?.click(),
    inputProps: { ref: inputRef, id: inputId, type: 'file', className: 'sr-only', tabIndex: -1, onChange } as const,
  };
}
