import { Camera, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { useFilePicker } from '@/lib/use-file-picker';
import { toast } from '@/stores/toast-store';
import { ns } from '../i18n';
import { PHOTO_MAX_BYTES } from '../lib/limits';

interface PhotoPickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
}

/** Optional profile photo: checked for type and size, uploaded after the account is created. */
export function PhotoPicker({ file, onChange }: PhotoPickerProps) {
  const { t } = useTranslation(ns);
  const picker = useFilePicker({
    accepts: (picked) => picked.type.startsWith('image/'),
    typeError: { title: t('photo.typeErrorTitle'), description: t('photo.typeError') },
    maxBytes: PHOTO_MAX_BYTES,
    sizeError: { title: t('photo.sizeErrorTitle'), description: t('photo.sizeError') },
    onPick: (picked) => {
      onChange(picked);
      toast({ title: t('photo.pickedTitle'), description: t('photo.picked', { name: picked.name }), variant: 'success' });
    },
  });
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      // The preview follows the chosen file (an object URL, revoked with it).
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative">
        <div className="flex h-24 w-24 items-center justify-center overflow-hidden rounded-full bg-brand-50 ring-4 ring-white shadow-md">
          {preview ? (
            <img src={preview} alt={t('photo.preview')} className="h-full w-full object-cover" />
          ) : (
            <UserRound aria-hidden className="h-11 w-11 text-brand-300" />
          )}
        </div>
        <span className="absolute -bottom-1 -right-1 flex h-8 w-8 items-center justify-center rounded-full bg-brand-gradient text-white shadow">
          <Camera aria-hidden className="h-4 w-4" />
        </span>
      </div>
      <input {...picker.inputProps} accept="image/*" aria-label={t('photo.input')} />
      <Button variant="secondary" size="sm" onClick={picker.open} aria-controls={picker.inputId}>
        {file ? t('photo.change') : t('photo.add')}
      </Button>
      <p className="text-xs text-slate-500">{t('photo.hint')}</p>
    </div>
  );
}
