/**
 * Reads a local video file's length and size in the browser: a detached `<video>` element loads only the
 * metadata of an object URL, which is revoked afterwards. Resolves null when the browser cannot
 * tell (a codec it does not play, e.g. HEVC or AVI in Chromium, a damaged file, or no answer
 * within the time limit): the server decides those.
 */
const READ_TIMEOUT_MS = 8000;

/** What the browser can tell of a local video: its length and its shown size (rotation applied). */
export interface VideoFacts {
  seconds: number | null;
  width: number;
  height: number;
}

/** A landscape video: the feed shows phones a portrait crop of its middle. */
export function isLandscape(facts: VideoFacts | null): boolean {
  return facts !== null && facts.width > facts.height && facts.height > 0;
}

export function readVideoFacts(file: Blob, timeoutMs = READ_TIMEOUT_MS): Promise<VideoFacts | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let settled = false;
    const finish = (value: VideoFacts | null) => {
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
      finish({
        seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null,
        width: video.videoWidth,
        height: video.videoHeight,
      });
    };
    video.onerror = () => finish(null);
    video.src = url;
  });
}
