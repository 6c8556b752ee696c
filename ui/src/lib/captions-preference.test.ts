import { afterEach, describe, expect, it } from 'vitest';
import { CAPTIONS_STORAGE_KEY, captionsRemembered, rememberCaptions } from './captions-preference';

describe('the remembered CC choice', () => {
  afterEach(() => window.localStorage.clear());

  it('is off until chosen, then stays as chosen', () => {
    expect(captionsRemembered()).toBe(false);
    rememberCaptions(true);
    expect(window.localStorage.getItem(CAPTIONS_STORAGE_KEY)).toBe('on');
    expect(captionsRemembered()).toBe(true);
    rememberCaptions(false);
    expect(captionsRemembered()).toBe(false);
  });
});
