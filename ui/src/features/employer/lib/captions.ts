/**
 * Caption cues for the caption editor: WebVTT written back from cues (reading is shared:
 * `lib/captions.ts`), and times as people type them ("1:02.5"). The server checks and cleans
 * what is saved (src/media/webvtt.rs); this side only has to be faithful to what the employer typed.
 */
import type { Cue } from '@/lib/caption-tracks';

export { parseVtt, type Cue } from '@/lib/caption-tracks';

/** The caption languages an employer can declare, in the server's order. */
export const CAPTION_LANGS = ['en', 'es'] as const;
export type CaptionLang = (typeof CAPTION_LANGS)[number];

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** `hh:mm:ss.ttt`. */
export function vttTime(seconds: number): string {
  const ms = Math.round(Math.max(0, seconds) * 1000);
  const s = Math.floor(ms / 1000);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}.${pad(ms % 1000, 3)}`;
}

/** The WebVTT file of the cues, in their order (the server numbers them the same way). */
export function toVtt(cues: readonly Cue[]): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = cues.map((c) => `${vttTime(c.start)} --> ${vttTime(c.end)}\n${escape(c.text.trim())}\n`).join('\n');
  return `WEBVTT\n\n${body}`;
}

/** A time as people read and type it: `0:42`, `1:02.5`, `1:02:03.25`. */
export function clockTime(seconds: number): string {
  const cs = Math.round(Math.max(0, seconds) * 100);
  const s = Math.floor(cs / 100);
  const frac = cs % 100;
  const tail = frac === 0 ? '' : `.${pad(frac).replace(/0$/, '')}`;
  const h = Math.floor(s / 3600);
  const base = h > 0 ? `${h}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}` : `${Math.floor(s / 60)}:${pad(s % 60)}`;
  return base + tail;
}

/** A typed time ("42", "0:42", "1:02.5", "1:02:03") in seconds; null when it is not one. */
export function parseClock(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d+(:\d{1,2}){0,2}(\.\d{1,3})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  const parts = whole.split(':').map(Number);
  if (parts.slice(1).some((p) => p > 59)) return null;
  const seconds = parts.reduce((acc, p) => acc * 60 + p, 0);
  return seconds + (frac ? Number(`0.${frac}`) : 0);
}

/** The cue showing at `time`, if any. */
export function cueAt(cues: readonly Cue[], time: number): Cue | undefined {
  return cues.find((c) => time >= c.start && time < c.end);
}

/** The cue number a server refusal names ("Cue 3 ends after the video (0:42)", in any language: its first number). */
export function cueNumberOf(message: string): number | null {
  const m = /(\d+)/.exec(message);
  return m ? Number(m[1]) : null;
}
