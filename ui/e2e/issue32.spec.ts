import { expect, test } from '@playwright/test';

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
