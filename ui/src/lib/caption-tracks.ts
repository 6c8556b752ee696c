/**
 * Caption tracks as players use them: a posting's tracks by language (the older `captionsUrl`
 * alone counts as English), the one a reader gets first (their language when there is a track
 * in it, else the first), and a WebVTT file read into cues (the transcript, the caption editor).
 */
import { LANGUAGES, languageOfTag } from './i18n/languages';
import type { CaptionTrack } from '@/types/internship';

export interface Cue {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

/** `hh:mm:ss.ttt` or `mm:ss.ttt` in seconds; null when it is not a WebVTT time. */
function vttSeconds(s: string): number | null {
  const m = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(s.trim());
  if (!m) return null;
  const [, h, min, sec, ms] = m;
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(sec) + Number(ms) / 1000;
}

/** The text a cue shows: tags dropped, the usual entities decoded. */
function cueText(payload: string): string {
  return payload
    .replace(/<[^>]*>?/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .trim();
}

/** The cues of a WebVTT file (NOTE, STYLE and REGION blocks and identifiers skipped). */
export function parseVtt(text: string): Cue[] {
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  const cues: Cue[] = [];
  for (const block of blocks.slice(1)) {
    const lines = block.split('\n').filter((l, i) => i > 0 || l.trim() !== '');
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0 || at > 1) continue;
    const [from, rest = ''] = lines[at].split('-->');
    const start = vttSeconds(from);
    const end = vttSeconds(rest.trim().split(/\s+/)[0] ?? '');
    if (start === null || end === null) continue;
    cues.push({ start, end, text: cueText(lines.slice(at + 1).join('\n')) });
  }
  return cues;
}

/** A posting's caption tracks, English first (a server from before tracks: `captionsUrl` as English). */
export function captionTracks(i: { captions?: CaptionTrack[]; captionsUrl: string | null }): CaptionTrack[] {
  if (i.captions) return i.captions;
  return i.captionsUrl ? [{ lang: 'en', url: i.captionsUrl }] : [];
}

/** The track a reader of `language` gets: `chosen` when it has one, else theirs, else the first. */
export function preferredTrack(tracks: readonly CaptionTrack[], language: string, chosen?: string | null): CaptionTrack | undefined {
  const lang = languageOfTag(language) ?? language;
  return tracks.find((t) => t.lang === chosen) ?? tracks.find((t) => t.lang === lang) ?? tracks[0];
}

/** A track language's own name ('es' -> 'Español'), as the language switcher shows it. */
export function trackLanguageName(lang: string): string {
  return LANGUAGES.find((l) => l.code === lang)?.name ?? lang;
}
