import { tForms } from './i18n/namespaces/forms';

/** Captions files (issue 21): one WebVTT file of at most 200 KB, sent beside a video. */
export const CAPTIONS_ACCEPT = '.vtt,text/vtt';
export const CAPTIONS_MAX_BYTES = 200 * 1024;

/** Why a chosen captions file is refused, or undefined when it is fine. */
export function captionsFileError(file: File): string | undefined {
  const name = file.name.toLowerCase();
  if (!name.endsWith('.vtt') && file.type !== 'text/vtt') return tForms('captions.type');
  if (file.size > CAPTIONS_MAX_BYTES) return tForms('captions.size');
  if (file.size === 0) return tForms('captions.empty');
  return undefined;
}

export function formatKilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
