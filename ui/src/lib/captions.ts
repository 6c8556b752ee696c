/** Captions files (issue 21): one WebVTT file of at most 200 KB, sent beside a video. */
export const CAPTIONS_ACCEPT = '.vtt,text/vtt';
export const CAPTIONS_MAX_BYTES = 200 * 1024;

/** Why a chosen captions file is refused, or undefined when it is fine. */
export function captionsFileError(file: File): string | undefined {
  const name = file.name.toLowerCase();
  if (!name.endsWith('.vtt') && file.type !== 'text/vtt') return 'Captions must be a WebVTT file (.vtt)';
  if (file.size > CAPTIONS_MAX_BYTES) return 'Captions must be 200 KB or smaller';
  if (file.size === 0) return 'This captions file is empty';
  return undefined;
}

export function formatKilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
