import { FileText } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/stores/toast-store';
import { TRANSCRIPT_MAX_BYTES } from '../lib/limits';

interface TranscriptPickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
}

function isPdfOrImage(file: File): boolean {
  return file.type === 'application/pdf' || file.type.startsWith('image/') || /\.pdf$/i.test(file.name);
}

/** Optional transcript (PDF or image, under 10MB), uploaded after the account is created. */
export function TranscriptPicker({ file, onChange }: TranscriptPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const labelId = `${inputId}-label`;

  const onPick = (picked: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!picked) return;
    if (!isPdfOrImage(picked)) {
      toast({ title: 'Invalid File Type', description: 'Please upload a PDF or image file', variant: 'destructive' });
      return;
    }
    if (picked.size > TRANSCRIPT_MAX_BYTES) {
      toast({ title: 'File Too Large', description: 'Transcript must be under 10MB', variant: 'destructive' });
      return;
    }
    onChange(picked);
    toast({ title: 'Transcript Uploaded', description: `${picked.name} is ready to upload`, variant: 'success' });
  };

  return (
    <div>
      <p id={labelId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        Transcript <span className="font-normal text-slate-500">(optional)</span>
      </p>
      <div className="flex items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <FileText aria-hidden className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-800" data-testid="transcript-name">
            {file ? file.name : 'No file chosen'}
          </p>
          <p className="text-xs text-slate-500">PDF or image, under 10MB</p>
        </div>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="application/pdf,image/*"
          aria-label="Transcript"
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => onPick(e.target.files?.[0])}
        />
        <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} aria-controls={inputId} aria-describedby={labelId}>
          {file ? 'Change File' : 'Choose File'}
        </Button>
      </div>
    </div>
  );
}
