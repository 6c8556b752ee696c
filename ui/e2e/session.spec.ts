import { expect } from '@playwright/test';
import { test } from './fixtures';
import {
  createEmployerViaApi,
  createStudentViaApi,
  newEmployer,
  newStudent,
  postViaApi,
  signUpStudentViaUi,
  snap,
  toasts,
  uniqueTitle,
} from './support';

test.describe('session', () => {
  test('survives a reload (cookie plus local storage)', async ({ page }) => {
    const account = newStudent('reload');
    await signUpStudentViaUi(page, account);

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('internreel') ?? 'null'));
    expect(stored?.state?.userType).toBe('student');
    expect(stored?.state?.user?.email).toBe(account.email);

    await page.reload();
    await expect(page).toHaveURL(/\/job-feed$/);
    await expect(page.getByTestId('greeting')).toContainText(account.firstName);
    const afterReload = await page.evaluate(() => JSON.parse(localStorage.getItem('internreel') ?? 'null'));
    expect(afterReload?.state?.user?.email).toBe(account.email);

    // Signed in, `/` is the job feed rather than the landing page.
    await page.goto('/');
    await expect(page.getByTestId('greeting')).toContainText(account.firstName);
    await expect(page.getByRole('heading', { level: 1, name: /Your first internship/ })).toHaveCount(0);
  });

  test('logout clears the session and reloads at /', async ({ page }) => {
    const account = newStudent('logout');
    await signUpStudentViaUi(page, account);

    const logout = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await logout).status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your first internship');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('internreel') ?? 'null'));
    expect(stored?.state?.user ?? null).toBeNull();
    expect(stored?.state?.userType ?? null).toBeNull();

    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(401);
    await snap(page, 'logged-out');
  });
});

test.describe('signed-in state comes from the server', () => {
  test('with a session cookie but no stored user, Apply Now applies (no “Authentication Required”)', async ({ page, request }) => {
    test.setTimeout(90_000);
    const employer = newEmployer('session-owner');
    await createEmployerViaApi(request, employer);
    const posting = await postViaApi(request, uniqueTitle('Session Check Helper'));

    const student = newStudent('cookie-only');
    await createStudentViaApi(page.request, student); // the browser context now holds the cookie
    await page.goto('/learn-about');
    // The app renders (and stores the session it was given) after the load event: cleared once
    // it has settled.
    await expect(page.locator('header h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => localStorage.clear());
    expect(await page.evaluate(() => localStorage.getItem('internreel'))).toBeNull();

    await page.goto(`/internship/${posting.id}`);
    await expect(page.getByRole('heading', { name: posting.title })).toBeVisible();
    await page.getByTestId('apply').click();
    await expect(page).toHaveURL(/\/confirmation$/);
    await expect(page.getByRole('heading', { name: 'Application Submitted' })).toBeVisible();
    await expect(toasts(page).getByText('Authentication Required')).toHaveCount(0);
    const mine = await page.request.get('/api/auth/user');
    const me = (await mine.json()) as { id: number };
    const applications = (await (await page.request.get(`/api/users/${me.id}/applications`)).json()) as { internshipId: number }[];
    expect(applications.map((a) => a.internshipId)).toContain(posting.id);
    // The store caches the server's answer again.
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('internreel') ?? 'null') as { state?: { user?: { email?: string } } } | null,
    );
    expect(stored?.state?.user?.email).toBe(student.email);
  });

  test('a stored user whose session has ended is not treated as signed in', async ({ page }) => {
    test.setTimeout(90_000);
    const student = newStudent('stale-store');
    await createStudentViaApi(page.request, student);
    await page.goto('/job-feed');
    await expect(page.getByTestId('greeting')).toContainText(student.firstName);
    // The session ends elsewhere (another tab signs out); this tab's storage still has the user.
    await page.request.post('/api/logout');
    expect(await page.evaluate(() => localStorage.getItem('internreel'))).toContain(student.email);
    await page.goto('/browse-internships');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/job-feed');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveCount(0);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('internreel') ?? 'null') as { state?: { user?: unknown } } | null,
    );
    expect(stored?.state?.user ?? null).toBeNull();
  });
});
