import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { createStudentViaApi, deadlineOf, DEMO_EMPLOYER, newPage, newStudent, PHONE, snap, today, type DatedPosting } from './support';

/**
 * The floating messages and notifications bells cover nothing a user needs: not the
 * dashboard's dates or the profile's status badges at any scroll position, and nothing at the
 * end of the dashboard or the profile.
 */

test.describe.configure({ timeout: 90_000 });

/** Elements (by their text's box) that share a column with a floating bell: covered at some scroll position. */
async function inBellColumn(page: Page, selector: string, text = '.'): Promise<string[]> {
  return page.evaluate(
    ([sel, pattern]) => {
      const bells = Array.from(document.querySelectorAll('[data-testid="messages-bell"], [data-testid="notifications-bell"]')).map((b) =>
        b.getBoundingClientRect(),
      );
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
        if (!new RegExp(pattern).test(el.textContent ?? '')) continue;
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        if (bells.some((b) => r.left < b.right && b.left < r.right)) out.push(el.textContent ?? '');
      }
      return out;
    },
    [selector, text] as const,
  );
}

/**
 * With the page scrolled to the end: the text, badges and controls of `main` that the floating
 * messages bell covers (outerHTML heads). The padding under the content must leave none.
 */
async function coveredByBell(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  // Both floating buttons: the messages bell and (stacked above it on phones) the notifications bell.
  return page.evaluate(() => {
    const bells = Array.from(document.querySelectorAll('[data-testid="messages-bell"], [data-testid="notifications-bell"]'));
    if (bells.length === 0) return ['no bell'];
    const hits: string[] = [];
    for (const bell of bells) {
      const b = bell.getBoundingClientRect();
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
        if (el === bell || bell.contains(el)) continue;
        const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
        const control = el.matches('a, button, input, [role="button"]');
        if (!ownText && !control) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) hits.push(el.outerHTML.slice(0, 100));
      }
    }
    return hits;
  });
}

test('at 390x844 the floating bells keep clear of the dashboard’s dates and the profile’s status badges', async ({ page, browser }) => {
  expect((await page.request.post('/api/employers/login', { data: DEMO_EMPLOYER })).status()).toBe(200);
  await page.goto('/employer-dashboard');
  await expect(page.getByTestId('posting').first()).toBeVisible();
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  expect(
    await inBellColumn(
      page,
      '[data-testid="posting"] li:has(> svg.lucide-calendar), [data-testid="posting"] li:has(> svg.lucide-calendar-clock)',
    ),
  ).toEqual([]);

  const student = await newPage(browser);
  await createStudentViaApi(student.request, newStudent('bell-column'));
  const list = (await (await student.request.get('/api/internships')).json()) as { id: number }[];
  for (const p of list.slice(0, 2)) await student.request.post('/api/applications', { data: { internshipId: p.id, status: 'pending' } });
  await student.goto('/profile');
  await expect(student.getByTestId('application')).toHaveCount(2);
  expect(await inBellColumn(student, '[data-testid="application"] [data-testid="status-badge"]')).toEqual([]);
  await student.context().close();
});

test.describe('the floating messages bell', () => {
  test('covers nothing at the end of the employer dashboard or the student profile (390 px)', async ({ page, browser }) => {
    await page.setViewportSize(PHONE);
    const login = await page.request.post('/api/employers/login', { data: DEMO_EMPLOYER });
    expect(login.status()).toBe(200);
    await page.goto('/employer-dashboard');
    await expect(page.getByTestId('posting').first()).toBeVisible();
    await expect(page.getByTestId('messages-bell')).toBeVisible();
    expect(await coveredByBell(page)).toEqual([]);
    await snap(page, 'dashboard-end-390');

    const context = await browser.newContext({ viewport: PHONE, baseURL: test.info().project.use.baseURL });
    const student = await context.newPage();
    await createStudentViaApi(student.request, newStudent('bell'));
    const list = (await (await student.request.get('/api/internships')).json()) as DatedPosting[];
    const target = list.find((p) => deadlineOf(p) >= today());
    expect(target).toBeTruthy();
    const applied = await student.request.post('/api/applications', { data: { internshipId: target?.id, status: 'pending' } });
    expect(applied.status(), await applied.text()).toBe(201);
    await student.goto('/profile');
    await expect(student.getByTestId('application').first()).toBeVisible();
    await expect(student.getByTestId('messages-bell')).toBeVisible();
    expect(await coveredByBell(student)).toEqual([]);
    await context.close();
  });
});
