import { expect } from '@playwright/test';
import { test } from './fixtures';
import {
  boxOf,
  createStudentViaApi,
  deadlineOf,
  NARROW,
  newStudent,
  overlaps,
  PHONE,
  RIVERSIDE,
  riversidePostings,
  scrollsSideways,
  snap,
  today,
} from './support';

/**
 * A posting's pages (/company/:id, /company-profile/:id, /internship/:id): a long company name
 * wraps, an id that is not a number or is unknown shows the route's not-found text, a posting
 * past its deadline says so and offers no Apply, and learn-about's sample company page is an
 * open one. The demo's Riverside Community Hospital (a long name, and a posting whose deadline
 * has passed) is read-only here.
 */

test.describe.configure({ timeout: 90_000 });

/** The app's date format (lib/format.ts): "Nov 18, 2026". */
function appDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

test('learn-about’s sample company page is a company whose posting is open', async ({ page }) => {
  await page.goto('/learn-about');
  const link = page.getByRole('link', { name: 'a sample company page' });
  await expect(link).toHaveAttribute('href', /^\/company\/\d+$/);
  await link.click();
  await expect(page.getByRole('button', { name: 'Apply for this Position' })).toBeVisible();
  await expect(page.getByText(/Applications closed on/)).toHaveCount(0);
});

test.describe('company and internship pages', () => {
  test('a long company name wraps instead of being cut off at 390 px', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const postings = await riversidePostings(request);
    const posting = postings[0];
    expect(posting).toBeTruthy();
    await page.goto(`/company/${posting?.id}`);
    const heading = page.getByRole('heading', { name: RIVERSIDE.company, exact: true });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveText(RIVERSIDE.company);
    const fits = await heading.evaluate((el) => ({
      notClipped: el.scrollWidth <= el.clientWidth,
      noEllipsis: getComputedStyle(el).textOverflow !== 'ellipsis',
      lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
    }));
    expect(fits.notClipped).toBe(true);
    expect(fits.noEllipsis).toBe(true);
    const share = await boxOf(page.getByRole('button', { name: 'Share' }));
    const name = await boxOf(heading);
    expect(overlaps(share, name)).toBe(false);
    expect(share.x + share.width).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'company-long-name-390');

    await page.setViewportSize(NARROW);
    await expect(heading).toBeVisible();
    expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
  });

  test('an id that is not a number, or an unknown one, shows each route’s not-found text', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const companyRoutes = ['/company', '/company-profile'];
    for (const base of companyRoutes) {
      for (const id of ['abc', '12abc', '-1', '0', '1.5', '99999999']) {
        await page.goto(`${base}/${id}`);
        await expect(page.getByRole('heading', { name: 'Company Not Found' }), `${base}/${id}`).toBeVisible();
        await expect(page.getByText('The requested company profile could not be found.'), `${base}/${id}`).toBeVisible();
        await expect(page.getByText('Bad Request'), `${base}/${id}`).toHaveCount(0);
        await expect(page.getByText(/Could not load/), `${base}/${id}`).toHaveCount(0);
      }
    }
    for (const id of ['abc', '12abc', '-1', '0', '1.5', '99999999']) {
      await page.goto(`/internship/${id}`);
      await expect(page.getByRole('heading', { name: 'Internship not found' }), `/internship/${id}`).toBeVisible();
      await expect(page.getByText('Bad Request'), `/internship/${id}`).toHaveCount(0);
      await expect(page.getByText(/Could not load/), `/internship/${id}`).toHaveCount(0);
    }
    await snap(page, 'internship-not-found');
    expect(errors).toEqual([]);
  });

  test('a posting past its deadline says “Applications closed on {date}” and offers no Apply', async ({ page, request }) => {
    const postings = await riversidePostings(request);
    const closed = postings.find((p) => deadlineOf(p) !== '' && deadlineOf(p) < today());
    const open = postings.find((p) => deadlineOf(p) >= today());
    expect(closed, 'the demo has a Riverside posting whose deadline has passed').toBeTruthy();
    expect(open, 'and one still open').toBeTruthy();
    if (!closed || !open) return;
    const text = `Applications closed on ${appDate(deadlineOf(closed))}`;

    // Signed in as a student, so Apply would be offered if the posting were open.
    await createStudentViaApi(page.request, newStudent('closed'));
    for (const route of [`/company/${closed.id}`, `/company-profile/${closed.id}`, `/internship/${closed.id}`]) {
      await page.goto(route);
      await expect(page.getByText(text, { exact: true }), route).toBeVisible();
      await expect(page.getByTestId('apply'), route).toHaveCount(0);
      await expect(page.getByRole('button', { name: /apply/i }), route).toHaveCount(0);
    }
    await snap(page, 'internship-closed');

    // The same pages still offer Apply on an open posting.
    await page.goto(`/internship/${open.id}`);
    await expect(page.getByTestId('apply')).toBeEnabled();
    await expect(page.getByTestId('applications-closed')).toHaveCount(0);
    await page.goto(`/company/${open.id}`);
    await expect(page.getByRole('button', { name: 'Apply for this Position' })).toBeEnabled();

    // The server turns an application to a closed posting away too.
    const refused = await page.request.post('/api/applications', { data: { internshipId: closed.id, status: 'pending' } });
    expect(refused.status()).toBe(400);
  });
});
