import { expect, request as apiRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test } from './fixtures';
import { axeFindings } from './axe';
import {
  BASE_URL,
  createStudentViaApi,
  DEMO_ADMIN_PIN,
  newEmployer,
  newEmployerApi,
  newStudent,
  postInternshipViaApi,
  uniqueEmail,
} from './support';

/**
 * The fields the server gained and the UI now reads: X-Thread-Closed, pendingEmail,
 * hiddenReason, the AI queue's on_hold, and the admin's view of a company's postings.
 */

function suffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

async function adminApi(): Promise<APIRequestContext> {
  const admin = await apiRequest.newContext({ baseURL: BASE_URL });
  expect((await admin.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  return admin;
}

async function meId(api: APIRequestContext): Promise<number> {
  return ((await (await api.get('/api/auth/user')).json()) as { id: number }).id;
}

/** A page signed in with the cookies of `api`. */
async function pageAs(browser: Browser, api: APIRequestContext): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, storageState: await api.storageState() });
  return context.newPage();
}

/** A student reports the posting as a scam and the district hides it with `note`. */
async function hidePosting(postingId: number, note: string): Promise<void> {
  const student = await apiRequest.newContext({ baseURL: BASE_URL });
  await createStudentViaApi(student, newStudent('reporter'));
  const reported = await student.post('/api/reports', {
    data: { targetType: 'internship', targetId: postingId, reason: 'scam', details: 'Asks for a fee up front.' },
  });
  expect(reported.status(), await reported.text()).toBeLessThan(300);
  await student.dispose();
  const admin = await adminApi();
  const list = (await (await admin.get('/api/admin/reports')).json()) as {
    reports: { id: number; targetType: string; targetId: number; status: string }[];
  };
  const report = list.reports.find((r) => r.targetType === 'internship' && r.targetId === postingId && r.status === 'open');
  expect(report, 'the report is listed').toBeTruthy();
  const resolved = await admin.post(`/api/admin/reports/${report!.id}/resolve`, { data: { action: 'hide', note } });
  expect(resolved.status(), await resolved.text()).toBe(200);
  await admin.dispose();
}

test('a thread whose employer is suspended opens with the box off and the reason shown', async ({ page }) => {
  const tag = suffix();
  const employer = await newEmployerApi('sf-thread', `Closed Early Co ${tag}`);
  const posting = await postInternshipViaApi(employer, { title: `Closed Early Intern ${tag}`, description: 'Applied to.' });
  const employerId = await meId(employer);
  await employer.dispose();
  await createStudentViaApi(page.request, newStudent('sf-thread'));
  expect((await page.request.post('/api/applications', { data: { internshipId: posting.id, status: 'pending' } })).status()).toBe(201);
  const admin = await adminApi();
  expect((await admin.post(`/api/admin/employers/${employerId}/suspend`, { data: { reason: 'Test of a closed thread' } })).status()).toBe(
    200,
  );
  await admin.dispose();

  let sent = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/applications\/\d+\/messages$/.test(new URL(r.url()).pathname)) sent = true;
  });
  await page.goto('/profile');
  await page.getByRole('button', { name: `Message employer, Closed Early Co ${tag}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('send-error')).toHaveText("This conversation is closed: the employer's account is suspended.");
  await expect(dialog.getByRole('textbox')).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Send message' })).toBeDisabled();
  expect(sent).toBe(false);
  expect(await axeFindings(page)).toEqual([]);
});

test('a new e-mail address waits for its link: the profile says so and keeps the current address', async ({ page }) => {
  const account = newStudent('sf-email');
  await createStudentViaApi(page.request, account);
  const next = uniqueEmail('sf-new');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveValue(account.email);
  await email.fill(next);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const notice = page.getByTestId('pending-email');
  await expect(notice).toHaveText(`We sent a link to ${next}. Your address changes when you open it.`);
  await expect(page.getByText(account.email, { exact: true }).first()).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  // Shown whenever pendingEmail is set (after a reload too), and in the form, whose field keeps the current address.
  await page.reload();
  await expect(notice).toHaveText(`We sent a link to ${next}. Your address changes when you open it.`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
  await expect(page.getByTestId('pending-email')).toHaveCount(2);

  // (Past five changes an hour the server answers 429: tests/it/accounts.rs; the suite's
  // server runs without limits, as every spec signs up and posts far more than a person.)
});

test('a posting the district hid tells its employer why on the dashboard', async ({ browser }) => {
  const tag = suffix();
  const employer = await newEmployerApi('sf-hidden', `Hidden Note Co ${tag}`);
  const title = `Hidden Note Intern ${tag}`;
  const posting = await postInternshipViaApi(employer, { title, description: 'Front desk help.' });
  const note = `The pay is not stated ${tag}.`;
  await hidePosting(posting.id, note);

  const page = await pageAs(browser, employer);
  await page.goto('/employer-dashboard');
  const card = page.getByRole('listitem', { name: title });
  await expect(card.getByTestId('visibility-badge')).toHaveText('Hidden by the district');
  await expect(card.getByTestId('visibility-note')).toContainText(`Hidden by the district: ${note}`);
  expect(await axeFindings(page)).toEqual([]);
  await page.context().close();
  await employer.dispose();
});

test('the AI queue: on-hold requests say why, have no upload and no clock, and a filter finds each kind', async ({ page }) => {
  const tag = suffix();
  const employer = await newEmployerApi('sf-queue', `On Hold Co ${tag}`);
  const title = `On Hold Intern ${tag}`;
  const posting = await postInternshipViaApi(employer, { title, description: 'Help the team.' });
  await employer.dispose();
  await hidePosting(posting.id, `Not suitable ${tag}`);

  expect((await page.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  const requests = (await (await page.request.get('/api/admin/ai-video-requests')).json()) as { status: string; title: string }[];
  expect(requests.find((r) => r.title === title)?.status).toBe('on_hold');
  const pendingCount = requests.filter((r) => r.status === 'pending').length;

  await page.goto('/admin');
  await expect(page.getByTestId('counter-pending-requests')).toHaveText(String(pendingCount));
  const row = page.getByRole('listitem', { name: `${title} at On Hold Co ${tag}` });
  // Pending is shown first: the on-hold request is not among them.
  await expect(page.getByRole('button', { name: /^Pending/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(row).toHaveCount(0);

  await page.getByRole('button', { name: /^On hold/ }).click();
  await expect(row.getByTestId('on-hold-badge')).toHaveText('On hold: hidden by the district');
  await expect(row.getByRole('button', { name: /Upload Video/ })).toHaveCount(0);
  await expect(row.getByText(/Overdue/)).toHaveCount(0);
  await expect(page.getByTestId('ai-request').getByText('Pending', { exact: true })).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  await page.getByRole('button', { name: /^Completed/ }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: /^All/ }).click();
  await expect(row).toHaveCount(1);
});

test('the district reads a pending company’s postings before verifying it', async ({ page }) => {
  const tag = suffix();
  const company = `Unverified Reading Co ${tag}`;
  const employer = await apiRequest.newContext({ baseURL: BASE_URL });
  const account = { ...newEmployer('sf-pending'), company };
  // Signed up, not verified (createEmployerViaApi verifies).
  const signup = await employer.post('/api/employers', {
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      password: account.password,
      position: 'Owner',
      company,
      companySize: '1-10',
      industry: 'marketing',
      website: 'https://reading.example.com',
      address: '1 Main Street',
      companyDescription: 'A small shop in the town centre that sells paper, pens and postcards.',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const title = `Awaiting Review Intern ${tag}`;
  const description = `Sort the mail and greet visitors ${tag}.`;
  await postInternshipViaApi(employer, { title, description });
  await employer.dispose();

  expect((await page.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  await page.goto('/admin');
  // Its AI request waits too: the company awaits review.
  await page.getByRole('button', { name: /^On hold/ }).click();
  await expect(page.getByRole('listitem', { name: `${title} at ${company}` }).getByTestId('on-hold-badge')).toHaveText(
    'On hold: company awaiting review',
  );

  await page.getByRole('tab', { name: 'Employers', exact: true }).click();
  const row = page.getByRole('listitem', { name: company });
  await expect(row.getByTestId('employer-status')).toHaveText('Pending review');
  await row.getByRole('button', { name: `View postings of ${company}` }).click();
  const dialog = page.getByRole('dialog', { name: `Postings of ${company}` });
  const item = dialog.getByRole('listitem', { name: title });
  await expect(item.getByRole('heading', { name: title })).toBeVisible();
  await expect(item.getByTestId('posting-visibility')).toHaveText('Awaiting district review');
  await expect(item.getByTestId('posting-description')).toHaveText(description);
  expect(await axeFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('button', { name: `View postings of ${company}` })).toBeFocused();
});

test('a thread whose employer is suspended turns its message box off and says why', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  const employer = await newEmployerApi('closed-thread', 'Soon Suspended Co');
  const posting = await postInternshipViaApi(employer, {
    title: `Closed Thread Intern ${Date.now().toString(36)}`,
    description: 'Applied to.',
  });
  const me = (await (await employer.get('/api/auth/user')).json()) as { id: number };
  await createStudentViaApi(page.request, newStudent('closed-thread'));
  expect((await page.request.post('/api/applications', { data: { internshipId: posting.id, status: 'pending' } })).status()).toBe(201);
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await admin.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  const suspended = await admin.post(`/api/admin/employers/${me.id}/suspend`, { data: { reason: 'Test of a closed thread' } });
  expect(suspended.status(), await suspended.text()).toBe(200);
  await admin.dispose();
  await employer.dispose();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Message employer, Soon Suspended Co' }).click();
  const dialog = page.getByRole('dialog');
  const box = dialog.getByRole('textbox');
  // The thread's GET says so (X-Thread-Closed): the box is off before anything is typed.
  await expect(dialog.getByTestId('send-error')).toHaveText("This conversation is closed: the employer's account is suspended.");
  await expect(box).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Send message' })).toBeDisabled();
});
