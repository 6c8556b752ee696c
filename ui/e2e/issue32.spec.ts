import { expect, test } from '@playwright/test';
import { AxeAudit } from './axe';

const DEMO_EMPLOYER = { email: 'jordan@sproutly.example', password: 'employer123' };

/**
 * Issue 32, the screens' smaller items, each against the demo server (its data read, never
 * changed, except for the accounts and postings a test makes for itself).
 */

test.describe.configure({ timeout: 90_000 });

test('browse lists what the server found: a typo and a tag-only match', async ({ page }) => {
  await page.goto('/browse-internships');
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ internships found$/);
  // "desing": a typo the server forgives; CAD Drafting Intern matches by its 'design' tag alone.
  await page.getByLabel('Search internships').fill('desing');
  await expect(page.getByRole('button', { name: 'View details: UX Design Intern' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View details: CAD Drafting Intern' })).toBeVisible();
  const api = (await (await page.request.get('/api/internships?q=desing')).json()) as unknown[];
  await expect(page.getByTestId('result-count')).toHaveText(`${api.length} internships found`);
});

test('the demo employer’s dashboard (new applications) and its post dialog pass axe', async ({ page }) => {
  expect((await page.request.post('/api/employers/login', { data: DEMO_EMPLOYER })).status()).toBe(200);
  await page.goto('/employer-dashboard');
  await expect(page.getByTestId('posting').first()).toBeVisible();
  const audit = new AxeAudit(page);
  await audit.scan('dashboard');
  await page.getByRole('button', { name: 'Post New Internship' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Post New Internship' })).toBeVisible();
  await audit.scan('post dialog');
  audit.expectClean();
});
