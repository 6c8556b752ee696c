import { LoaderCircle, Sparkles, VideoOff } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cn } from '@/lib/cn';
import { internshipNs } from '@/lib/i18n/namespaces/internship';
import { captionTracks, preferredTrack, trackLanguageName } from '@/lib/caption-tracks';
import type { Internship, VideoStatus } from '@/types/internship';

/** The 'AI Video Processing' placeholder (the posting's video is still being made). */
export function AiVideoPlaceholder({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation(internshipNs);
  return (
    <div
      data-testid="video-processing"
      className={cn(
        'flex h-full w-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-700 via-brand-600 to-accent-500 p-6 text-center text-white',
        className,
      )}
    >
      <Sparkles aria-hidden className={compact ? 'h-8 w-8' : 'h-12 w-12 animate-pulse'} />
      <p className={cn('font-extrabold', compact ? 'text-base' : 'text-xl')}>{t('video.aiProcessing')}</p>
      <p className="text-sm text-white/90">{t('video.aiReadySoon')}</p>
      {compact ? null : <p className="text-sm font-semibold text-white">{t('video.stillApply')}</p>}
    </div>
  );
}

/**
 * 'Video processing': an uploaded video is being converted so it plays on every phone. The
 * poster (when the server already made one) shows behind a dark veil that keeps the text
 * readable.
 */
export function TranscodingPlaceholder({
  posterUrl,
  className,
  compact = false,
}: {
  posterUrl: string | null;
  className?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation(internshipNs);
  return (
    <div
      data-testid="video-transcoding"
      className={cn(
        'relative flex h-full w-full flex-col items-center justify-center overflow-hidden bg-slate-900 p-6 text-center text-white',
        className,
      )}
    >
      {posterUrl ? <img src={posterUrl} alt="" data-testid="video-poster" className="absolute inset-0 h-full w-full object-cover" /> : null}
      <div aria-hidden className="absolute inset-0 bg-gradient-to-br from-brand-900/85 via-slate-900/80 to-slate-950/85" />
      <div className="relative flex flex-col items-center gap-2">
        <LoaderCircle aria-hidden className={cn('motion-safe:animate-spin', compact ? 'h-8 w-8' : 'h-12 w-12')} />
        <p className={cn('font-extrabold', compact ? 'text-base' : 'text-xl')}>{t('video.transcoding')}</p>
        <p className="text-sm text-white/90">{t('video.transcodingText')}</p>
        <p className="text-sm font-semibold text-white">{t('video.stillApply')}</p>
      </div>
    </div>
  );
}

/** 'Video Not Available': the file is missing on the server, or could not be converted. */
export function VideoNotAvailable({ className }: { className?: string }) {
  const { t } = useTranslation(internshipNs);
  return (
    <div
      data-testid="video-missing"
      className={cn('flex h-full w-full flex-col items-center justify-center gap-2 bg-slate-800 p-6 text-center text-white', className)}
    >
      <VideoOff aria-hidden className="h-10 w-10 text-slate-300" />
      <p className="text-lg font-bold">{t('video.notAvailable')}</p>
      <p className="text-sm text-slate-300">{t('video.stillApplyPlain')}</p>
    </div>
  );
}

/** What a student or visitor sees in place of the video. */
export type MediaState = 'video' | 'processing' | 'transcoding' | 'missing';

/** 'failed' shows like 'missing' to students and visitors; a ready posting needs a URL. */
export function mediaStateOf(i: { videoStatus: VideoStatus; videoUrl: string | null }): MediaState {
  switch (i.videoStatus) {
    case 'processing':
      return 'processing';
    case 'transcoding':
      return 'transcoding';
    case 'ready':
      return i.videoUrl ? 'video' : 'missing';
    case 'failed':
    case 'missing':
      return 'missing';
  }
}

/** A small video preview (details dialog, internship page): player, placeholder or missing. */
export function VideoPreview({ internship, className }: { internship: Internship; className?: string }) {
  const { t, i18n } = useTranslation(internshipNs);
  // Every caption track is offered (the player's CC menu); the reader's language is the default.
  const tracks = captionTracks(internship);
  const first = preferredTrack(tracks, i18n.language);
  const box = cn('relative mx-auto aspect-[9/16] max-h-[60dvh] overflow-hidden rounded-2xl bg-slate-900', className);
  const state = mediaStateOf(internship);
  if (state === 'processing') {
    return (
      <div className={box}>
        <AiVideoPlaceholder compact />
      </div>
    );
  }
  if (state === 'transcoding') {
    return (
      <div className={box}>
        <TranscodingPlaceholder posterUrl={internship.posterUrl} compact />
      </div>
    );
  }
  if (state === 'missing' || !internship.videoUrl) {
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
        poster={internship.posterUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={t('video.label', { title: internship.title, company: internship.company })}
        className="h-full w-full object-cover"
        onError={() => console.warn(`Video ${internship.videoUrl ?? ''} could not be loaded`)}
      >
        {tracks.map((track) => (
          <track
            key={track.lang}
            kind="captions"
            src={track.url}
            srcLang={track.lang}
            label={trackLanguageName(track.lang)}
            default={track === first}
          />
        ))}
      </video>
    </div>
  );
}
