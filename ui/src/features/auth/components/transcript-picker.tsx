import { FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useFilePicker } from '@/lib/use-file-picker';
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
  const picker = useFilePicker({
    accepts: isPdfOrImage,
    typeError: { title: 'Invalid File Type', description: 'Please upload a PDF or image file' },
    maxBytes: TRANSCRIPT_MAX_BYTES,
    sizeError: { title: 'File Too Large', description: 'Transcript must be under 10MB' },
    onPick: (picked) => {
      onChange(picked);
      toast({ title: 'Transcript Uploaded', description: `${picked.name} is ready to upload`, variant: 'success' });
    },
  });
  const labelId = `${picker.inputId}-label`;

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
        <input {...picker.inputProps} accept="application/pdf,image/*" aria-label="Transcript" />
        <Button variant="outline" size="sm" onClick={picker.open} aria-controls={picker.inputId} aria-describedby={labelId}>
          {file ? 'Change File' : 'Choose File'}
        </Button>
      </div>
    </div>
  );
}
