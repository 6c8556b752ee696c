import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { createEmployerViaApi, DEMO_ADMIN_PIN, expectToast, newEmployer, postViaApi, snap, uniqueTitle } from './support';

/**
 * The admin's AI-video requests: each pending request has its own video picker, and one row's
 * Upload never takes another row's file.
 */

test.describe.configure({ timeout: 90_000 });

const VIDEO = fileURLToPath(new URL('../../fixtures/videos/code-camp.mp4', import.meta.url));

test('each pending AI request has its own video picker', async ({ page, request }) => {
  test.setTimeout(120_000);
  const employer = newEmployer('two-requests');
  employer.company = `Twin Requests ${Date.now().toString(36)}`;
  await createEmployerViaApi(request, employer);
  const first = await postViaApi(request, uniqueTitle('First AI Request'));
  const second = await postViaApi(request, uniqueTitle('Second AI Request'));

  const login = await page.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } });
  expect(login.status()).toBe(200);
  await page.goto('/admin');
  const rowA = page.getByRole('listitem', { name: `${first.title} at ${employer.company}` });
  const rowB = page.getByRole('listitem', { name: `${second.title} at ${employer.company}` });
  await expect(rowA.getByText('Pending', { exact: true })).toBeVisible();
  await expect(rowB.getByText('Pending', { exact: true })).toBeVisible();

  // Each row's picker is its own, named after its request.
  const pickerA = rowA.getByLabel(`Choose Video File for ${first.title}`);
  const pickerB = rowB.getByLabel(`Choose Video File for ${second.title}`);
  await expect(pickerA).toHaveCount(1);
  await expect(pickerB).toHaveCount(1);
  await expect(rowA.locator('input[type="file"][accept="video/*"]')).toHaveCount(1);
  await pickerA.setInputFiles(VIDEO);
  await expect(rowA.getByTestId('admin-chosen-file')).toContainText(/code-camp\.mp4 \(0\.\d\d MB\)/);
  await expect(rowB.getByTestId('admin-chosen-file')).toHaveCount(0);
  await expect(rowB.getByText('No file selected')).toBeVisible();
  await snap(page, 'admin-two-pickers');

  // Row B's Upload does not take row A's file.
  let uploadedB = false;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith(`/ai-video-requests/${second.id}/upload`)) uploadedB = true;
  });
  await rowB.getByRole('button', { name: `Upload Video for ${second.title}` }).click();
  await expectToast(page, 'No File Selected', 'Please select a video file to upload.');
  expect(uploadedB).toBe(false);

  await rowA.getByRole('button', { name: `Upload Video for ${first.title}` }).click();
  await expectToast(page, 'Video Uploaded Successfully', 'The AI video request has been fulfilled.');
  await expect(rowA.getByText('Completed', { exact: true })).toBeVisible();
  await expect(rowB.getByText('Pending', { exact: true })).toBeVisible();
  expect(uploadedB).toBe(false);
  // This spec runs first (the files' order): the feed the specs after it see stays the demo's.
  for (const p of [first, second]) await request.delete(`/api/internships/${p.id}`);
});
