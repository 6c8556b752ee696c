/**
 * The feed card's action rail: which controls it holds, how much of it fits the room between the
 * top bar and the details, and which controls move into its More menu on a short screen. Pure, so
 * the card (components/feed-card.tsx) only measures the room and draws the result.
 */

/** The rail's sizes (px): a button, a count under it, the gap between two controls. */
export const RAIL = {
  regular: { button: 48, count: 18, gap: 10 },
  compact: { button: 40, count: 18, gap: 6 },
} as const;
export type RailSize = keyof typeof RAIL;

export type RailKey = 'like' | 'comments' | 'save' | 'share' | 'mute' | 'captions';

/** One control the rail can show (or move into its More menu when the screen is short). */
export interface RailAction {
  key: RailKey;
  counted: boolean;
}

/**
 * The card's controls in priority order (the last ones are the first to move into More): Mute
 * only where the video is known to have sound, CC only where it has captions.
 */
export function railActions({ sound, captions }: { sound: boolean; captions: boolean }): RailAction[] {
  return [
    { key: 'like', counted: true },
    { key: 'comments', counted: true },
    { key: 'save', counted: false },
    { key: 'share', counted: false },
    ...(sound ? [{ key: 'mute' as const, counted: false }] : []),
    ...(captions ? [{ key: 'captions' as const, counted: false }] : []),
  ];
}

/** The height (px) of the rail's first `count` controls at `size`, with the More button when `more`. */
export function railHeight(actions: readonly RailAction[], size: RailSize, count: number, more: boolean): number {
  const r = RAIL[size];
  const items = actions.slice(0, count);
  const n = items.length + (more ? 1 : 0);
  return items.reduce((sum, a) => sum + r.button + (a.counted ? r.count : 0), 0) + (more ? r.button : 0) + Math.max(0, n - 1) * r.gap;
}

export interface RailFit {
  size: RailSize;
  /** How many of the actions stay on the rail (the first ones). */
  shown: number;
  /** Whether the rail ends with the More button. */
  more: boolean;
  onRail: RailAction[];
  /** The actions moved into the More menu (in rail order). */
  inMenu: RailAction[];
}

/**
 * How much of the rail fits in `height` px: every control at the regular size, else at the
 * compact size, else the first ones (in priority order) with the rest in the More menu.
 * `alwaysMore`: the More button is there anyway (it holds Report).
 */
export function fitRail(actions: readonly RailAction[], height: number, alwaysMore: boolean): RailFit {
  const fit = (size: RailSize, shown: number, more: boolean): RailFit => ({
    size,
    shown,
    more,
    onRail: actions.slice(0, shown),
    inMenu: actions.slice(shown),
  });
  for (const size of ['regular', 'compact'] as const) {
    if (railHeight(actions, size, actions.length, alwaysMore) <= height) return fit(size, actions.length, alwaysMore);
  }
  let shown = actions.length - 1;
  while (shown > 0 && railHeight(actions, 'compact', shown, true) > height) shown -= 1;
  return fit('compact', shown, true);
}

/** The slot's bottom padding (pb-2): its first measure (clientHeight) counts without it. */
export const SLOT_PADDING_BOTTOM = 8;

/**
 * The room the rail has after the slot reports `measured` px, from `was`: the observer's
 * measures are fractional, and a change under a pixel moves no button, so it keeps `was` (the
 * same value: no re-render of the card, which was a long task per card).
 */
export function settleSlotHeight(was: number | null, measured: number): number {
  return was !== null && Math.abs(was - measured) < 1 ? was : measured;
}
