import { expect } from '@playwright/test';
import { test } from './fixtures';
import { snap } from './support';

test.describe('landing page', () => {
  test('shows the marketing texts, and both role buttons store the user type', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your first internship');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/learn-about');
    await expect(page.getByRole('link', { name: 'Explore All Internships' })).toHaveAttribute('href', '/job-feed');
    await expect(page.getByRole('heading', { name: 'For Students', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'For Businesses', exact: true })).toBeVisible();
    for (const benefit of ['Future Hires', 'Fresh Perspectives', 'Cost-Effective']) {
      await expect(page.getByRole('heading', { name: benefit, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Get early access', exact: true })).toBeVisible();
    const steps = page.getByRole('region', { name: 'How it works' }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    const stepNames = ['Create Profile', 'Browse & Watch', 'Apply Instantly', 'Connect & Chat'];
    for (const [index, step] of stepNames.entries()) {
      await expect(page.getByRole('heading', { name: `Step ${index + 1}: ${step}`, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'What people are saying' }).locator('figure')).toHaveCount(3);
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    await expect(faq.getByRole('button')).toHaveCount(6);
    await faq.getByRole('button', { name: 'Is it free for students?' }).click();
    await expect(faq.getByText('always free for students')).toBeVisible();

    const footer = page.getByRole('contentinfo');
    const links: Array<[string, string]> = [
      ['Browse Internships', '/browse-internships'],
      ['Latest Job Opportunities', '/external-jobs'],
      ['Admin Access', '/admin-login'],
      ['Contact Us', '/contact'],
      ['About', '/learn-about'],
      ['For Students', '/role-selection'],
      ['For Employers', '/role-selection'],
    ];
    for (const [name, href] of links) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer).toContainText('© 2025');
    await snap(page, 'landing');

    // Hero buttons: 'I'm a Student' stores student and opens the student sign-up.
    await page.getByRole('button', { name: "I'm a Student" }).first().click();
    await expect(page).toHaveURL(/\/student-signup$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('internreel') ?? '{}').state?.userType)).toBe('student');

    await page.goto('/');
    await page.getByRole('button', { name: "I'm an Employer" }).first().click();
    await expect(page).toHaveURL(/\/employer-signup$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('internreel') ?? '{}').state?.userType)).toBe('employer');
  });

  test('the two sample videos play one at a time', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByTestId('sample-card');
    await expect(cards).toHaveCount(2);
    const [first, second] = [cards.nth(0), cards.nth(1)];
    const firstVideo = first.locator('video');
    const secondVideo = second.locator('video');

    for (const video of [firstVideo, secondVideo]) {
      await expect(video).toHaveJSProperty('muted', true);
      await expect(video).toHaveJSProperty('loop', true);
      await expect(video).toHaveAttribute('playsinline', '');
    }
    await expect(first).toContainText('Remote');
    await expect(first).toContainText('16-18');

    // None playing -> first playing.
    await first.scrollIntoViewIfNeeded();
    await first.getByTestId('sample-play').click();
    await expect(first).toHaveAttribute('data-playing', 'true');
    await expect(second).toHaveAttribute('data-playing', 'false');
    await expect.poll(() => firstVideo.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

    // Second playing -> first paused.
    await second.scrollIntoViewIfNeeded();
    await second.getByTestId('sample-play').click();
    await expect(second).toHaveAttribute('data-playing', 'true');
    await expect(first).toHaveAttribute('data-playing', 'false');
    await expect.poll(() => secondVideo.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await expect.poll(() => firstVideo.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await snap(page, 'landing-videos');

    // Tapping the playing one again pauses it: none playing.
    await second.getByTestId('sample-play').click();
    await expect(second).toHaveAttribute('data-playing', 'false');
    await expect.poll(() => secondVideo.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});
