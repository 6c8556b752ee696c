import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';

/*
 * A keyboard-first feed (#23): the skip link, ↑/↓ and j/k between cards with focus following,
 * Space to play, M for sound, C for captions, each move announced in a live region; keys are
 * ignored while typing in a dialog, which traps focus and gives it back. And with
 * prefers-reduced-motion, nothing plays or scrolls by itself.
 */

function cards(page: Page): Locator {
  return page.getByTestId('feed-card');
}

/** The feed draws its first cards, then the rest one per idle moment (`data-drawing` until done). */
async function allCardsDrawn(page: Page): Promise<void> {
  await expect(page.getByTestId('feed')).not.toHaveAttribute('data-drawing');
}

/** "Internship 3 of 34: {title} at {company}", read from the card itself. */
async function announcementFor(page: Page, index: number): Promise<string> {
  await allCardsDrawn(page);
  const card = cards(page).nth(index);
  const title = (await card.getByRole('heading', { level: 2 }).innerText()).trim();
  const company = (await card.getAttribute('data-company')) ?? '';
  const total = await cards(page).count();
  return `Internship ${index + 1} of ${total}: ${title} at ${company}`;
}

/** Index of the first card that shows a playable video. */
async function firstVideoIndex(page: Page): Promise<number> {
  await allCardsDrawn(page);
  const media = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-media')));
  const index = media.indexOf('video');
  expect(index, 'the demo feed has a card with a video').toBeGreaterThanOrEqual(0);
  return index;
}

async function focusedCardIndex(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el instanceof HTMLElement && el.dataset.testid === 'feed-card' ? Number(el.dataset.index) : null;
  });
}

test('the feed works from the keyboard alone', async ({ page }) => {
  await page.goto('/job-feed');
  await expect(cards(page).first()).toBeVisible();
  const announcer = page.getByTestId('feed-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');

  // The first Tab reaches the skip link, shown while focused; Enter moves focus into <main>.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box && box.width > 40 && box.height > 20, 'the skip link is visible on focus').toBe(true);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

  // ↓, j, k, ↑: the card changes, focus follows it, and the move is announced.
  await page.keyboard.press('ArrowDown');
  await expect(announcer).toHaveText(await announcementFor(page, 1));
  await expect.poll(() => focusedCardIndex(page)).toBe(1);
  await expect(page.getByTestId('feed-position')).toHaveText(/^Internship 2\//);
  await page.keyboard.press('j');
  await expect(announcer).toHaveText(await announcementFor(page, 2));
  await expect.poll(() => focusedCardIndex(page)).toBe(2);
  await page.keyboard.press('k');
  await expect(announcer).toHaveText(await announcementFor(page, 1));
  await page.keyboard.press('ArrowUp');
  await expect(announcer).toHaveText(await announcementFor(page, 0));
  await expect.poll(() => focusedCardIndex(page)).toBe(0);

  // The focused card shows a visible outline (not the browser's default, not none).
  const outline = await cards(page)
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
    });
  expect(outline.style).toBe('solid');
  expect(outline.width).toBeGreaterThanOrEqual(2);

  // Tab goes on into the focused card's own controls.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="feed-card"][data-index="0"]'))).toBe(true);
  await page.keyboard.press('Escape');

  // To the first card with a video: it plays; Space pauses and plays again.
  const v = await firstVideoIndex(page);
  // (Focus is on a control of card 0 now: at least one move, so it lands on the card again.)
  if (v === 0) await page.keyboard.press('j');
  for (let i = 0; i < v; i += 1) await page.keyboard.press('j');
  if (v === 0) await page.keyboard.press('k');
  await expect(announcer).toHaveText(await announcementFor(page, v));
  await expect.poll(() => focusedCardIndex(page)).toBe(v);
  const videoCard = cards(page).nth(v);
  await expect(videoCard).toHaveAttribute('data-playing', 'true');
  await page.keyboard.press('Space');
  await expect(videoCard).toHaveAttribute('data-playing', 'false');
  await page.keyboard.press('Space');
  await expect(videoCard).toHaveAttribute('data-playing', 'true');

  // M: sound on and off; C: captions on and off. Both said out loud. (The Mute control shows only
  // on a video with sound; the demo clips are silent, so the key is checked on the element.)
  await page.keyboard.press('m');
  await expect(announcer).toHaveText('Sound on');
  expect(await videoCard.locator('video').evaluate((el: HTMLVideoElement) => el.muted)).toBe(false);
  await page.keyboard.press('m');
  await expect(announcer).toHaveText('Sound off');
  expect(await videoCard.locator('video').evaluate((el: HTMLVideoElement) => el.muted)).toBe(true);
  const cc = videoCard.getByTestId('captions-toggle');
  if ((await cc.count()) > 0) {
    await page.keyboard.press('c');
    await expect(announcer).toHaveText('Captions on');
    await expect(cc).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('c');
    await expect(announcer).toHaveText('Captions off');
    await expect(cc).toHaveAttribute('aria-pressed', 'false');
  } else {
    await page.keyboard.press('c');
    await expect(announcer).toHaveText('This video has no captions');
  }

  // In the comments dialog the keys are typing, focus stays inside, and Escape gives it back.
  const comments = videoCard.getByTestId('comments');
  await comments.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Comments' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), 'focus stays in the dialog').toBe(true);
  }
  await expect(page.getByTestId('feed-position')).toHaveText(new RegExp(`^Internship ${v + 1}/`));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(comments).toBeFocused();
  await expect(page.getByTestId('feed-position')).toHaveText(new RegExp(`^Internship ${v + 1}/`));
});

test('keys typed into a field never move the feed', async ({ page }) => {
  await page.goto('/job-feed');
  await expect(cards(page).first()).toBeVisible();
  await cards(page).first().getByTestId('comments').click();
  const dialog = page.getByRole('dialog', { name: 'Comments' });
  // Keys go to the dialog once it holds the focus (its effects, Escape's listener among them, have run).
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const input = dialog.getByRole('textbox');
  if (await input.count()) {
    await input.focus();
    await page.keyboard.type('jk mc ');
  } else {
    await page.keyboard.type('jkmc');
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('feed-position')).toHaveText(/^Internship 1\//);
  const firstVideo = cards(page).first().locator('video');
  if (await firstVideo.count()) expect(await firstVideo.evaluate((el: HTMLVideoElement) => el.muted)).toBe(true);
});

test('the skip link comes first on every kind of screen', async ({ page }) => {
  // (/admin-login is left out: its pin field takes the focus as the page opens.)
  for (const route of [
    '/',
    '/role-selection',
    '/browse-internships',
    '/learn-about',
    '/student-signup',
    '/employer-login',
    '/no-such-page',
  ]) {
    await page.goto(route);
    // The app has drawn its first screen (it renders once its first chunks are in, which may be
    // after the load event): a Tab before that has nothing to land on.
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached();
    await expect(page.locator('main')).toBeAttached();
    await expect(page.getByText('Loading page')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' }), route).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName), route).toBe('MAIN');
    // The next Tab lands on a control inside the content, with a visible focus indicator
    // (an outline, or a field's ring).
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      if (!(el instanceof HTMLElement)) return null;
      const style = getComputedStyle(el);
      return {
        inMain: !!el.closest('main'),
        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
        ring: style.boxShadow !== 'none',
      };
    });
    expect(focused?.inMain, route).toBe(true);
    expect(focused?.outline || focused?.ring, `${route}: focus is visible`).toBe(true);
  }
});

test('with reduced motion nothing plays until Space or a tap, and moves do not animate', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/job-feed');
  await expect(cards(page).first()).toBeVisible();
  const feed = page.getByTestId('feed');
  expect(await feed.evaluate((el) => getComputedStyle(el).scrollSnapType)).toBe('none');

  const v = await firstVideoIndex(page);
  for (let i = 0; i < v; i += 1) {
    await page.keyboard.press('ArrowDown');
    // Instant: the scroll position is already the card's, no smooth animation under way.
    expect(await feed.evaluate((el, i) => Math.abs(el.scrollTop - (i + 1) * el.clientHeight) <= 1, i)).toBe(true);
  }
  const videoCard = cards(page).nth(v);
  await expect(videoCard).toHaveAttribute('data-loaded', 'true');
  const video = videoCard.locator('video');
  await expect(video).toHaveAttribute('poster', /.+/);
  // Time for an autoplay that must not come.
  await page.waitForTimeout(1500);
  await expect(videoCard).toHaveAttribute('data-playing', 'false');
  expect(await video.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);

  await page.keyboard.press('Space');
  await expect(videoCard).toHaveAttribute('data-playing', 'true');
  await page.keyboard.press('Space');
  await expect(videoCard).toHaveAttribute('data-playing', 'false');
  // A tap plays it too.
  await videoCard.getByTestId('play-toggle').click();
  await expect(videoCard).toHaveAttribute('data-playing', 'true');
});
