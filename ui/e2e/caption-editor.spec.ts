import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { AxeAudit } from './axe';
import { DEMO_EMPLOYER, expectToast, newPage, snap } from './support';

/**
 * The caption editor (issue #56): the demo employer captions a clip by keyboard only (no
 * clicks: focus moves and keys), the server's refusal shows on the cue it names, the saved
 * English track reaches a student's feed; axe at 320 and 390 px on the editor. With a Spanish
 * track too, the English reader's CC shows English and switches to Spanish; the internship page
 * offers both tracks and shows the transcript in the chosen language.
 */

const POSTING = 'UX Design Intern';
const FIRST = 'Welcome to Sproutly Labs';
const SECOND = 'We design apps with students';
const STUDENT = { email: 'ava@student.example', password: 'student123' };
const SPANISH = 'Bienvenidos a Sproutly Labs';

interface Posting {
  id: number;
  title: string;
  captionsUrl: string | null;
  captions?: { lang: string; url: string }[];
}

/** Presses a button by keyboard: focus, then Enter. */
async function press(button: Locator): Promise<void> {
  await button.focus();
  await button.press('Enter');
}

async function videoTime(dialog: Locator): Promise<number> {
  return dialog.locator('video').evaluate((v) => (v as HTMLVideoElement).currentTime);
}

/** Types a time into a field by keyboard: select what is there, type, Enter. */
async function retime(field: Locator, value: string): Promise<void> {
  await field.focus();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(value);
  await field.press('Enter');
}

test('an employer captions a clip by keyboard and a student sees the cue in the feed', async ({ browser }) => {
  test.setTimeout(120_000);
  const page: Page = await newPage(browser);
  expect((await page.request.post('/api/employers/login', { data: DEMO_EMPLOYER })).status()).toBe(200);
  const own = (await (await page.request.get('/api/employers/internships')).json()) as Posting[];
  const posting = own.find((p) => p.title === POSTING);
  expect(posting, `${POSTING} is one of the demo employer's postings`).toBeTruthy();
  const id = posting?.id ?? 0;

  await page.goto('/employer-dashboard');
  const card = page.getByRole('listitem', { name: POSTING });
  await press(card.getByRole('button', { name: `Captions for ${POSTING}` }));
  const dialog = page.getByRole('dialog', { name: 'Captions' });
  await expect(dialog).toBeVisible();

  // The posting's English track opens in the editor: its cues go, one by one.
  const cues = dialog.getByTestId('caption-cue');
  await expect(cues.first()).toBeVisible();
  while ((await cues.count()) > 0) {
    await press(dialog.getByRole('button', { name: 'Delete cue 1' }));
  }
  await expect(dialog.getByText('No cues yet. Play the video and type what is said.')).toBeVisible();

  // Typing while the video plays; Enter ends each cue at that moment.
  const said = dialog.getByLabel('What is said');
  await said.focus();
  await said.press('Alt+k');
  await expect.poll(() => videoTime(dialog), { timeout: 10_000 }).toBeGreaterThan(1);
  await said.pressSequentially(FIRST);
  await said.press('Enter');
  await expect(cues).toHaveCount(1);
  await expect.poll(() => videoTime(dialog), { timeout: 10_000 }).toBeGreaterThan(2.2);
  await said.pressSequentially(SECOND);
  await said.press('Enter');
  await said.press('Alt+k');
  await expect(cues).toHaveCount(2);
  await expect(dialog.getByLabel('Text of cue 1')).toHaveValue(FIRST);
  await expect(dialog.getByLabel('Text of cue 2')).toHaveValue(SECOND);

  // Re-timed by typing: the first cue starts at 0:00.2.
  await retime(dialog.getByLabel('Start of cue 1'), '0:00.2');
  await expect(dialog.getByLabel('Start of cue 1')).toHaveValue('0:00.2');
  // Play from a cue: the video jumps to its start, and the preview draws it over the video.
  await press(dialog.getByRole('button', { name: 'Play from here: cue 1' }));
  await expect(dialog.getByTestId('caption-preview')).toHaveText(FIRST, { timeout: 10_000 });
  await said.focus();
  await said.press('Alt+k');

  // A cue past the end of the video: the server's refusal is shown on that cue.
  await retime(dialog.getByLabel('End of cue 2'), '9:00');
  await press(dialog.getByRole('button', { name: 'Save captions' }));
  const refusal = dialog.getByTestId('caption-refusal');
  await expect(refusal).toContainText(/^Cue 2 ends after the video \(\d+:\d\d(\.\d)?\)$/);
  await expect(cues.nth(1).getByTestId('cue-error')).toHaveText((await refusal.textContent()) ?? '');
  await expect(dialog.getByLabel('Start of cue 2')).toBeFocused();

  const audit = new AxeAudit(page);
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: width === 320 ? 568 : 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll at ${width}`).toBe(
      true,
    );
    await audit.scan(`the caption editor at ${width} px`);
    await snap(page, `caption-editor-${width}`);
  }
  audit.expectClean();

  // Put right and saved.
  await retime(dialog.getByLabel('End of cue 2'), '0:11');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/internships/${id}/captions/en`) && r.request().method() === 'PUT');
  await press(dialog.getByRole('button', { name: 'Save captions' }));
  const res = await saved;
  expect(res.status(), await res.text()).toBe(200);
  const after = (await res.json()) as Posting;
  // The demo's clip also carries the narration in Spanish.
  expect(after.captions?.map((c) => c.lang)).toEqual(['en', 'es']);
  await expectToast(page, 'Captions saved');
  await expect(dialog).toHaveCount(0);
  const vtt = await (await page.request.get(after.captionsUrl ?? '')).text();
  expect(vtt).toContain(`00:00:00.200 --> `);
  expect(vtt).toContain(FIRST);
  expect(vtt).toContain(SECOND);
  // A Spanish track beside it (the editor's language choice writes the same route).
  const es = await page.request.put(`/api/internships/${id}/captions/es`, {
    data: { vtt: `WEBVTT\n\n00:00.200 --> 00:04.000\n${SPANISH}\n` },
  });
  expect(es.status(), await es.text()).toBe(200);
  const both = (await es.json()) as Posting;
  expect(both.captions?.map((c) => c.lang)).toEqual(['en', 'es']);
  await page.context().close();

  // A student: the feed's CC shows the new cue.
  const student = await newPage(browser);
  expect((await student.request.post('/api/student-login', { data: STUDENT })).status()).toBe(200);
  await student.goto('/job-feed');
  await expect(student.getByTestId('feed-card').first()).toBeAttached();
  const feedCard = student.locator(`[data-testid="feed-card"][data-internship-id="${id}"]`);
  for (let i = 0; i < 60 && (await feedCard.count()) === 0; i += 1) {
    await student.keyboard.press('j');
  }
  await feedCard.scrollIntoViewIfNeeded();
  await expect(feedCard.locator('track[kind="captions"]')).toHaveAttribute('src', after.captionsUrl ?? '');
  const cc = feedCard.getByTestId('captions-toggle');
  if (await cc.count()) {
    await cc.click();
  } else {
    await feedCard.getByTestId('more').click();
    await student.getByRole('menuitemcheckbox', { name: 'Captions' }).click();
  }
  await expect(feedCard.getByTestId('captions-cue')).toHaveText(FIRST, { timeout: 30_000 });
  await snap(student, 'caption-editor-feed-cue-390');
  // The reader's language first (English); the other is one press away.
  const switchTo = feedCard.getByTestId('captions-language');
  await expect(switchTo).toHaveText('Captions in Español');
  await switchTo.click();
  await expect(feedCard.locator('track[kind="captions"]')).toHaveAttribute('srclang', 'es');
  await expect(feedCard.getByTestId('captions-cue')).toHaveText(SPANISH, { timeout: 30_000 });
  await expect(switchTo).toHaveText('Captions in English');

  // The internship page offers each track and the transcript under the video.
  await student.goto(`/internship/${id}`);
  const tracks = student.locator('video track[kind="captions"]');
  await expect(tracks).toHaveCount(2);
  await expect(tracks.first()).toHaveAttribute('srclang', 'en');
  const transcript = student.getByTestId('transcript');
  await expect(transcript.getByRole('listitem')).toHaveText([`0:00${FIRST}`, /We design apps with students$/]);
  await transcript.getByLabel('Transcript language').selectOption('es');
  await expect(transcript.getByRole('listitem')).toHaveText([`0:00${SPANISH}`]);
  const pageAudit = new AxeAudit(student);
  await pageAudit.scan('the internship page with its transcript');
  pageAudit.expectClean();
  await student.context().close();
});
