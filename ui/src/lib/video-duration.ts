/**
 * Reads a local video file's length in the browser: a detached `<video>` element loads only the
 * metadata of an object URL, which is revoked afterwards. Resolves null when the browser cannot
 * tell (a codec it does not play, e.g. HEVC or AVI in Chromium, a damaged file, or no answer
 * within the time limit): the server decides those.
 */
const READ_TIMEOUT_MS = 8000;

export function readVideoDuration(file: Blob, timeoutMs = READ_TIMEOUT_MS): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let settled = false;
    const finish = (value: number | null) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = window.setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const seconds = video.duration;
      finish(Number.isFinite(seconds) && seconds > 0 ? seconds : null);
    };
    video.onerror = () => finish(null);
    video.src = url;
  });
}
