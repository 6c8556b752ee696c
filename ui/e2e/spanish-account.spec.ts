import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { createStudentViaApi, newStudent } from './support';
import { es } from './spanish-support';

/*
 * The account keeps its language: a student who signs up in Spanish (a district's `?lang=es`
 * link) has Spanish stored on the account, so the e-mails sent later are Spanish; an account's
 * Spanish applies the moment it signs in, on an English browser too, without a reload.
 */

test.use({ locale: 'en-US' });

/** One server catalogue (locales/server/<code>.ftl): each one-line entry's key and its text. */
function serverCatalogue(code: string): Map<string, string> {
  const source = readFileSync(fileURLToPath(new URL(`../../locales/server/${code}.ftl`, import.meta.url)), 'utf8');
  const entries = new Map<string, string>();
  for (const line of source.split('\n')) {
    const at = line.indexOf(' = ');
    if (at > 0 && !line.startsWith('#')) entries.set(line.slice(0, at), line.slice(at + 3));
  }
  return entries;
}

/** The server's Spanish of one of its English texts: the es.ftl entry of the en.ftl key that says it. */
function serverSpanish(english: string): string {
  const key = [...serverCatalogue('en')].find(([, text]) => text === english)?.[0];
  const spanish = key === undefined ? undefined : serverCatalogue('es').get(key);
  if (spanish === undefined) throw new Error(`locales/server/en.ftl and es.ftl have no ${JSON.stringify(english)}`);
  return spanish;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The e-mails the outbox holds for `email`, newest first (the server's CLI reads them). */
function mailTo(email: string): OutboxMail[] {
  const bin = process.env.INTERNREEL_BIN;
  const data = process.env.INTERNREEL_DATA;
  if (!bin || !data) throw new Error('INTERNREEL_BIN and INTERNREEL_DATA are set by tests/it/browser.rs');
  const mails = JSON.parse(execFileSync(bin, ['mail', 'list', '--data', data, '--json'], { encoding: 'utf8' })) as OutboxMail[];
  return mails.filter((m) => m.to.toLowerCase() === email.toLowerCase()).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Picks `option` of the select whose English label is `label`, in Spanish. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(es(label), { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Whether the page has been reloaded since `markPage` (a full load drops the mark). */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as Window & { samePage?: boolean }).samePage = true;
  });
}

async function stillSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as Window & { samePage?: boolean }).samePage === true);
}

test.skip(!process.env.INTERNREEL_BIN, 'reads the outbox with the server CLI that tests/it/browser.rs names');

test('a student who signs up in Spanish gets Spanish e-mails', async ({ page }) => {
  const account = newStudent('es-signup');
  await page.goto('/student-signup?lang=es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.getByLabel(es('First name'), { exact: true }).fill(account.firstName);
  await page.getByLabel(es('Last name'), { exact: true }).fill(account.lastName);
  await page.getByLabel(es('Email'), { exact: true }).fill(account.email);
  await page.getByLabel(es('Password'), { exact: true }).fill(account.password);
  const school = page.getByLabel(es('School name'), { exact: true });
  await expect(school).toBeEnabled();
  if ((await school.getAttribute('role')) === 'combobox') {
    await school.click();
    await page.getByRole('option').first().click();
  } else {
    await school.fill('Lincoln High School');
  }
  // forms:grades.option with the junior's name and year, in Spanish.
  await choose(page, 'Grade level', 'Tercer año (11.º grado)');
  await page.getByRole('checkbox', { name: es('Technology') }).check();
  await page.getByRole('button', { name: es('Create Account') }).click();
  await expect(page).toHaveURL(/\/job-feed$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // The account keeps Spanish, though the browser asks for English.
  const session = (await (await page.request.get('/api/session')).json()) as { language: string | null };
  expect(session.language).toBe('es');

  // An e-mail sent later is Spanish: the password reset, asked from an English browser.
  const asked = await page.request.post('/api/password-reset', {
    data: { email: account.email },
    headers: { 'Accept-Language': 'en-US' },
  });
  expect(asked.status()).toBe(202);
  await expect.poll(() => mailTo(account.email)[0]?.subject ?? null).toBe(serverSpanish('Reset your InternReel password'));
  const mail = mailTo(account.email)[0]!;
  expect(mail.text).toContain(
    serverSpanish(
      'Someone (we hope you) asked to reset the password of your InternReel account. Open this link within 30 minutes to choose a new one:',
    ),
  );
});

test('a Spanish account signing in on an English browser sees Spanish at once', async ({ page, request }) => {
  const account = newStudent('es-signin');
  // `request` has a cookie jar of its own: the page stays signed out.
  await createStudentViaApi(request, account);
  expect((await request.put('/api/language', { data: { language: 'es' } })).status()).toBe(200);

  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await markPage(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/job-feed$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('navigation', { name: es('Feed') }).getByRole('button', { name: es('Logout') })).toBeVisible();
  expect(await stillSamePage(page), 'no reload').toBe(true);
  // The device remembers it: the next page the server sends is painted in Spanish.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'internreel_lang')?.value).toBe('es');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test("Spanish chosen on the sign-in page makes a school sign-in's new account Spanish", async ({ page }) => {
  test.skip(!process.env.INTERNREEL_OIDC_ISSUER, 'needs the OpenID provider that tests/it/browser.rs starts');
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const start = page.getByRole('link', { name: es('Continue with {{name}}', { name: 'Lakeside' }) });
  await expect(start).toHaveAttribute('href', /[?&]lang=es(&|$)/);
  await start.click();

  // The provider's own page (English), then the finish step in Spanish.
  await expect(page.getByRole('heading', { name: 'Lakeside Sign-In' })).toBeVisible();
  await page.getByLabel('Email').fill('sol@lakeside.k12.ca.us');
  await page.getByLabel('Password').fill('school-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/school-signup$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const school = page.getByLabel(es('School name'), { exact: true });
  await expect(school).toBeEnabled();
  if ((await school.getAttribute('role')) === 'combobox') {
    await school.click();
    await page.getByRole('option').first().click();
  } else {
    await school.fill('Lincoln High School');
  }
  await choose(page, 'Grade level', 'Tercer año (11.º grado)');
  await page.getByRole('checkbox', { name: es('Technology') }).check();
  await page.getByRole('button', { name: es('Finish sign-up') }).click();
  await expect(page).toHaveURL(/\/job-feed$/);
  const session = (await (await page.request.get('/api/session')).json()) as { language: string | null };
  expect(session.language).toBe('es');
});
