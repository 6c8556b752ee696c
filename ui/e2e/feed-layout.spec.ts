import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import {
  boxOf,
  createStudentViaApi,
  DESKTOP,
  newEmployerApi,
  newPage,
  newStudent,
  PHONE,
  postInternshipViaApi,
  snap,
  toasts,
} from './support';

/**
 * Issue 32, the feed card's layout on phones: every control of the side rail is where a tap
 * lands (nothing of the top bar, the position arrows or the details lies over it) at every
 * phone height from 568 px, with and without captions; the captions are drawn inside the
 * visible part of the cropped video, wrapped, above the details and left of the rail; a video
 * without sound and a placeholder card show no Mute control. A toast sits below the top bar and
 * clear of the rail; at 1280 px the position arrows sit beside the card column.
 */

test.describe.configure({ timeout: 120_000 });

const VIDEO = fileURLToPath(new URL('../../fixtures/videos/code-camp.mp4', import.meta.url));
const CUE = "As our QA intern you'll test new app versions first.";
const VIEWPORTS = [
  { width: 320, height: 568 },
  { width: 360, height: 740 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
];

interface Posting {
  id: number;
  videoStatus: string;
  videoUrl: string | null;
  captionsUrl: string | null;
}

let employer: APIRequestContext;
let captioned: Posting;
/** Deleted after the tests, so the feed other specs see is the demo's. */
const made: number[] = [];

/** A verified employer posts the demo clip with one long cue covering the whole clip. */
test.beforeAll(async () => {
  employer = await newEmployerApi('feed-layout', 'Quality Apps Co');
  const res = await employer.post('/api/internships', {
    multipart: {
      title: `QA Tester Intern ${Date.now().toString(36)}`,
      description: 'Test new versions of our phone apps before anyone else and tell the developers what breaks.',
      location: 'Remote',
      duration: '6 weeks',
      requirements: 'Curious, careful, patient',
      applicationDeadline: '2030-06-30',
      workStyle: 'Remote',
      ageRequirement: '16+',
      gradeRequirement: '11th-12th grade',
      skills: 'Testing',
      benefits: 'Mentorship',
      tags: 'technology',
      hazardousDutiesConfirmed: 'true',
      videoFile: { name: 'code-camp.mp4', mimeType: 'video/mp4', buffer: readFileSync(VIDEO) },
      captionsFile: { name: 'qa.vtt', mimeType: 'text/vtt', buffer: Buffer.from(`WEBVTT\n\n00:00:00.000 --> 00:10:00.000\n${CUE}\n`) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  captioned = (await res.json()) as Posting;
  made.push(captioned.id);
  await expect
    .poll(
      async () => {
        const body = (await (await employer.get(`/api/internships/${captioned.id}`)).json()) as Posting;
        return body.videoStatus === 'ready' && !!body.videoUrl;
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  for (const id of made) await employer.delete(`/api/internships/${id}`);
  await employer.dispose();
});

/** Scroll the feed (the j key) until the card of `id` fills the screen. */
async function showCard(page: Page, id: number): Promise<Locator> {
  const card = page.locator(`[data-testid="feed-card"][data-internship-id="${id}"]`);
  for (let i = 0; i < 80 && (await card.count()) === 0; i += 1) await page.keyboard.press('j');
  const index = Number(await card.getAttribute('data-index'));
  await page.getByTestId('feed').evaluate((el, i) => el.scrollTo({ top: i * el.clientHeight, behavior: 'instant' }), index);
  await expect.poll(() => card.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(0);
  return card;
}

/** Each rail control whose centre is covered by something else (empty when all are reachable). */
async function coveredRailButtons(card: Locator): Promise<string[]> {
  return card.evaluate((el) => {
    const covered: string[] = [];
    for (const button of Array.from(el.querySelectorAll<HTMLElement>('[data-rail-button]'))) {
      const r = button.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      const inside = x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight;
      if (!inside || !hit || !button.contains(hit)) {
        covered.push(
          `${button.getAttribute('aria-label') ?? ''} at ${Math.round(x)},${Math.round(y)} under ${hit?.outerHTML.slice(0, 80) ?? 'nothing'}`,
        );
      }
    }
    return covered;
  });
}

test('every rail control is reachable at 320x568, 360x740, 375x667 and 390x844, with and without captions', async ({ page }) => {
  await createStudentViaApi(page.request, newStudent('rail'));
  const list = (await (await page.request.get('/api/internships')).json()) as Posting[];
  const plain = list.find((p) => !p.captionsUrl && p.videoUrl);
  expect(plain, 'a demo posting with a video and no captions').toBeTruthy();

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/job-feed');
    await expect(page.getByTestId('feed-card').first()).toBeVisible();
    for (const [name, id] of [
      ['plain', plain!.id],
      ['captions', captioned.id],
    ] as const) {
      const card = await showCard(page, id);
      const rail = card.getByTestId('rail');
      await expect(rail.getByTestId('like')).toBeVisible();
      if (name === 'captions') {
        // CC is on the rail or, on a short screen, in More.
        expect((await card.getByTestId('captions-toggle').count()) + (await card.getByTestId('more').count())).toBeGreaterThan(0);
      }
      expect(await coveredRailButtons(card), `${name} card at ${viewport.width}x${viewport.height}`).toEqual([]);
      // Between the top bar and the details.
      const railBox = await boxOf(rail);
      const nav = await boxOf(page.getByRole('navigation', { name: 'Feed' }));
      const details = await boxOf(card.getByRole('link', { name: 'View Details' }));
      expect(railBox.y).toBeGreaterThanOrEqual(nav.y + nav.height);
      expect(railBox.y + railBox.height).toBeLessThanOrEqual(details.y);
      const arrows = page.getByTestId('feed-arrows');
      if (await arrows.isVisible()) {
        const a = await boxOf(arrows);
        expect(railBox.y >= a.y + a.height || railBox.x + railBox.width <= a.x, 'rail clear of the position arrows').toBe(true);
      }
      await snap(page, `feed-rail-${name}-${viewport.width}x${viewport.height}`);
    }
  }
});

test('captions are drawn wrapped inside the screen, above the details and left of the rail', async ({ page }) => {
  for (const viewport of [
    { width: 320, height: 568 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/job-feed');
    await expect(page.getByTestId('feed-card').first()).toBeVisible();
    const card = await showCard(page, captioned.id);
    await expect(card).toHaveAttribute('data-playing', 'true');
    const cc = card.getByTestId('captions-toggle');
    if (viewport.width !== 320) {
      // Turned on at the first size, CC stays on at the next visit (remembered on the device).
      if (await cc.count()) await expect(cc).toHaveAttribute('aria-pressed', 'true');
    } else if (await cc.count()) {
      await cc.click();
    } else {
      await card.getByTestId('more').click();
      await page.getByRole('menuitemcheckbox', { name: 'Captions' }).click();
    }
    const cue = card.getByTestId('captions-cue');
    await expect(cue).toHaveText(CUE);
    const c = await boxOf(cue);
    const rail = await boxOf(card.getByTestId('rail'));
    const details = await boxOf(card.getByRole('heading', { level: 2 }));
    expect(c.x).toBeGreaterThanOrEqual(0);
    expect(c.y).toBeGreaterThanOrEqual(0);
    expect(c.x + c.width).toBeLessThanOrEqual(rail.x);
    expect(c.y + c.height).toBeLessThanOrEqual(details.y);
    // The whole text is shown (wrapped), none of it clipped.
    expect(await cue.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
    await snap(page, `feed-captions-${viewport.width}x${viewport.height}`);
  }
});

test('a video without sound and a placeholder card show no Mute control; M still switches the sound', async ({ page }) => {
  await page.goto('/job-feed');
  const first = page.getByTestId('feed-card').first();
  await expect(first).toHaveAttribute('data-playing', 'true');
  // The demo clips are silent.
  await page.waitForTimeout(1500);
  await expect(first.getByTestId('mute')).toHaveCount(0);
  await page.keyboard.press('m');
  await expect(page.getByTestId('feed-announcer')).toHaveText('Sound on');

  // An AI video request: the card is a placeholder, nothing to play or hear.
  const ai = await postInternshipViaApi<Posting>(employer, {
    title: `Placeholder Intern ${Date.now().toString(36)}`,
    description: 'A posting whose video the district makes.',
  });
  made.push(ai.id);
  await page.goto('/job-feed');
  await expect(page.getByTestId('feed-card').first()).toBeVisible();
  const card = await showCard(page, ai.id);
  await expect(card).toHaveAttribute('data-media', 'processing');
  await expect(card.getByTestId('mute')).toHaveCount(0);
  await expect(card.getByTestId('play-toggle')).toHaveCount(0);
});

test('a video with sound shows the Mute control', async ({ page }) => {
  // A 4-second clip with a tone, made for this run.
  const path = test.info().outputPath('with-sound.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=360x640:r=24:d=4',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=4',
    '-shortest',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    path,
  ]);
  const res = await employer.post('/api/internships', {
    multipart: {
      title: `Sound Check Intern ${Date.now().toString(36)}`,
      description: 'A posting whose video has sound, to check the Mute control.',
      location: 'Remote',
      duration: '4 weeks',
      requirements: 'Curious, careful, patient',
      applicationDeadline: '2030-06-30',
      workStyle: 'Remote',
      tags: 'technology',
      hazardousDutiesConfirmed: 'true',
      videoFile: { name: 'with-sound.mp4', mimeType: 'video/mp4', buffer: readFileSync(path) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const posted = (await res.json()) as Posting;
  made.push(posted.id);
  await expect
    .poll(async () => ((await (await employer.get(`/api/internships/${posted.id}`)).json()) as Posting).videoStatus, { timeout: 60_000 })
    .toBe('ready');
  // A tone is speech-level sound: the district's captions rule wants a track before students see it.
  const track = await employer.put(`/api/internships/${posted.id}/captions/en`, {
    data: { vtt: 'WEBVTT\n\n00:00.000 --> 00:02.000\n(A steady tone)\n' },
  });
  expect(track.status(), await track.text()).toBe(200);
  await page.goto('/job-feed');
  await expect(page.getByTestId('feed-card').first()).toBeVisible();
  const card = await showCard(page, posted.id);
  await expect(card).toHaveAttribute('data-playing', 'true');
  const mute = card.getByTestId('mute');
  await expect(mute).toHaveAccessibleName('Unmute');
  await mute.click();
  await expect(mute).toHaveAccessibleName('Mute');
  expect(await card.locator('video').evaluate((el: HTMLVideoElement) => el.muted)).toBe(false);
});

test('on a phone a toast sits below the feed’s top bar and clear of the rail', async ({ browser }) => {
  for (const viewport of [PHONE, { width: 320, height: 568 }]) {
    const page = await newPage(browser, viewport);
    await createStudentViaApi(page.request, newStudent('toast-feed'));
    await page.goto('/job-feed');
    const card = page.getByTestId('feed-card').first();
    await expect(card).toBeVisible();
    await card.getByTestId('save').click();
    const toast = toasts(page).locator('li').first();
    await expect(toast).toBeVisible();
    const t = (await toast.boundingBox())!;
    const nav = (await page.getByRole('navigation', { name: 'Feed' }).boundingBox())!;
    expect(t.y, 'below the top bar').toBeGreaterThanOrEqual(nav.y + nav.height);
    for (const button of await card.locator('[data-rail-button]').all()) {
      const b = (await button.boundingBox())!;
      expect(t.x + t.width <= b.x || t.y + t.height <= b.y || b.y + b.height <= t.y, 'clear of the rail').toBe(true);
    }
    await snap(page, `toast-feed-${viewport.width}`);
    await page.context().close();
  }
});

test('at 1280x800 the feed’s position arrows sit beside the card column', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/job-feed');
  const card = page.getByTestId('feed-card').first();
  await expect(card).toBeVisible();
  const arrows = page.getByTestId('feed-arrows');
  await expect(arrows.getByRole('button', { name: 'Next internship' })).toBeVisible();
  const c = await boxOf(card);
  const a = await boxOf(arrows);
  // Right of the column, close to it, and far from the window's edge.
  expect(a.x).toBeGreaterThanOrEqual(c.x + c.width);
  expect(a.x - (c.x + c.width)).toBeLessThanOrEqual(24);
  expect(DESKTOP.width - (a.x + a.width)).toBeGreaterThan(100);
  await snap(page, 'feed-1280');

  // On a phone they stay inside the screen.
  await page.setViewportSize(PHONE);
  const phone = await boxOf(arrows);
  expect(phone.x + phone.width).toBeLessThanOrEqual(PHONE.width);
  expect(phone.x).toBeGreaterThan(PHONE.width / 2);
});
