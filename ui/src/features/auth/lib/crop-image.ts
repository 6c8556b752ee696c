import { i18n } from '@/lib/i18n/i18n';
import { ns } from '../i18n';
import { AVATAR_JPEG_QUALITY, AVATAR_SIZE } from './limits';

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(i18n.t('photo.unreadable', { ns })));
    };
    img.src = url;
  });
}

/** Crop an image file to a centred square and scale it to 200x200, as a JPEG at quality 0.8. */
export async function cropToAvatar(file: File): Promise<Blob> {
  const img = await loadImage(file);
  const side = Math.min(img.naturalWidth, img.naturalHeight);
  const sx = (img.naturalWidth - side) / 2;
  const sy = (img.naturalHeight - side) / 2;
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(i18n.t('photo.cannotCrop', { ns }));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, sx, sy, side, side, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(i18n.t('photo.cropFailed', { ns })))),
      'image/jpeg',
      AVATAR_JPEG_QUALITY,
    );
  });
}
