import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { AxeAudit } from './axe';
import { es, esPrefix, SpanishAudit } from './spanish-support';
import { DEMO_ADMIN_PIN, expectToast, newPage, snap } from './support';

/**
 * The district's captions rule (on in the demo's new data directory): Bayview County's demo
 * posting has narration and no captions, so its card says it waits for captions, with the
 * caption editor's button and "This video has no speech" beside it. A clip of sustained tone
 * confirmed as speechless waits for the district's review; the admin's Captions tab lists
 * both, and the admin's override makes that one live. The admin captions an AI video it made in
 * the employer's caption editor. axe at 320 and 390 px on each screen.
 */

test.describe.configure({ timeout: 180_000 });

const BAYVIEW = { email: 'luis@bayviewcounty.example', password: 'employer123' };
const WAITING = 'Library Digital Literacy Aide';
/** The tests' upload sample: no audio track, so the rule holds nothing. */
const CLIP = fileURLToPath(new URL('../../fixtures/videos/code-camp.mp4', import.meta.url));

interface Posting {
  id: number;
  title: string;
  visibility: string;
  videoStatus: string;
  message?: string;
}

/** A 4-second clip with a tone all through it: sustained speech-level sound. */
function toneClip(path: string): Buffer {
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
  return readFileSync(path);
}

async function scanAt(page: Page, audit: AxeAudit, where: string): Promise<void> {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: width === 320 ? 568 : 844 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${where}: no sideways scroll at ${width}`,
    ).toBe(true);
    await audit.scan(`${where} at ${width} px`);
    await snap(page, `${where.replace(/\W+/g, '-')}-${width}`);
  }
}

test('an employer sees why a posting waits for captions and the admin lets a speechless clip go live', async ({ browser }) => {
  const employer = await newPage(browser);
  expect((await employer.request.post('/api/employers/login', { data: BAYVIEW })).status()).toBe(200);
  const own = (await (await employer.request.get('/api/employers/internships')).json()) as Posting[];
  const demo = own.find((p) => p.title === WAITING);
  expect(demo?.visibility, `the demo's ${WAITING} waits for captions`).toBe('awaiting_captions');
  const waitingTitle = WAITING;

  // A new clip, a tone all through it.
  const title = `Sound Booth Helper ${Date.now().toString(36)}`;
  const res = await employer.request.post('/api/internships', {
    multipart: {
      title,
      description: 'Help set up the county meeting room microphones and speakers.',
      location: 'Bayview',
      duration: '6 weeks',
      requirements: 'Careful with cables',
      applicationDeadline: '2030-06-30',
      workStyle: 'On-site',
      tags: 'government',
      hazardousDutiesConfirmed: 'true',
      videoFile: { name: 'tone.mp4', mimeType: 'video/mp4', buffer: toneClip(test.info().outputPath('tone.mp4')) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const posted = (await res.json()) as Posting;
  expect(posted.visibility).toBe('awaiting_captions');
  await expect
    .poll(async () => ((await (await employer.request.get(`/api/internships/${posted.id}`)).json()) as Posting).videoStatus, {
      timeout: 60_000,
    })
    .toBe('ready');
  // Students and visitors do not see it.
  expect((await browser.newContext().then((c) => c.request.get(`/api/internships/${posted.id}`))).status()).toBe(404);

  // The employer's dashboard: why, and the editor's button in the same place.
  await employer.goto('/employer-dashboard');
  const card = employer.getByRole('listitem', { name: waitingTitle });
  await expect(card.getByTestId('visibility-badge')).toHaveText('Waiting for captions');
  await expect(card.getByTestId('visibility-note')).toContainText('once its video has captions in English or Spanish');
  await expect(card.getByRole('button', { name: `Captions for ${waitingTitle}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `This video has no speech: ${waitingTitle}` })).toBeVisible();
  const audit = new AxeAudit(employer);
  await card.scrollIntoViewIfNeeded();
  await scanAt(employer, audit, 'the posting waiting for captions');

  // "This video has no speech" on the tone: the district listens first.
  const mine = employer.getByRole('listitem', { name: title });
  await mine.getByRole('button', { name: `This video has no speech: ${title}` }).click();
  await expectToast(employer, /the district will listen to it before it goes live without captions/);
  await expect(mine.getByTestId('visibility-note')).toContainText('You said this video has no speech: ');
  await expect(mine.getByTestId('no-speech')).toHaveCount(0);
  await expect(mine.getByTestId('visibility-badge')).toHaveText('Waiting for captions');

  // The admin's review: the employer's request first, then the demo's posting.
  const admin = await newPage(browser);
  expect((await admin.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Captions' }).click();
  const rows = admin.getByTestId('captions-waiting-posting');
  await expect(rows.first()).toBeVisible();
  const mineRow = admin.getByRole('listitem', { name: `${title} at Bayview County` });
  await expect(mineRow.getByTestId('review-asked')).toHaveText('The employer says nobody speaks in this video');
  await expect(mineRow).toContainText(/Speech-level sound for \d+(\.\d)? s/);
  await expect(admin.getByRole('listitem', { name: `${waitingTitle} at Bayview County` })).toBeVisible();
  const adminAudit = new AxeAudit(admin);
  await scanAt(admin, adminAudit, 'the postings waiting for captions');
  audit.expectClean();
  adminAudit.expectClean();

  // The override: live without captions.
  await mineRow.getByRole('button', { name: `No speech: let it go live: ${title}` }).click();
  await expectToast(admin, `${title} is live without captions`);
  await expect(mineRow).toHaveCount(0);
  const guest = await browser.newContext();
  expect((await guest.request.get(`/api/internships/${posted.id}`)).status()).toBe(200);
  await guest.close();
  await employer.reload();
  await expect(employer.getByRole('listitem', { name: title }).getByTestId('visibility-badge')).toHaveCount(0);
  // The specs after this one see the demo's feed.
  expect((await employer.request.delete(`/api/internships/${posted.id}`)).status()).toBe(200);

  // In Spanish: the employer's card that says why, and the admin's Captions tab.
  await employer.goto('/employer-dashboard?lang=es');
  const spanishCard = employer.getByRole('listitem', { name: waitingTitle });
  await expect(spanishCard.getByTestId('visibility-badge')).toHaveText(es('Waiting for captions'));
  await expect(spanishCard.getByRole('button', { name: es('Captions for {{title}}', { title: waitingTitle }) })).toBeVisible();
  await spanishCard.scrollIntoViewIfNeeded();
  const spanishEmployer = new SpanishAudit(employer);
  await spanishEmployer.check('the posting waiting for captions (es)');
  await admin.goto('/admin?lang=es');
  await admin.getByRole('tab', { name: es('Captions') }).click();
  await expect(admin.getByTestId('captions-waiting-posting').first()).toBeVisible();
  const spanishAdmin = new SpanishAudit(admin);
  await spanishAdmin.check('the postings waiting for captions (es)');
  spanishEmployer.expectClean();
  spanishAdmin.expectClean();
});

test('the admin captions the AI video it made in the same caption editor', async ({ browser }) => {
  // An AI-video request of a Bayview County posting, fulfilled with the fixture clip.
  const employer = await newPage(browser);
  expect((await employer.request.post('/api/employers/login', { data: BAYVIEW })).status()).toBe(200);
  const title = `County Video Aide ${Date.now().toString(36)}`;
  const res = await employer.request.post('/api/internships', {
    data: {
      title,
      description: 'Help the county office plan short videos about its services.',
      location: 'Bayview',
      duration: '6 weeks',
      requirements: 'Curious and organised',
      applicationDeadline: '2030-06-30',
      workStyle: 'On-site',
      tags: ['government'],
      hazardousDutiesConfirmed: true,
      aiVideoRequested: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const posting = (await res.json()) as Posting;
  const admin = await newPage(browser);
  expect((await admin.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  const upload = await admin.request.post(`/api/admin/ai-video-requests/${posting.id}/upload`, {
    multipart: { video: { name: 'ai.mp4', mimeType: 'video/mp4', buffer: readFileSync(CLIP) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  // The completed request offers the caption editor; a .vtt opened in it is saved through the admin's route.
  await admin.goto('/admin');
  await admin
    .getByRole('group', { name: 'Show requests' })
    .getByRole('button', { name: /^Completed/ })
    .click();
  const row = admin.getByRole('listitem', { name: `${title} at Bayview County` });
  await expect(row.getByTestId('request-captions')).toContainText('No captions yet');
  await row.getByRole('button', { name: `Captions for ${title}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Captions' });
  await expect(dialog.getByLabel(`Video for ${title}`)).toBeVisible();
  await dialog.getByLabel('Open a .vtt file').setInputFiles({
    name: 'ai.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n00:00.500 --> 00:03.000\nBayview County serves you.\n'),
  });
  await expect(dialog.getByLabel('Text of cue 1')).toHaveValue('Bayview County serves you.');
  const audit = new AxeAudit(admin);
  await scanAt(admin, audit, 'the admin caption editor');
  audit.expectClean();
  const saved = admin.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/internships/${posting.id}/captions/en`) && r.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Save captions' }).click();
  expect((await saved).status()).toBe(200);
  await expectToast(admin, 'Captions saved');
  await expect(row.getByTestId('request-captions')).toContainText('English');
  await admin.context().close();

  // The same editor for an admin who reads Spanish: every text of it in Spanish, axe-clean.
  const spanish = await newPage(browser);
  expect((await spanish.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  await spanish.goto('/admin?lang=es');
  await spanish
    .getByRole('group', { name: es('Show requests') })
    .getByRole('button', { name: esPrefix('Completed') })
    .click();
  await spanish.getByRole('button', { name: es('Captions for {{title}}', { title }) }).click();
  const spanishDialog = spanish.getByRole('dialog', { name: es('Captions') });
  await expect(spanishDialog.getByLabel(es('Text of cue {{n}}', { n: 1 }))).toHaveValue('Bayview County serves you.');
  const spanishAudit = new SpanishAudit(spanish);
  await spanishAudit.check('the admin caption editor (es)');
  spanishAudit.expectClean();
  await spanish.context().close();
  // The specs after this one see the demo's feed.
  expect((await employer.request.delete(`/api/internships/${posting.id}`)).status()).toBe(200);
  await employer.context().close();
});
