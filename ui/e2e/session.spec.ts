import { expect, test } from '@playwright/test';
import { newStudent, signUpStudentViaUi, snap } from './support';

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
