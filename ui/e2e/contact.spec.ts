import { expect } from '@playwright/test';
import { test } from './fixtures';
import { expectToast, snap, uniqueEmail } from './support';

test('contact form: validation, then success toast and reset', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByText(/within 24 hours/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ })).toBeVisible();

  await page.getByRole('button', { name: 'Send Message' }).click();
  for (const message of [
    'Name is required',
    'Please enter a valid email address',
    'Subject is required',
    'Message must be at least 10 characters',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  await page.getByLabel('Full Name').fill('Riley Park');
  await page.getByLabel('Email Address').fill(uniqueEmail('contact'));
  await page.getByLabel('Subject').fill('School partnership');
  await page.getByLabel('Message').fill('Our school would like to use InternReel next semester.');
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).status()).toBe(201);
  await expectToast(page, 'Message sent successfully!', "We'll get back to you as soon as possible.");
  for (const label of ['Full Name', 'Email Address', 'Subject', 'Message']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  }
  await snap(page, 'contact-sent');
});
