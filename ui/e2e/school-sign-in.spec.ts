import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as apiRequest, type Page } from '@playwright/test';
import { test } from './fixtures';
import { AxeAudit } from './axe';
import { BASE_URL, createStudentViaApi, fillSchool, newStudent } from './support';
import { DEMO_ADMIN, expectReflows, freshCode } from './totp';

/**
 * School-account sign-in (issue #34) through a real OpenID provider: tests/it/browser.rs starts
 * `oidc-provider` (tests/oidc) on loopback and sets it up as "Lakeside" (domains
 * lakeside.k12.ca.us and district.example, students and staff) before this suite runs. Every
 * step here is the real server and the real provider's login page; nothing is stubbed.
 */

const PROVIDER_PASSWORD = 'school-pass';

/** The provider's login page: its own form, on its own origin. */
async function providerSignIn(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Lakeside Sign-In' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(process.env.INTERNREEL_OIDC_ISSUER);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PROVIDER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Runs `internreel --data DATA ...` against the running server (its control socket). */
function cli(...args: string[]): string {
  const bin = process.env.INTERNREEL_BIN;
  const data = process.env.INTERNREEL_DATA;
  if (!bin || !data) throw new Error('INTERNREEL_BIN and INTERNREEL_DATA are set by tests/it/browser.rs');
  return execFileSync(bin, ['--data', data, ...args], { encoding: 'utf8' });
}

test.skip(!process.env.INTERNREEL_OIDC_ISSUER, 'needs the OpenID provider that tests/it/browser.rs starts');

test('a student continues with the school account: first sign-in, then straight in', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const audit = new AxeAudit(page);
  await page.goto('/login');
  await audit.scan('/login with a provider');
  await page.getByRole('link', { name: 'Continue with Lakeside' }).click();
  await providerSignIn(page, 'kai.student@lakeside.k12.ca.us');

  // First time: the account comes from the provider's name and e-mail; only school, grade
  // and interests are asked.
  await expect(page).toHaveURL(/\/school-signup$/);
  await expect(page.getByRole('heading', { name: 'Finish setting up your account' })).toBeVisible();
  await expect(page.getByTestId('school-account')).toContainText('Kai Moreno');
  await expect(page.getByTestId('school-account')).toContainText('kai.student@lakeside.k12.ca.us');
  await page.getByRole('button', { name: 'Finish sign-up' }).click();
  for (const message of ['School name is required', 'Grade level is required', 'Please select at least one interest']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await audit.scan('/school-signup, refused');
  await expectReflows(page, '/school-signup');
  await page.setViewportSize({ width: 390, height: 844 });
  await fillSchool(page, 'Lakeside High School');
  await page.getByLabel('Grade level').click();
  await page.getByRole('option', { name: 'Junior (11th grade)' }).click();
  await page.getByRole('checkbox', { name: 'Technology' }).check();
  await page.getByRole('button', { name: 'Finish sign-up' }).click();
  await expect(page).toHaveURL(/\/job-feed$/);
  const session = await (await page.request.get('/api/session')).json();
  expect(session.user.email).toBe('kai.student@lakeside.k12.ca.us');
  await context.close();

  // Another day, another browser: the provider signs in, the feed opens.
  const again = await browser.newContext();
  const second = await again.newPage();
  await second.goto('/login');
  await second.getByRole('link', { name: 'Continue with Lakeside' }).click();
  await providerSignIn(second, 'kai.student@lakeside.k12.ca.us');
  await expect(second).toHaveURL(/\/job-feed$/);
  await again.close();
  audit.expectClean();
});

test('an account of another domain is refused with a sentence, and an existing account is linked after its password', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const audit = new AxeAudit(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Lakeside' }).click();
  await providerSignIn(page, 'eve@gmail.com');
  await expect(page).toHaveURL(/\/login\?ssoError=/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'eve@gmail.com is not one of the school accounts this district accepts.' }),
  ).toBeVisible();
  await audit.scan('/login?ssoError');
  await context.close();

  // lee@ has a password account already: an e-mail match alone never signs in. Lee made it
  // before the district set up its school sign-in (a password sign-up with the provider's
  // domain is refused since), so the provider is set aside for the sign-up and set up again
  // as tests/it/browser.rs did.
  const lee = { ...newStudent('lee'), email: 'lee@lakeside.k12.ca.us' };
  const api = await apiRequest.newContext({ baseURL: BASE_URL });
  cli('sso', 'remove', 'Lakeside');
  try {
    await createStudentViaApi(api, lee);
  } finally {
    const secret = join(mkdtempSync(join(tmpdir(), 'internreel-sso-')), 'secret');
    writeFileSync(secret, 's3cret');
    cli(
      'sso',
      'add',
      'Lakeside',
      '--issuer',
      process.env.INTERNREEL_OIDC_ISSUER ?? '',
      '--client-id',
      'internreel',
      '--client-secret-file',
      secret,
      '--domain',
      'lakeside.k12.ca.us',
      '--domain',
      'district.example',
      '--for',
      'both',
    );
  }
  await api.dispose();
  const linking = await browser.newContext();
  const p2 = await linking.newPage();
  const linkAudit = new AxeAudit(p2);
  await p2.goto('/login');
  await p2.getByRole('link', { name: 'Continue with Lakeside' }).click();
  await providerSignIn(p2, 'lee@lakeside.k12.ca.us');
  await expect(p2).toHaveURL(/\/login\?sso=link$/);
  await expect(p2.getByTestId('sso-link')).toHaveText(
    'An account with lee@lakeside.k12.ca.us already exists. Sign in with its password once to link your school account.',
  );
  await linkAudit.scan('/login?sso=link');
  await p2.getByLabel('Password', { exact: true }).fill(lee.password);
  await p2.getByRole('button', { name: 'Sign In' }).click();
  await expect(p2).toHaveURL(/\/job-feed$/);
  await linking.close();
  // Linked: next time the school account alone signs in.
  const later = await browser.newContext();
  const p3 = await later.newPage();
  await p3.goto('/login');
  await p3.getByRole('link', { name: 'Continue with Lakeside' }).click();
  await providerSignIn(p3, 'lee@lakeside.k12.ca.us');
  await expect(p3).toHaveURL(/\/job-feed$/);
  await later.close();
  audit.expectClean();
  linkAudit.expectClean();
});

test('a district with school accounts only shows the button instead of the sign-up form', async ({ page }) => {
  const audit = new AxeAudit(page);
  cli('settings', 'set', 'student-signup', 'school-accounts-only');
  try {
    await page.goto('/student-signup');
    await expect(page.getByText('Student accounts come from your school. Sign in with your school account.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue with Lakeside' })).toHaveAttribute(
      'href',
      '/api/auth/sso/Lakeside/start?role=student',
    );
    await expect(page.getByRole('form', { name: 'Student sign up' })).toHaveCount(0);
    await audit.scan('/student-signup, school accounts only');
    await expectReflows(page, '/student-signup, school accounts only');
  } finally {
    cli('settings', 'set', 'student-signup', 'open');
  }
  audit.expectClean();
});

test('staff continue with the school account and still give their authenticator code', async ({ page }) => {
  test.setTimeout(90_000);
  const audit = new AxeAudit(page);
  await page.goto('/admin-login');
  await page.getByRole('link', { name: 'Continue with Lakeside' }).click();
  await providerSignIn(page, DEMO_ADMIN.email);
  // The provider did one factor (its amr has no "mfa"): the code is still asked.
  await expect(page).toHaveURL(/\/admin-login\?sso=code$/);
  await expect(page.getByTestId('sso-who')).toHaveText(`Signing in as ${DEMO_ADMIN.name} (${DEMO_ADMIN.email}).`);
  await audit.scan('/admin-login?sso=code');
  await expectReflows(page, '/admin-login?sso=code');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Code from your authenticator app').fill(await freshCode(page, DEMO_ADMIN.secret));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(`Signed in as ${DEMO_ADMIN.name}`)).toBeVisible();
  audit.expectClean();
});
