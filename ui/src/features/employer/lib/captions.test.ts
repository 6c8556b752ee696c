import { describe, expect, it } from 'vitest';
import { clockTime, cueAt, cueNumberOf, parseClock, parseVtt, toVtt } from './captions';

describe('captions', () => {
  it('reads a WebVTT file into cues and writes it back', () => {
    const cues = parseVtt(
      '\uFEFFWEBVTT - title\r\n\r\nNOTE hi\r\n\r\nintro\r\n00:00:01.000 --> 00:00:02.500 line:90%\r\n<v Sam>Hi &amp; <b>welcome</b></v>\r\n\r\n00:03.000 --> 00:04.000\r\nTwo\r\nlines\r\n',
    );
    expect(cues).toEqual([
      { start: 1, end: 2.5, text: 'Hi & welcome' },
      { start: 3, end: 4, text: 'Two\nlines' },
    ]);
    expect(toVtt(cues)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHi &amp; welcome\n\n00:00:03.000 --> 00:00:04.000\nTwo\nlines\n');
    expect(parseVtt(toVtt([{ start: 0, end: 1, text: '5 < 6' }]))).toEqual([{ start: 0, end: 1, text: '5 < 6' }]);
  });

  it('reads and writes times as people type them', () => {
    expect(clockTime(42)).toBe('0:42');
    expect(clockTime(62.5)).toBe('1:02.5');
    expect(clockTime(3723.25)).toBe('1:02:03.25');
    expect(parseClock('1:02.5')).toBe(62.5);
    expect(parseClock('42')).toBe(42);
    expect(parseClock('0,5')).toBe(0.5);
    expect(parseClock('1:75')).toBeNull();
    expect(parseClock('soon')).toBeNull();
  });

  it('finds the cue showing now and the cue a refusal names', () => {
    const cues = [
      { start: 0, end: 1, text: 'a' },
      { start: 1, end: 2, text: 'b' },
    ];
    expect(cueAt(cues, 1)?.text).toBe('b');
    expect(cueAt(cues, 2)).toBeUndefined();
    expect(cueNumberOf('Cue 3 ends after the video (0:42)')).toBe(3);
    expect(cueNumberOf('El fragmento 2 termina antes de empezar')).toBe(2);
  });
});
