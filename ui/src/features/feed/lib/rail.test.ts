import { describe, expect, it } from 'vitest';
import { fitRail, RAIL, railActions, railHeight, settleSlotHeight, type RailFit, type RailKey } from './rail';

const plain = railActions({ sound: false, captions: false });
const captioned = railActions({ sound: false, captions: true });
const full = railActions({ sound: true, captions: true });

const keys = (fit: RailFit): { size: string; onRail: RailKey[]; inMenu: RailKey[]; more: boolean } => ({
  size: fit.size,
  onRail: fit.onRail.map((a) => a.key),
  inMenu: fit.inMenu.map((a) => a.key),
  more: fit.more,
});

/*
 * The room the rail has on a phone: the viewport less the overlay's top padding (3.5rem, or
 * 10.5rem on a narrow phone taller than 739 px, below the position arrows), the details and the
 * slot's bottom padding (8). For a card with a one-line title the details are 190.5 px on a
 * short screen (at most 700 px: text-lg title, one line of description, no tags) and 241 px
 * on a taller one; a two-line title adds 22.5 (short) or 25 px.
 */
const ROOM = {
  '320x568': 568 - 56 - 190.5 - 8,
  '320x568, two-line title': 568 - 56 - 213 - 8,
  '375x667': 667 - 56 - 190.5 - 8,
  '390x844': 844 - 168 - 241 - 8,
} as const;

describe('railActions', () => {
  it('lists like, comments, save and share first, then mute only with sound and CC only with captions', () => {
    expect(plain.map((a) => a.key)).toEqual(['like', 'comments', 'save', 'share']);
    expect(captioned.map((a) => a.key)).toEqual(['like', 'comments', 'save', 'share', 'captions']);
    expect(railActions({ sound: true, captions: false }).map((a) => a.key)).toEqual(['like', 'comments', 'save', 'share', 'mute']);
    expect(full.map((a) => a.key)).toEqual(['like', 'comments', 'save', 'share', 'mute', 'captions']);
  });

  it('gives a count line to like and comments only', () => {
    expect(full.filter((a) => a.counted).map((a) => a.key)).toEqual(['like', 'comments']);
  });
});

describe('railHeight', () => {
  it('adds buttons, the count lines under like and comments, and one gap between two controls', () => {
    // 4 x 48 + 2 x 18 + 3 x 10
    expect(railHeight(plain, 'regular', 4, false)).toBe(258);
    // 4 x 40 + 2 x 18 + 3 x 6
    expect(railHeight(plain, 'compact', 4, false)).toBe(214);
  });

  it('counts the More button as one more control with its gap', () => {
    expect(railHeight(plain, 'regular', 4, true) - railHeight(plain, 'regular', 4, false)).toBe(RAIL.regular.button + RAIL.regular.gap);
    expect(railHeight(plain, 'compact', 2, true)).toBe(40 + 18 + 40 + 18 + 40 + 2 * 6);
  });

  it('is the More button alone, without a gap, when no action stays on the rail', () => {
    expect(railHeight(plain, 'compact', 0, true)).toBe(RAIL.compact.button);
    expect(railHeight(plain, 'regular', 0, false)).toBe(0);
  });
});

describe('fitRail', () => {
  it('keeps every control at the regular size while the room is unknown (before the first measure)', () => {
    expect(keys(fitRail(full, Number.POSITIVE_INFINITY, true))).toEqual({
      size: 'regular',
      onRail: ['like', 'comments', 'save', 'share', 'mute', 'captions'],
      inMenu: [],
      more: true,
    });
  });

  it('shows no More button when everything fits and nothing needs it', () => {
    expect(keys(fitRail(plain, 1000, false))).toEqual({
      size: 'regular',
      onRail: ['like', 'comments', 'save', 'share'],
      inMenu: [],
      more: false,
    });
  });

  it('keeps the More button (Report) at every size when asked to', () => {
    expect(fitRail(plain, 1000, true).more).toBe(true);
    expect(fitRail(plain, railHeight(plain, 'compact', 4, true), true)).toMatchObject({ size: 'compact', shown: 4, more: true });
  });

  it('stays regular at exactly the regular height and turns compact one pixel below it', () => {
    const regular = railHeight(captioned, 'regular', 5, true);
    expect(regular).toBe(374);
    expect(fitRail(captioned, regular, true)).toMatchObject({ size: 'regular', shown: 5 });
    expect(fitRail(captioned, regular - 1, true)).toMatchObject({ size: 'compact', shown: 5 });
    expect(fitRail(captioned, regular - 0.5, true)).toMatchObject({ size: 'compact', shown: 5 });
  });

  it('moves the last control into More one pixel below the compact height, and adds the More button for it', () => {
    const compact = railHeight(captioned, 'compact', 5, false);
    expect(compact).toBe(260);
    expect(keys(fitRail(captioned, compact, false))).toEqual({
      size: 'compact',
      onRail: ['like', 'comments', 'save', 'share', 'captions'],
      inMenu: [],
      more: false,
    });
    // Four controls and More are 260 px too: one pixel less also drops Share.
    expect(railHeight(captioned, 'compact', 4, true)).toBe(260);
    expect(keys(fitRail(captioned, compact - 1, false))).toEqual({
      size: 'compact',
      onRail: ['like', 'comments', 'save'],
      inMenu: ['share', 'captions'],
      more: true,
    });
  });

  it('moves controls into More from the end of the priority order as the room shrinks', () => {
    const onRailAt = (height: number) => fitRail(full, height, true).onRail.map((a) => a.key);
    expect(onRailAt(railHeight(full, 'compact', 6, true))).toEqual(['like', 'comments', 'save', 'share', 'mute', 'captions']);
    expect(onRailAt(railHeight(full, 'compact', 5, true))).toEqual(['like', 'comments', 'save', 'share', 'mute']);
    expect(onRailAt(railHeight(full, 'compact', 5, true) - 1)).toEqual(['like', 'comments', 'save', 'share']);
    expect(onRailAt(railHeight(full, 'compact', 3, true) - 1)).toEqual(['like', 'comments']);
    expect(onRailAt(railHeight(full, 'compact', 1, true))).toEqual(['like']);
  });

  it('puts every control but Like into More when only Like and More fit, and all of them when not even that fits', () => {
    const likeAndMore = railHeight(full, 'compact', 1, true);
    expect(likeAndMore).toBe(40 + 18 + 6 + 40);
    expect(keys(fitRail(full, likeAndMore, false))).toEqual({
      size: 'compact',
      onRail: ['like'],
      inMenu: ['comments', 'save', 'share', 'mute', 'captions'],
      more: true,
    });
    expect(keys(fitRail(full, likeAndMore - 1, false))).toEqual({
      size: 'compact',
      onRail: [],
      inMenu: ['like', 'comments', 'save', 'share', 'mute', 'captions'],
      more: true,
    });
    expect(fitRail(plain, 0, true)).toMatchObject({ size: 'compact', shown: 0, more: true });
  });

  it('keeps the rail and the menu together the whole list, in order, at every height', () => {
    // Collected, then checked once: 3,000 fits with an expect each were a second of the run.
    const wrong: string[] = [];
    for (const actions of [plain, captioned, full]) {
      for (let height = 0; height <= 500; height += 1) {
        for (const alwaysMore of [false, true]) {
          const fit = fitRail(actions, height, alwaysMore);
          const at = `${actions.length} actions, ${height} px, alwaysMore ${alwaysMore}`;
          const all = [...fit.onRail, ...fit.inMenu];
          if (all.length !== actions.length || all.some((a, i) => a !== actions[i])) wrong.push(`${at}: order`);
          if (fit.onRail.length !== fit.shown) wrong.push(`${at}: shown`);
          // Anything moved off the rail needs the More button to be reached.
          if (fit.inMenu.length > 0 && !fit.more) wrong.push(`${at}: no More`);
          // What is drawn fits, unless not even the More button alone does.
          if (fit.shown > 0 && railHeight(actions, fit.size, fit.shown, fit.more) > height) wrong.push(`${at}: overflows`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never shows fewer controls for more room', () => {
    for (const alwaysMore of [false, true]) {
      let was = 0;
      for (let height = 0; height <= 500; height += 1) {
        const { shown } = fitRail(full, height, alwaysMore);
        expect(shown).toBeGreaterThanOrEqual(was);
        was = shown;
      }
    }
  });

  describe('on phones (a card with a one-line title)', () => {
    it('320x568: a guest on a plain video gets the whole rail at the regular size', () => {
      expect(keys(fitRail(plain, ROOM['320x568'], false))).toEqual({
        size: 'regular',
        onRail: ['like', 'comments', 'save', 'share'],
        inMenu: [],
        more: false,
      });
    });

    it('320x568: a signed-in student (More holds Report) gets the compact rail with captions still on it', () => {
      expect(keys(fitRail(plain, ROOM['320x568'], true))).toMatchObject({ size: 'compact', inMenu: [], more: true });
      expect(keys(fitRail(captioned, ROOM['320x568'], true))).toEqual({
        size: 'compact',
        onRail: ['like', 'comments', 'save', 'share', 'captions'],
        inMenu: [],
        more: true,
      });
    });

    it('320x568: with sound and captions, CC moves into More', () => {
      expect(keys(fitRail(full, ROOM['320x568'], true))).toEqual({
        size: 'compact',
        onRail: ['like', 'comments', 'save', 'share', 'mute'],
        inMenu: ['captions'],
        more: true,
      });
    });

    it('320x568 with a two-line title: CC moves into More even without sound', () => {
      expect(keys(fitRail(captioned, ROOM['320x568, two-line title'], true))).toEqual({
        size: 'compact',
        onRail: ['like', 'comments', 'save', 'share'],
        inMenu: ['captions'],
        more: true,
      });
    });

    it('375x667: a captioned video keeps the regular rail; with sound as well it turns compact, nothing in More', () => {
      expect(keys(fitRail(captioned, ROOM['375x667'], true))).toMatchObject({ size: 'regular', inMenu: [] });
      expect(keys(fitRail(full, ROOM['375x667'], true))).toEqual({
        size: 'compact',
        onRail: ['like', 'comments', 'save', 'share', 'mute', 'captions'],
        inMenu: [],
        more: true,
      });
    });

    it('390x844 (below the position arrows): the regular rail, compact only with every control and More', () => {
      expect(keys(fitRail(captioned, ROOM['390x844'], true))).toMatchObject({ size: 'regular', inMenu: [] });
      expect(keys(fitRail(full, ROOM['390x844'], false))).toMatchObject({ size: 'regular', inMenu: [], more: false });
      expect(keys(fitRail(full, ROOM['390x844'], true))).toMatchObject({ size: 'compact', inMenu: [] });
    });
  });
});

describe('settleSlotHeight', () => {
  it('takes the first measure as it is', () => {
    expect(settleSlotHeight(null, 313.5)).toBe(313.5);
  });

  it('keeps the height it had for a change under a pixel, either way', () => {
    expect(settleSlotHeight(313, 313.75)).toBe(313);
    expect(settleSlotHeight(313, 312.01)).toBe(313);
  });

  it('takes a change of a pixel or more', () => {
    expect(settleSlotHeight(313, 314)).toBe(314);
    expect(settleSlotHeight(313, 290.4)).toBe(290.4);
  });
});
