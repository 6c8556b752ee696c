import { expect } from '@playwright/test';
import { test } from './fixtures';
import { createEmployerViaApi, createStudentViaApi, expectToast, newEmployer, newStudent, snap } from './support';

test.describe('sign-in', () => {
  test('student: validation, wrong password, then right password', async ({ page, request }) => {
    const account = newStudent('login');
    await createStudentViaApi(request, account);

    await page.goto('/login?type=student');
    await expect(page.getByRole('link', { name: 'Sign up here' })).toHaveAttribute('href', '/student-signup');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login Failed', 'Invalid email or password');
    await expect(page).toHaveURL(/\/login/);

    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/job-feed$/);
    await expectToast(page, 'Welcome back!', `Hello ${account.firstName}!`);
    await expect(page.getByTestId('greeting')).toContainText(account.firstName);
    await snap(page, 'student-signed-in');
  });

  test('employer: wrong password, then right password', async ({ page, request }) => {
    const account = newEmployer('login');
    await createEmployerViaApi(request, account);

    await page.goto('/employer-login');
    await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/employer-signup');
    await expect(page.getByRole('link', { name: 'Back to role selection' })).toHaveAttribute('href', '/role-selection');
    await expect(page.getByRole('link', { name: /help/i })).toHaveAttribute('href', '/help');

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login failed', 'Invalid email or password');
    await expect(page).toHaveURL(/\/employer-login$/);

    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/employer-dashboard$/);
    await expectToast(page, 'Welcome back!', `Logged in as ${account.firstName} ${account.lastName}`);
  });
});

test('the admin-login page says what the pin opens', async ({ page }) => {
  await page.goto('/admin-login');
  await expect(page.getByText(/AI video requests, the review of employers, reports and the audit log/)).toBeVisible();
});
