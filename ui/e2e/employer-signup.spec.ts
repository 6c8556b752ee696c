import { expect, test } from '@playwright/test';
import { expectToast, fillEmployerSignup, newEmployer, snap } from './support';

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
