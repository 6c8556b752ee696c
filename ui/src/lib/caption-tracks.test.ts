import { describe, expect, it } from 'vitest';
import { captionTracks, preferredTrack, trackLanguageName } from './caption-tracks';

describe('caption tracks', () => {
  const both = [
    { lang: 'en', url: '/api/captions/en.vtt' },
    { lang: 'es', url: '/api/captions/es.vtt' },
  ];

  it("gives the reader's language when there is a track in it, else the other, and a chosen one first", () => {
    expect(preferredTrack(both, 'es')?.lang).toBe('es');
    expect(preferredTrack(both, 'es-MX')?.lang).toBe('es');
    expect(preferredTrack(both, 'en')?.lang).toBe('en');
    expect(preferredTrack([both[1]], 'en')?.lang).toBe('es');
    expect(preferredTrack([both[0]], 'es')?.lang).toBe('en');
    expect(preferredTrack(both, 'es', 'en')?.lang).toBe('en');
    expect(preferredTrack([], 'en')).toBeUndefined();
  });

  it('counts an older captionsUrl as English and names languages in their own words', () => {
    expect(captionTracks({ captionsUrl: '/api/captions/x.vtt' })).toEqual([{ lang: 'en', url: '/api/captions/x.vtt' }]);
    expect(captionTracks({ captionsUrl: null })).toEqual([]);
    expect(captionTracks({ captions: both, captionsUrl: both[0].url })).toBe(both);
    expect(trackLanguageName('es')).toBe('Español');
  });
});
