import { expect } from '@playwright/test';
import { test } from './fixtures';
import { createEmployerViaApi, expectToast, fillEmployerSignup, newEmployer, PHONE, postInternshipViaApi, snap } from './support';

test.describe('employer sign-up', () => {
  test('shows every validation message on submit', async ({ page }) => {
    await page.goto('/employer-signup');
    await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Company Information' })).toBeVisible();
    await expect(page.getByText(/By creating an account, you agree to our/)).toBeVisible();

    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Valid email required',
      'Password must be at least 8 characters',
      'Your position is required',
      'Company name is required',
      'Industry is required',
      'Company size is required',
      'Company address is required',
      'Company description must be at least 50 characters',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // The website is optional: no message while it is empty, one when it is not a URL.
    await expect(page.getByText('Valid website URL required')).toHaveCount(0);
    await page.getByLabel('Website').fill('not a url');
    await expect(page.getByText('Valid website URL required', { exact: true })).toBeVisible();
    await snap(page, 'employer-signup-errors');
  });

  test('creates the account and lands on the confirmation screen', async ({ page }) => {
    const account = newEmployer('signup');
    await page.goto('/employer-signup');
    await fillEmployerSignup(page, account, { website: 'brightside.example.com' });

    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/employers');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect((await created).status()).toBe(201);
    await expect(page).toHaveURL(/\/employer-confirmation$/);
    await expect(page.getByRole('heading', { name: 'Account created!' })).toBeVisible();
    await expectToast(page, 'Account created successfully!');
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/employer-dashboard');
    await expect(page.getByRole('link', { name: /Employer guide/ })).toHaveAttribute('href', '/employer-guide');
    await expect(page.getByRole('link', { name: /Support/ })).toHaveAttribute('href', '/support');
    await snap(page, 'employer-confirmation');
  });
});

test('a new employer is told about the district’s review and the e-mail; its dashboard greets and counts honestly', async ({ page }) => {
  test.setTimeout(90_000);
  const account = newEmployer('review-copy');
  await page.goto('/employer-signup');
  await expect(page.getByText('students see them after your district has reviewed your company')).toBeVisible();
  await expect(page.getByText(/post internships right away/)).toHaveCount(0);
  await fillEmployerSignup(page, account);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/employer-confirmation$/);
  const status = page.getByTestId('account-status');
  await expect(status).toContainText('waiting for');
  await expect(status).toContainText('Students see your postings once the district has verified your company');
  await expect(status).toContainText(`We sent a confirmation link to ${account.email}`);

  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${account.firstName}!` })).toBeVisible();
  // A pending company's posting is not one students see.
  await postInternshipViaApi(page.request, { title: 'Pending Company Intern', description: 'Waits for the district.' });
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.firstName}!` })).toBeVisible();
  await expect(page.getByTestId('posting')).toHaveCount(1);
  await expect(page.getByTestId('stat-active-postings')).toHaveText('0');
});

test('a duplicate employer email brings the message into view, focuses the field and says why', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const account = newEmployer('dupe-employer');
  await createEmployerViaApi(request, account);
  await page.goto('/employer-signup');
  await fillEmployerSignup(page, account);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expectToast(
    page,
    'Error creating account',
    'An account with this email already exists. Please use a different email address or try logging in.',
  );
  const message = page.getByText('An account with this email already exists', { exact: true });
  await expect(message).toBeInViewport();
  await expect(page.getByLabel('Work email')).toBeFocused();
  await expect(page.getByLabel('Work email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/employer-signup$/);
  await snap(page, 'employer-duplicate-390');
});
