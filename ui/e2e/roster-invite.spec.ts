import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as apiRequest } from '@playwright/test';
import { test } from './fixtures';
import { AxeAudit } from './axe';
import { BASE_URL, DEMO_ADMIN_PIN, expectToast, snap, uniqueEmail } from './support';

/**
 * A rostered student's first way in: the district imports the roster and runs `roster invite`
 * (the server's CLI, through its control socket); the e-mail's link says "Choose your password"
 * (not a reset), and after the first sign-in the student picks interests before the feed.
 */

test.skip(!process.env.INTERNREEL_BIN || !process.env.INTERNREEL_DATA, 'runs the server CLI that tests/it/browser.rs names');

const SCHOOL = 'Lincoln High School';

function cli(args: string[]): string {
  return execFileSync(process.env.INTERNREEL_BIN!, [...args, '--data', process.env.INTERNREEL_DATA!], { encoding: 'utf8' });
}

const csv = (cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');

/** Imports a OneRoster folder with one new student; its schools are every school the district already names. */
async function rosterStudent(email: string): Promise<void> {
  const admin = await apiRequest.newContext({ baseURL: BASE_URL });
  let schools: string[];
  try {
    expect((await admin.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
    schools = ((await (await admin.get('/api/admin/schools')).json()) as { schools: string[] }).schools;
  } finally {
    await admin.dispose();
  }
  if (!schools.includes(SCHOOL)) schools.push(SCHOOL);
  const dir = mkdtempSync(join(tmpdir(), 'roster-'));
  try {
    const orgs = ['sourcedId,status,name,type', ...schools.map((name, i) => csv([`s${i}`, 'active', name, 'school']))];
    writeFileSync(join(dir, 'orgs.csv'), orgs.join('\n') + '\n');
    const id = `e2e-${email.split('@')[0]}`;
    const users = [
      'sourcedId,status,enabledUser,orgSourcedIds,role,givenName,familyName,email,grades',
      csv([id, 'active', 'true', `s${schools.indexOf(SCHOOL)}`, 'student', 'Rosa', 'Marin', email, '11']),
    ];
    writeFileSync(join(dir, 'users.csv'), users.join('\n') + '\n');
    expect(cli(['roster', 'import', dir])).toMatch(/^Imported the roster: 1 created/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The link of the newest set-password e-mail to `email`. */
function invitation(email: string): { subject: string; path: string } {
  const mails = JSON.parse(cli(['mail', 'list', '--json'])) as { to: string; subject: string; text: string }[];
  const mail = mails.find((m) => m.to.toLowerCase() === email.toLowerCase() && m.text.includes('/reset-password?token='));
  if (!mail) throw new Error(`no invitation to ${email}`);
  const url = /https?:\/\/\S+\/reset-password\?token=[0-9a-f]{64}\S*/.exec(mail.text)![0];
  const link = new URL(url);
  return { subject: mail.subject, path: `${link.pathname}${link.search}` };
}

test('a rostered student: the invitation says choose your password, and interests come before the feed', async ({ page }) => {
  test.setTimeout(90_000);
  const audit = new AxeAudit(page);
  const email = uniqueEmail('rostered');
  const password = 'rosa-marin-password-1';
  await rosterStudent(email);
  expect(cli(['roster', 'invite', '--school', SCHOOL])).toMatch(/^Queued [1-9]\d* set-password e-mail/);
  const { subject, path } = invitation(email);
  expect(subject).toBe('Choose your password for InternReel');
  expect(path).toMatch(/&invite=1$/);

  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Choose your password', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toHaveCount(0);
  await expect(page.getByText('Reset Password')).toHaveCount(0);
  await expect(page.getByText('Your school set up an InternReel account for you.')).toBeVisible();
  await audit.scan('/reset-password?invite=1');
  await snap(page, 'roster-invite-choose-password-390');
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save password', exact: true }).click();
  await expectToast(page, 'Password saved. Sign in with it to finish setting up your account.');

  // The first sign-in: the interests step, not the feed.
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'What would you like to explore?' })).toBeVisible();
  await expect(page.getByText('Welcome, Rosa!', { exact: false })).toBeVisible();
  const form = page.getByRole('form', { name: 'Your interests' });
  await form.getByRole('button', { name: 'Show my feed' }).click();
  await expect(form.getByText('Please select at least one interest')).toBeVisible();
  await audit.scan('/welcome, nothing chosen');
  await snap(page, 'roster-welcome-interests-390');
  await form.getByRole('checkbox', { name: 'Technology' }).check();
  await form.getByRole('checkbox', { name: 'Healthcare' }).check();
  await form.getByRole('button', { name: 'Show my feed' }).click();
  await expect(page).toHaveURL(/\/job-feed$/);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { interests: string[]; school: string };
  expect(me.interests).toEqual(['technology', 'healthcare']);
  expect(me.school).toBe(SCHOOL);

  // Done once: the step sends a student with interests on to the feed.
  await page.goto('/welcome');
  await expect(page).toHaveURL(/\/job-feed$/);
  audit.expectClean();
});
