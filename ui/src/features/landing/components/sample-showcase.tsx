import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useLandingSamples } from '../api/get-landing-samples';
import { ns } from '../i18n';
import { SampleVideoCard } from './sample-video-card';

/**
 * The two landing samples. One plays at a time: none playing -> one
 * playing (others paused) -> paused or ended returns to none playing.
 */
export function SampleShowcase() {
  const { t } = useTranslation(ns);
  const { data: samples, isLoading, isError } = useLandingSamples();
  const videos = useRef(new Map<number, HTMLVideoElement>());
  const [playingId, setPlayingId] = useState<number | null>(null);

  const setVideoRef = useCallback(
    (id: number) => (el: HTMLVideoElement | null) => {
      if (el) videos.current.set(id, el);
      else videos.current.delete(id);
    },
    [],
  );

  const toggle = (id: number) => {
    const video = videos.current.get(id);
    if (playingId === id) {
      video?.pause();
      setPlayingId(null);
      return;
    }
    for (const [otherId, other] of videos.current) {
      if (otherId !== id && !other.paused) other.pause();
    }
    setPlayingId(id);
    if (video) {
      video.play().catch((error: unknown) => {
        // A play() interrupted by a pause is fine; a real failure returns to none playing.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        console.warn('Sample video could not play', error);
        setPlayingId((current) => (current === id ? null : current));
      });
    }
  };

  return (
    <section aria-labelledby="showcase-heading" className="overflow-hidden bg-slate-950 py-14 text-white">
      <div className="mx-auto max-w-5xl px-4">
        <p className="text-sm font-bold uppercase tracking-widest text-accent-400">{t('showcase.eyebrow')}</p>
        <h2 id="showcase-heading" className="mt-2 text-3xl font-extrabold tracking-tight">
          {t('showcase.heading')}
        </h2>
        <p className="mt-2 max-w-lg text-slate-300">{t('showcase.text')}</p>
      </div>

      <div className="mx-auto mt-8 flex max-w-5xl snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-4 md:justify-center">
        {isLoading ? (
          <>
            <div className="aspect-[9/16] w-[78vw] max-w-[320px] shrink-0 animate-pulse rounded-[28px] bg-slate-800" />
            <div className="aspect-[9/16] w-[78vw] max-w-[320px] shrink-0 animate-pulse rounded-[28px] bg-slate-800" />
          </>
        ) : isError || !samples || samples.length === 0 ? (
          <p className="rounded-2xl bg-slate-900 p-6 text-slate-300">{t('showcase.error')}</p>
        ) : (
          samples.map((sample) => (
            <SampleVideoCard
              key={sample.id}
              ref={setVideoRef(sample.id)}
              sample={sample}
              playing={playingId === sample.id}
              onToggle={() => toggle(sample.id)}
              onPlay={() => setPlayingId(sample.id)}
              onPause={() => setPlayingId((current) => (current === sample.id ? null : current))}
            />
          ))
        )}
      </div>

      <div className="mt-8 flex justify-center px-4">
        <LinkButton href={paths.jobFeed} variant="light" size="lg">
          {t('showcase.explore')}
        </LinkButton>
      </div>
    </section>
  );
}
