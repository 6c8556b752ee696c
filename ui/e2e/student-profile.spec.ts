import { expect } from '@playwright/test';
import { test } from './fixtures';
import {
  createEmployerViaApi,
  createStudentViaApi,
  newEmployer,
  newEmployerApi,
  newPage,
  newStudent,
  postInternshipViaApi,
  postViaApi,
  uniqueTitle,
} from './support';

/**
 * The student's profile: applications newest first; an application's new status shows without
 * a reload (at once with the notification's frame, else at the next poll or on focus); the GPA
 * once, with its label. Every test makes its own accounts and postings.
 */

test.describe.configure({ timeout: 90_000 });

test('applications: newest first, and a status change shows with the bell, not at the next poll', async ({ browser }) => {
  const employer = await newEmployerApi('apps-order', 'Order Test Works');
  const older = await postInternshipViaApi(employer, {
    title: `Older Helper ${Date.now().toString(36)}`,
    description: 'The first one applied to.',
  });
  const newer = await postInternshipViaApi(employer, {
    title: `Newer Helper ${Date.now().toString(36)}`,
    description: 'The second one applied to.',
  });
  const page = await newPage(browser);
  await createStudentViaApi(page.request, newStudent('apps-order'));
  const first = await page.request.post('/api/applications', { data: { internshipId: older.id, status: 'pending' } });
  expect(first.status()).toBe(201);
  const applicationId = ((await first.json()) as { id: number }).id;
  // Applied a little later (the dates differ).
  await page.waitForTimeout(1100);
  expect((await page.request.post('/api/applications', { data: { internshipId: newer.id, status: 'pending' } })).status()).toBe(201);

  await page.goto('/profile');
  const cards = page.getByTestId('application');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-internship-id', String(newer.id));
  await expect(cards.nth(1)).toHaveAttribute('data-internship-id', String(older.id));
  const card = cards.nth(1);
  await expect(card.getByTestId('status-badge')).toHaveText('Pending Review');
  // Let the page's socket join before the change.
  await page.waitForTimeout(1500);
  const moved = await employer.put(`/api/employers/applications/${applicationId}`, { data: { status: 'interview_requested' } });
  expect(moved.status(), await moved.text()).toBe(200);
  // The list polls every 10 s; the notification's frame refreshes it at once.
  await expect(card.getByTestId('status-badge')).toHaveText('Interview Requested', { timeout: 5_000 });
  // The feed other specs see stays the demo's.
  for (const p of [older, newer]) await employer.delete(`/api/internships/${p.id}`);
  await employer.dispose();
  await page.context().close();
});

test('an open profile shows an application’s new status without a reload', async ({ page, request }) => {
  test.setTimeout(120_000);
  const employer = newEmployer('live-status');
  await createEmployerViaApi(request, employer);
  const posting = await postViaApi(request, uniqueTitle('Live Status Helper'));
  await createStudentViaApi(page.request, newStudent('live-status'));
  const applied = await page.request.post('/api/applications', { data: { internshipId: posting.id, status: 'pending' } });
  expect(applied.status(), await applied.text()).toBe(201);
  const applicationId = ((await applied.json()) as { id: number }).id;

  await page.goto('/profile');
  const card = page.locator(`[data-testid="application"][data-internship-id="${posting.id}"]`);
  await expect(card.getByText('Pending Review')).toBeVisible();

  const moved = await request.put(`/api/employers/applications/${applicationId}`, { data: { status: 'interview_requested' } });
  expect(moved.status(), await moved.text()).toBe(200);
  // Polled every 10 s while the page is open.
  await expect(card.getByText('Interview Requested')).toBeVisible({ timeout: 20_000 });

  // And on focus: the window regains focus after the next change.
  const offered = await request.put(`/api/employers/applications/${applicationId}`, { data: { status: 'offer_extended' } });
  expect(offered.status(), await offered.text()).toBe(200);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
  await expect(card.getByText('Offer Extended')).toBeVisible({ timeout: 20_000 });
});

test('the student profile shows the GPA once, with its label', async ({ page }) => {
  await createStudentViaApi(page.request, newStudent('gpa'));
  await page.goto('/profile');
  const name = page.getByTestId('profile-name');
  await expect(name).toBeVisible();
  const card = page.locator('dl').first();
  const text = await card.innerText();
  expect(text.match(/GPA/g)?.length).toBe(1);
  await expect(card.getByText('3.6', { exact: true })).toBeVisible();
  await expect(card.getByText('GPA', { exact: true })).toBeVisible();
});
