/**
 * CC in the feed stays as the viewer last chose it on this device (localStorage): a deaf or
 * hard-of-hearing student, or one who watches muted in class, turns captions on once and finds
 * them on at every visit after. Kept on the device, like the language before sign-in: it works
 * for visitors too, needs no request, and a shared school computer forgets it with its storage.
 */
export const CAPTIONS_STORAGE_KEY = 'internreel.captions';

/** Whether the viewer last turned captions on here. */
export function captionsRemembered(): boolean {
  try {
    return window.localStorage.getItem(CAPTIONS_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Keeps the viewer's choice for the next visit. */
export function rememberCaptions(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(CAPTIONS_STORAGE_KEY, 'on');
    else window.localStorage.removeItem(CAPTIONS_STORAGE_KEY);
  } catch {
    // Private mode or full storage: the choice lasts this visit.
  }
}
