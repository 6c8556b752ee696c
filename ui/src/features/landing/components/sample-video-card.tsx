import { Bookmark, Clock, Heart, MapPin, MessageCircle, MoreHorizontal, Pause, Play, Share2, type LucideIcon } from 'lucide-react';
import { forwardRef } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { initials } from '@/lib/format';
import { workStyleKey } from '@/lib/work-styles';
import type { LandingSample } from '@/types/api';
import { ns } from '../i18n';

/** A rail button that, on the landing page, is only a preview of the feed (it does nothing). */
function RailButton({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      className="flex h-11 w-11 items-center justify-center rounded-full bg-black/30 text-white backdrop-blur-sm transition hover:bg-black/45"
    >
      <Icon aria-hidden className="h-5 w-5" />
    </button>
  );
}

interface SampleVideoCardProps {
  sample: LandingSample;
  playing: boolean;
  onToggle: () => void;
  onPlay: () => void;
  onPause: () => void;
}

/** One landing sample: a muted, looping, inline vertical video styled like a feed card. */
export const SampleVideoCard = forwardRef<HTMLVideoElement, SampleVideoCardProps>(function SampleVideoCard(
  { sample, playing, onToggle, onPlay, onPause },
  ref,
) {
  const { t } = useTranslation(ns);
  const titleId = `sample-${sample.id}-title`;
  // The stored work style ("Remote") in the page's language; any other text as written.
  const workStyle = workStyleKey(sample.workStyle);
  return (
    <article
      aria-labelledby={titleId}
      data-testid="sample-card"
      data-playing={playing ? 'true' : 'false'}
      className="relative aspect-[9/16] w-[78vw] max-w-[320px] shrink-0 snap-center overflow-hidden rounded-[28px] bg-slate-900 shadow-2xl shadow-brand-900/25 ring-1 ring-black/5"
    >
      <video
        ref={ref}
        // A media fragment shows a real frame (not the fade-in from black) before playing.
        src={`${sample.videoUrl}#t=1`}
        poster={sample.posterUrl ?? undefined}
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={t('sampleCard.video', { title: sample.title, company: sample.company })}
        className="absolute inset-0 h-full w-full object-cover"
        onClick={onToggle}
        onPlay={onPlay}
        onPause={onPause}
        onEnded={onPause}
        onError={() => console.warn(`Sample video ${sample.videoUrl} could not be loaded`)}
      />
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-gradient-to-b from-black/35 via-transparent to-black/80" />

      {/* Top: company */}
      <div className="absolute inset-x-0 top-0 flex items-center gap-2.5 p-4">
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-white text-sm font-extrabold text-brand-700">
          {initials(sample.company, '')}
        </span>
        <div className="min-w-0 text-white">
          <p className="truncate text-sm font-bold">{sample.company}</p>
          <p className="flex items-center gap-1 text-xs text-white/85">
            <MapPin aria-hidden className="h-3 w-3" />
            {sample.location}
          </p>
        </div>
      </div>

      {/* Centre: play / pause */}
      <button
        type="button"
        onClick={onToggle}
        aria-label={t(playing ? 'sampleCard.pause' : 'sampleCard.play', { title: sample.title })}
        aria-pressed={playing}
        data-testid="sample-play"
        className={
          'absolute left-1/2 top-1/2 flex h-16 w-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white/25 text-white backdrop-blur-md transition hover:bg-white/35 ' +
          (playing ? 'opacity-0 focus-visible:opacity-100 hover:opacity-100' : 'opacity-100')
        }
      >
        {playing ? <Pause aria-hidden className="h-7 w-7" /> : <Play aria-hidden className="h-7 w-7 translate-x-0.5" />}
      </button>

      {/* Right rail */}
      <div className="absolute bottom-36 right-3 flex flex-col gap-3">
        <RailButton icon={Heart} label={t('sampleCard.like')} />
        <RailButton icon={MessageCircle} label={t('sampleCard.comments')} />
        <RailButton icon={Bookmark} label={t('sampleCard.save')} />
        <RailButton icon={Share2} label={t('sampleCard.share')} />
        <RailButton icon={MoreHorizontal} label={t('sampleCard.more')} />
      </div>

      {/* Bottom: details */}
      <div className="absolute inset-x-0 bottom-0 p-4 pr-16 text-white">
        <h3 id={titleId} className="text-lg font-extrabold leading-tight">
          {sample.title}
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-white/90">{sample.description}</p>
        <div className="mt-2 flex flex-wrap gap-1.5 text-xs font-semibold">
          <span data-testid="work-style" className="rounded-full bg-white/20 px-2.5 py-1 backdrop-blur-sm">
            {workStyle ? t(`sampleCard.workStyles.${workStyle}`) : sample.workStyle}
          </span>
          <span className="rounded-full bg-white/20 px-2.5 py-1 backdrop-blur-sm">{t('sampleCard.ages', { range: sample.ageRange })}</span>
          <span className="flex items-center gap-1 rounded-full bg-white/20 px-2.5 py-1 backdrop-blur-sm">
            <Clock aria-hidden className="h-3 w-3" />
            {sample.duration}
          </span>
        </div>
        {/* Two equal halves; a label too long for its half (a longer language) puts each on its own row. */}
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className="h-10 grow basis-[calc(50%-0.25rem)] whitespace-nowrap rounded-full bg-white/20 text-sm font-semibold backdrop-blur-sm hover:bg-white/30"
          >
            {t('sampleCard.viewDetails')}
          </button>
          <button
            type="button"
            className="h-10 grow basis-[calc(50%-0.25rem)] whitespace-nowrap rounded-full bg-brand-gradient text-sm font-semibold hover:brightness-110"
          >
            {t('sampleCard.apply')}
          </button>
        </div>
      </div>
    </article>
  );
});
