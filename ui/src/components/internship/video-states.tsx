import { Sparkles, VideoOff } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Internship } from '@/types/internship';

/** The 'AI Video Processing' placeholder (the posting's video is still being made). */
export function AiVideoPlaceholder({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <div
      data-testid="video-processing"
      className={cn(
        'flex h-full w-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-700 via-brand-600 to-accent-500 p-6 text-center text-white',
        className,
      )}
    >
      <Sparkles aria-hidden className={compact ? 'h-8 w-8' : 'h-12 w-12 animate-pulse'} />
      <p className={cn('font-extrabold', compact ? 'text-base' : 'text-xl')}>AI Video Processing</p>
      <p className="text-sm text-white/90">Video will be ready within 24 hours</p>
      {compact ? null : <p className="text-sm font-semibold text-white">You can still view details and apply!</p>}
    </div>
  );
}

/** 'Video Not Available': the file is really missing on the server. */
export function VideoNotAvailable({ className }: { className?: string }) {
  return (
    <div
      data-testid="video-missing"
      className={cn('flex h-full w-full flex-col items-center justify-center gap-2 bg-slate-800 p-6 text-center text-white', className)}
    >
      <VideoOff aria-hidden className="h-10 w-10 text-slate-300" />
      <p className="text-lg font-bold">Video Not Available</p>
      <p className="text-sm text-slate-300">You can still view details and apply.</p>
    </div>
  );
}

/** A small video preview (details dialog, internship page): player, placeholder or missing. */
export function VideoPreview({ internship, className }: { internship: Internship; className?: string }) {
  const box = cn('relative mx-auto aspect-[9/16] max-h-[60dvh] overflow-hidden rounded-2xl bg-slate-900', className);
  if (internship.videoStatus === 'processing') {
    return (
      <div className={box}>
        <AiVideoPlaceholder compact />
      </div>
    );
  }
  if (internship.videoStatus === 'missing' || !internship.videoUrl) {
    return (
      <div className={box}>
        <VideoNotAvailable />
      </div>
    );
  }
  return (
    <div className={box}>
      <video
        src={internship.videoUrl}
        controls
        playsInline
        preload="metadata"
        aria-label={`${internship.title} at ${internship.company}, video`}
        className="h-full w-full object-cover"
        onError={() => console.warn(`Video ${internship.videoUrl} could not be loaded`)}
      />
    </div>
  );
}
