import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { captionTracks, parseVtt, preferredTrack, trackLanguageName, type Cue } from '@/lib/caption-tracks';
import { internshipNs } from '@/lib/i18n/namespaces/internship';
import type { Internship } from '@/types/internship';

/** `m:ss` of a cue's start. */
function startOf(seconds: number): string {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The transcript under a posting's video (issue #56): the cues of a caption track as text, in
 * the reader's language when there is a track in it, else the first; with more than one track,
 * a choice of language. Nothing when the posting has no captions.
 */
export function Transcript({ internship }: { internship: Pick<Internship, 'captions' | 'captionsUrl'> }) {
  const { t, i18n } = useTranslation(internshipNs);
  const tracks = captionTracks(internship);
  const [chosen, setChosen] = useState<string | null>(null);
  const track = preferredTrack(tracks, i18n.language, chosen);
  const url = track?.url ?? null;
  const [loaded, setLoaded] = useState<{ url: string; cues: Cue[] | null } | null>(null);

  useEffect(() => {
    if (!url) return;
    let stale = false;
    fetch(url, { credentials: 'include' })
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then(
        (text) => !stale && setLoaded({ url, cues: parseVtt(text) }),
        () => !stale && setLoaded({ url, cues: null }),
      );
    return () => {
      stale = true;
    };
  }, [url]);

  if (!track) return null;
  const cues = loaded?.url === url ? loaded.cues : undefined;
  return (
    <section className="mt-4" aria-labelledby="transcript-title" data-testid="transcript">
      <h4 id="transcript-title" className="font-bold text-slate-900">
        {t('transcript.title')}
      </h4>
      {tracks.length > 1 ? (
        <NativeSelectField
          className="mt-2"
          label={t('transcript.language')}
          value={track.lang}
          onValueChange={setChosen}
          options={tracks.map((x) => ({ value: x.lang, label: trackLanguageName(x.lang) }))}
        />
      ) : null}
      {cues === undefined ? (
        <p className="mt-2 text-sm text-slate-600">{t('transcript.loading')}</p>
      ) : cues === null ? (
        <p className="mt-2 text-sm text-rose-700">{t('transcript.failed')}</p>
      ) : (
        <ol className="mt-2 space-y-1.5 text-sm text-slate-800" lang={track.lang} data-lang={track.lang}>
          {cues.map((cue, n) => (
            <li key={n} className="flex gap-2">
              <span className="w-10 shrink-0 tabular-nums text-slate-600">{startOf(cue.start)}</span>
              <span className="whitespace-pre-line break-words">{cue.text}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
