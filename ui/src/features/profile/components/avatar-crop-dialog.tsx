import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatNumber } from '@/lib/format';
import { ns } from '../i18n';
import { AVATAR_OUTPUT_SIZE, AVATAR_QUALITY, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '../lib/options';

/** The on-screen crop square, in CSS pixels. */
const VIEW = 256;

interface Offset {
  x: number;
  y: number;
}

const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z * 10) / 10));

/** Draw the visible square to a 200x200 JPEG at quality 0.8. */
function renderCrop(img: HTMLImageElement, zoom: number, offset: Offset): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_OUTPUT_SIZE;
  canvas.height = AVATAR_OUTPUT_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('This browser cannot crop photos'));
  const k = AVATAR_OUTPUT_SIZE / VIEW;
  const base = VIEW / Math.min(img.naturalWidth, img.naturalHeight);
  const w = img.naturalWidth * base * zoom;
  const h = img.naturalHeight * base * zoom;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, AVATAR_OUTPUT_SIZE, AVATAR_OUTPUT_SIZE);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, ((VIEW - w) / 2 + offset.x) * k, ((VIEW - h) / 2 + offset.y) * k, w * k, h * k);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be cropped'))), 'image/jpeg', AVATAR_QUALITY);
  });
}

/** Crop a chosen photo: drag to move, zoom 0.5-3 in steps of 0.1, then Use Photo. */
export function AvatarCropDialog({
  file,
  onCancel,
  onCropped,
  saving,
}: {
  file: File | null;
  onCancel: () => void;
  onCropped: (blob: Blob) => void;
  saving: boolean;
}) {
  const { t } = useTranslation([ns, 'common']);
  const [url, setUrl] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const drag = useRef<{ x: number; y: number; start: Offset } | null>(null);
  const zoomId = useId();
  const hintId = useId();

  useEffect(() => {
    // A new file starts a new crop; its object URL is revoked with it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setZoom(1);
    setOffset({ x: 0, y: 0 });
    setNatural(null);
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const zoomText = formatNumber(zoom, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const base = natural ? VIEW / Math.min(natural.w, natural.h) : 1;
  const width = natural ? natural.w * base * zoom : VIEW;
  const height = natural ? natural.h * base * zoom : VIEW;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, start: offset };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setOffset({ x: d.start.x + e.clientX - d.x, y: d.start.y + e.clientY - d.y });
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 40 : 10;
    const moves: Record<string, Offset> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setOffset((o) => ({ x: o.x + move.x, y: o.y + move.y }));
    } else if (e.key === '+' || e.key === '=') {
      setZoom((z) => clampZoom(z + ZOOM_STEP));
    } else if (e.key === '-') {
      setZoom((z) => clampZoom(z - ZOOM_STEP));
    }
  };

  const savePhoto = async () => {
    const img = imgRef.current;
    if (!img) return;
    try {
      onCropped(await renderCrop(img, zoom, offset));
    } catch (error) {
      console.warn(error);
    }
  };

  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      variant="center"
      title={t('crop.title')}
      description={t('crop.description')}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onCancel} disabled={saving}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void savePhoto()} disabled={!natural || saving}>
            {saving ? t('crop.saving') : t('crop.use')}
          </Button>
        </div>
      }
    >
      <div className="flex flex-col items-center gap-4">
        <div
          role="group"
          tabIndex={0}
          aria-label={t('crop.areaLabel')}
          aria-describedby={hintId}
          data-testid="crop-area"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          className="relative cursor-grab touch-none select-none overflow-hidden rounded-2xl bg-slate-200 active:cursor-grabbing"
          style={{ width: VIEW, height: VIEW }}
        >
          {url ? (
            <img
              ref={imgRef}
              src={url}
              alt={t('crop.imageAlt')}
              draggable={false}
              onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
              className="pointer-events-none absolute max-w-none"
              style={{
                width,
                height,
                left: (VIEW - width) / 2 + offset.x,
                top: (VIEW - height) / 2 + offset.y,
              }}
            />
          ) : null}
          <div
            aria-hidden
            className="pointer-events-none absolute inset-0"
            style={{ background: 'radial-gradient(circle closest-side, transparent 99%, rgba(15, 23, 42, 0.5) 100%)' }}
          />
          <div aria-hidden className="pointer-events-none absolute inset-0 rounded-full ring-2 ring-white/90" />
        </div>
        <p id={hintId} className="text-xs text-slate-500">
          {t('crop.result', { size: AVATAR_OUTPUT_SIZE })}
        </p>
        <div className="flex w-full max-w-xs items-center gap-3">
          <Button
            size="icon"
            variant="ghost"
            aria-label={t('crop.zoomOut')}
            onClick={() => setZoom((z) => clampZoom(z - ZOOM_STEP))}
            disabled={zoom <= ZOOM_MIN}
          >
            <Minus aria-hidden className="h-4 w-4" />
          </Button>
          <label htmlFor={zoomId} className="sr-only">
            {t('crop.zoom')}
          </label>
          <input
            id={zoomId}
            type="range"
            min={ZOOM_MIN}
            max={ZOOM_MAX}
            step={ZOOM_STEP}
            value={zoom}
            onChange={(e) => setZoom(clampZoom(Number(e.target.value)))}
            aria-valuetext={t('crop.zoomValue', { zoom: zoomText })}
            className="flex-1 accent-brand-600"
          />
          <Button
            size="icon"
            variant="ghost"
            aria-label={t('crop.zoomIn')}
            onClick={() => setZoom((z) => clampZoom(z + ZOOM_STEP))}
            disabled={zoom >= ZOOM_MAX}
          >
            <Plus aria-hidden className="h-4 w-4" />
          </Button>
          <span className="w-10 text-right text-sm tabular-nums text-slate-600">{t('crop.zoomShort', { zoom: zoomText })}</span>
        </div>
      </div>
    </Dialog>
  );
}
