import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { createStudentViaApi, expectToast, newStudent, snap, uniqueEmail } from './support';

/** The server's words (the API contract of issue #22). */
const LINK_SENT = 'If an account exists for that email, we have sent a link to reset its password. The link works for 30 minutes.';
const INVALID_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';
const WRONG_CURRENT = 'Your current password is not correct';
const CHANGED = 'Password changed. You were signed out everywhere else.';

/** Ask for a reset link on /reset-password; returns the server's status and message. */
async function requestLink(page: Page, email: string): Promise<{ status: number; message: string }> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  const answering = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/password-reset' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
  const answer = await answering;
  const body = (await answer.json()) as { message: string };
  await expect(page.getByRole('status').filter({ hasText: LINK_SENT })).toHaveText(LINK_SENT);
  // The page stays: the form is still there.
  await expect(page).toHaveURL(/\/reset-password(\?|$)/);
  await expect(page.getByRole('button', { name: 'Send reset link', exact: true })).toBeVisible();
  return { status: answer.status(), message: body.message };
}

test.describe('passwords', () => {
  test('both sign-in screens link to the reset form, which answers every address the same way', async ({ page, request }) => {
    const account = newStudent('reset');
    await createStudentViaApi(request, account);

    // Student sign-in -> /reset-password, whose 'Back to sign in' returns there.
    await page.goto('/login?type=student');
    const studentForgot = page.getByRole('link', { name: 'Forgot password?', exact: true });
    await expect(studentForgot).toHaveAttribute('href', '/reset-password');
    await studentForgot.click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to sign in', exact: true })).toHaveAttribute('href', '/login?type=student');

    // The client checks the address first; the error is an alert tied to the field.
    await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAttribute('aria-describedby', /-error$/);
    await expect(email).toBeFocused();

    // A known and an unknown address get the same answer.
    const known = await requestLink(page, account.email);
    expect(known.status).toBe(202);
    expect(known.message).toBe(LINK_SENT);
    const unknown = await requestLink(page, uniqueEmail('nobody'));
    expect(unknown).toEqual(known);
    await snap(page, 'reset-password-requested-390');

    // Employer sign-in -> /reset-password?role=employer, whose 'Back to sign in' returns there.
    await page.goto('/employer-login');
    const employerForgot = page.getByRole('link', { name: 'Forgot password?', exact: true });
    await expect(employerForgot).toHaveAttribute('href', '/reset-password?role=employer');
    await employerForgot.click();
    await expect(page).toHaveURL(/\/reset-password\?role=employer$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    const back = page.getByRole('link', { name: 'Back to sign in', exact: true });
    await expect(back).toHaveAttribute('href', '/employer-login');
    await back.click();
    await expect(page).toHaveURL(/\/employer-login$/);
  });

  test('a signed-in student changes the password on the profile, then signs in with it', async ({ page, request }) => {
    const account = newStudent('change');
    await createStudentViaApi(request, account);
    const login = await page.request.post('/api/student-login', { data: { email: account.email, password: account.password } });
    expect(login.status()).toBe(200);

    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Change password' });
    await expect(section.getByRole('heading', { name: 'Change password' })).toBeVisible();
    const current = section.getByLabel('Current password', { exact: true });
    const next = section.getByLabel('New password', { exact: true });
    const confirm = section.getByLabel('Confirm new password', { exact: true });
    const submit = section.getByRole('button', { name: 'Change password', exact: true });

    // Client check: the two new passwords must match.
    await current.fill(account.password);
    await next.fill('brand-new-pass-7');
    await confirm.fill('brand-new-pass-8');
    await submit.click();
    await expect(section.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
    await expect(confirm).toBeFocused();

    // A wrong current password: the server's 403, at the field.
    const newPassword = 'brand-new-pass-7';
    await current.fill('not-my-password');
    await next.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await expect(section.getByRole('alert').filter({ hasText: WRONG_CURRENT })).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAttribute('aria-describedby', /-error$/);
    await expect(current).toBeFocused();

    // The right one: the server's message, and the fields are cleared.
    await current.fill(account.password);
    await submit.click();
    await expectToast(page, CHANGED);
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');
    await snap(page, 'profile-password-changed-390');

    // This session stays signed in; the old password no longer works.
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    const old = await request.post('/api/student-login', { data: { email: account.email, password: account.password } });
    expect(old.status()).toBeGreaterThanOrEqual(400);

    // Sign out, then sign in with the new password.
    await page.goto('/job-feed');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login?type=student');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/job-feed$/);
    await expect(page.getByTestId('greeting')).toContainText(account.firstName);
  });

  test('a reset link that is not valid says so and offers a new one', async ({ page }) => {
    await page.goto('/reset-password?token=nonsense');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password', { exact: true });
    const submit = page.getByRole('button', { name: 'Change password', exact: true });

    // Client checks: at least 6 characters, and both the same.
    await next.fill('short');
    await confirm.fill('shorts');
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Password must be at least 6 characters' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
    await expect(next).toBeFocused();

    // A valid new password: the server refuses the link.
    await next.fill('a-good-new-password');
    await confirm.fill('a-good-new-password');
    await submit.click();
    const refusal = page.getByRole('alert').filter({ hasText: INVALID_LINK });
    await expect(refusal).toBeVisible();
    await snap(page, 'reset-password-invalid-link-390');

    const again = refusal.getByRole('link', { name: 'Ask for a new link', exact: true });
    await expect(again).toHaveAttribute('href', '/reset-password');
    await again.click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send reset link', exact: true })).toBeVisible();
  });
});
