import { expect } from '@playwright/test';
import { test } from './fixtures';
import { DESKTOP, PHONE, snap } from './support';

/**
 * Browse (/browse-internships): the list is what the server's search found (a typo forgiven, a
 * tag-only match), the search box and the location filter fit a phone, and every card's
 * button stays on one line at 1280 px. Against the demo server, its data only read.
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

test.describe('browse', () => {
  test('the search placeholder fits at 390 px and the location filter is labelled', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/browse-internships');
    const search = page.getByRole('searchbox', { name: 'Search internships' });
    await expect(search).toHaveAttribute('placeholder', 'Search internships');
    // Measured in the page's own font, once it has loaded (a fallback font is wider).
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    const fits = await search.evaluate((el) => {
      const input = el as HTMLInputElement;
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d');
      if (!ctx) return false;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return ctx.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);

    const location = page.getByLabel('Location', { exact: true });
    await expect(location).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Location' })).toBeVisible();
    // The platform's own select (the phone's picker): every location, "All locations" first and chosen.
    await expect(location.locator('option').first()).toHaveText('All locations');
    await expect(location).toHaveValue('all');
    await expect.poll(() => location.locator('option').count()).toBeGreaterThan(2);
    const place = (await location.locator('option').nth(1).textContent()) ?? '';
    await location.selectOption(place);
    const cards = page.getByTestId('browse-card');
    await expect(cards.first()).toBeVisible();
    await expect
      .poll(async () => (await cards.allTextContents()).every((text) => text.includes(place) || text.includes('Remote')))
      .toBe(true);
    await location.selectOption('all');
    await snap(page, 'browse-390');
  });

  test('at 1280x800 every “View Details” stays on one line', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/browse-internships');
    await expect(page.getByTestId('browse-card').nth(5)).toBeVisible();
    const buttons = page.getByRole('button', { name: /^View details:/ });
    const count = await buttons.count();
    expect(count).toBeGreaterThan(5);
    const wrapped = await buttons.evaluateAll((els) =>
      els
        .filter((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          return lines.size > 1 || el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
        })
        .map((el) => el.getAttribute('aria-label') ?? ''),
    );
    expect(wrapped).toEqual([]);
    await snap(page, 'browse-1280');
  });
});
