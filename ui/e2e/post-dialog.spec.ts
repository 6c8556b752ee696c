import { expect } from '@playwright/test';
import { test } from './fixtures';
import { boxOf, choose, createEmployerViaApi, newEmployer, overlaps, PHONE, snap, toasts } from './support';

/**
 * The employer's post dialog: a form with errors brings its first message into view and focus,
 * a Remote location preselects the Remote work style until one is chosen, and a toast never
 * covers the dialog's buttons on a phone.
 */

test.describe.configure({ timeout: 90_000 });

test('a form with errors scrolls its first message into view: the post dialog without a video', async ({ page }) => {
  await createEmployerViaApi(page.request, newEmployer('no-video'));
  await page.goto('/employer-dashboard');
  await page.getByRole('button', { name: 'Post New Internship' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Post New Internship' });
  await dialog.getByLabel('Title', { exact: true }).fill('Video-less Intern');
  await dialog.getByLabel('Description').fill('Help us test what happens when a posting has no video attached yet.');
  await dialog.getByLabel('Location').fill('Remote');
  await dialog.getByLabel('Duration').fill('6 weeks');
  await dialog.getByLabel('Requirements').fill('Curious and careful.');
  await dialog.getByLabel('Application deadline').fill('2030-06-30');
  await choose(page, 'Work style', 'Remote');
  await dialog.getByRole('checkbox', { name: /none of the hazardous duties/ }).check();
  // The button at the dialog's end; the video field far above it.
  await dialog.getByRole('button', { name: 'Post Internship' }).click();
  const message = dialog.getByText('Please attach a video file or request an AI-generated video');
  await expect(message).toBeVisible();
  await expect(message).toBeInViewport();
  await expect(dialog.locator('input[type="file"][accept*="video/"]')).toBeFocused();
});

test('in the post dialog a Remote location preselects the Remote work style until one is chosen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await createEmployerViaApi(page.request, newEmployer('remote-style'));
  await page.goto('/employer-dashboard');
  await page.getByRole('button', { name: 'Post New Internship' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Post New Internship' });
  const workStyle = dialog.getByRole('combobox', { name: 'Work style' });
  await dialog.getByLabel('Location').fill('Remote');
  await expect(workStyle).toHaveText('Remote');
  await dialog.getByLabel('Location').fill('Austin, TX');
  await expect(workStyle).not.toHaveText('Remote');
  await dialog.getByLabel('Location').fill('remote');
  await expect(workStyle).toHaveText('Remote');
  // Once chosen, the work style is the employer's.
  await choose(page, 'Work style', 'Hybrid');
  await dialog.getByLabel('Location').fill('Remote');
  await expect(workStyle).toHaveText('Hybrid');
});

test('at 390 px a toast never covers the post dialog’s buttons', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const account = newEmployer('toast-place');
  await createEmployerViaApi(request, account);
  await page.goto('/employer-login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/employer-dashboard$/);
  const toast = toasts(page).getByText('Welcome back!');
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: 'Post New Internship' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Post New Internship' });
  await expect(dialog).toBeVisible();
  await expect(toast).toBeVisible();
  const toastBox = await boxOf(toasts(page).locator('li').first());
  for (const name of ['Post Internship', 'Cancel', 'Close']) {
    const button = await boxOf(dialog.getByRole('button', { name, exact: true }));
    expect(overlaps(toastBox, button), `the toast covers ${name}`).toBe(false);
  }
  await snap(page, 'toast-over-dialog-390');
});
