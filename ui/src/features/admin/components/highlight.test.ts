import { describe, expect, it } from 'vitest';
import { markedParts } from './highlight';

describe("the server's marks in a screened text", () => {
  it('cut the text where the screen found each term, in UTF-16 units', () => {
    const text = 'Wrap the 🚚 delivery truck; plan the rooftop';
    const start = text.indexOf('delivery');
    const roof = text.indexOf('rooftop');
    expect(
      markedParts(text, [
        { term: 'roofing', start: roof, end: roof + 7 },
        { term: 'driving', start, end: start + 'delivery truck'.length },
      ]),
    ).toEqual([
      { at: 0, text: 'Wrap the 🚚 ' },
      { at: start, text: 'delivery truck', term: 'driving' },
      { at: start + 14, text: '; plan the ' },
      { at: roof, text: 'rooftop', term: 'roofing' },
    ]);
  });

  it('leave out marks that overlap an earlier one or fall outside the text', () => {
    expect(
      markedParts('forklift truck', [
        { term: 'forklift', start: 0, end: 8 },
        { term: 'forklift', start: 4, end: 14 },
        { term: 'x', start: 10, end: 99 },
      ]),
    ).toEqual([
      { at: 0, text: 'forklift', term: 'forklift' },
      { at: 8, text: ' truck' },
    ]);
  });
});
