import { expect } from '@playwright/test';
import { test } from './fixtures';
import { snap } from './support';

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await snap(page, 'not-found');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your first internship');
});

test('every route of the product renders a screen, not the 404 page', async ({ page }) => {
  const routes = [
    '/role-selection',
    '/student-signup',
    '/employer-signup',
    '/employer-login',
    '/login?type=student',
    '/reset-password',
    '/reset-password?token=nonsense',
    '/profile',
    '/matches',
    '/job-feed',
    '/browse-internships',
    '/company/1',
    '/company-profile/1',
    '/internship/1',
    '/confirmation',
    '/employer-confirmation',
    '/employer-dashboard',
    '/employer-profile',
    '/student-profiles',
    '/learn-about',
    '/contact',
    '/external-jobs',
    '/admin-login',
    '/admin',
    '/help',
    '/employer-guide',
    '/support',
  ];
  test.setTimeout(120_000);
  for (const route of routes) {
    await page.goto(route);
    // The route's chunk has loaded (no page spinner) and rendered something that is not the 404.
    await expect(page.getByText('Loading page'), route).toHaveCount(0);
    await expect(page.locator('#root'), route).not.toBeEmpty();
    await expect(page.getByRole('heading').first(), route).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' }), route).toHaveCount(0);
  }
});

test('role selection links to both sign-ups and sign-ins', async ({ page }) => {
  await page.goto('/role-selection');
  await expect(page.getByRole('link', { name: 'Create Account as a student' })).toHaveAttribute('href', '/student-signup');
  await expect(page.getByRole('link', { name: 'Sign In as a student' })).toHaveAttribute('href', '/login?type=student');
  await expect(page.getByRole('link', { name: 'Create Account as an employer' })).toHaveAttribute('href', '/employer-signup');
  await expect(page.getByRole('link', { name: 'Sign In as an employer' })).toHaveAttribute('href', '/employer-login');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/learn-about');
  await snap(page, 'role-selection');
});

test('the employer guide covers hours, hazardous work, permits and pay', async ({ page }) => {
  await page.goto('/employer-guide');
  for (const heading of ['Hours', 'Hazardous work is off-limits under 18', 'Work permits', 'Paid and unpaid internships']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByText('$4.25', { exact: false })).toBeVisible();
});
