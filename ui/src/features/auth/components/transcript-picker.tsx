import { FileText } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { useFilePicker } from '@/lib/use-file-picker';
import { toast } from '@/stores/toast-store';
import { ns } from '../i18n';
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
  const { t } = useTranslation([ns, 'common']);
  const picker = useFilePicker({
    accepts: isPdfOrImage,
    typeError: { title: t('transcript.typeErrorTitle'), description: t('transcript.typeError') },
    maxBytes: TRANSCRIPT_MAX_BYTES,
    sizeError: { title: t('transcript.sizeErrorTitle'), description: t('transcript.sizeError') },
    onPick: (picked) => {
      onChange(picked);
      toast({ title: t('transcript.pickedTitle'), description: t('transcript.picked', { name: picked.name }), variant: 'success' });
    },
  });
  const labelId = `${picker.inputId}-label`;

  return (
    <div>
      <p id={labelId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {t('transcript.label')} <span className="font-normal text-slate-500">{t('common:field.optional')}</span>
      </p>
      {/* The button moves under the text when a narrow screen (or a longer language) leaves no room. */}
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <FileText aria-hidden className="h-5 w-5" />
        </span>
        <div className="min-w-[5.5rem] flex-1">
          <p className="truncate text-sm font-medium text-slate-800" data-testid="transcript-name">
            {file ? file.name : t('transcript.noFile')}
          </p>
          <p className="text-xs text-slate-500">{t('transcript.hint')}</p>
        </div>
        <input {...picker.inputProps} accept="application/pdf,image/*" aria-label={t('transcript.label')} />
        <Button variant="outline" size="sm" onClick={picker.open} aria-controls={picker.inputId} aria-describedby={labelId}>
          {file ? t('transcript.change') : t('transcript.choose')}
        </Button>
      </div>
    </div>
  );
}
