import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import {
  createStudentViaApi,
  DEMO_ADMIN_PIN,
  expectToast,
  fillEmployerSignup,
  newEmployerApi,
  newPage,
  newStudent,
  snap,
  uniqueEmail,
} from './support';

/**
 * District review, reports, the audit log and students' data rights (issue #20), against the
 * shared demo server: a new employer starts pending (the server's default), the admin (demo pin)
 * verifies it, a student reports its posting, the admin hides it, and the student downloads their
 * data and deletes their account. The demo holds one pending employer, Maple Street Bakery.
 */

function suffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

function inTwoMonths(): string {
  return new Date(Date.now() + 60 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

test.describe.serial('district review, reports, audit and data rights', () => {
  const tag = suffix();
  const employer = {
    firstName: 'Morgan',
    lastName: 'Lee',
    email: uniqueEmail('safety-employer'),
    password: 'hire-teens-2025',
    company: `Harbor Light Books ${tag}`,
  };
  const title = `Bookshop Social Media Intern ${tag}`;
  const student = newStudent('safety-student');
  let employerPage: Page;
  let adminPage: Page;
  let studentPage: Page;
  let postingId = 0;
  let employerId = 0;

  test.beforeAll(async ({ browser }) => {
    employerPage = await newPage(browser);
    adminPage = await newPage(browser);
    studentPage = await newPage(browser);
  });

  test.afterAll(async () => {
    for (const page of [employerPage, adminPage, studentPage]) await page.context().close();
  });

  test('a new employer is pending: the dashboard says so, and its posting awaits district review', async () => {
    const page = employerPage;
    await page.goto('/employer-signup');
    await fillEmployerSignup(page, employer, {
      position: 'Store Manager',
      industry: 'Retail',
      address: '8 Harbor Street, Springfield, IL',
      description: 'An independent bookshop with a reading corner, author events and a weekly kids story hour.',
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/employer-confirmation$/);
    await page.goto('/employer-dashboard');

    await expect(page.getByRole('heading', { name: 'Your company is awaiting district review' })).toBeVisible();
    const me = await page.request.get('/api/auth/user');
    const meBody = (await me.json()) as { id: number; employerStatus?: string };
    employerId = meBody.id;
    expect(meBody.employerStatus).toBe('pending');

    // A posting with an AI video (no upload, so the test stays fast).
    await page.getByRole('button', { name: 'Post New Internship' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Post New Internship' });
    await dialog.getByRole('radio', { name: /AI Generated Video/ }).check();
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Description').fill('Plan and film short book recommendation clips for our social media pages.');
    await dialog.getByLabel('Location').fill('Springfield, IL');
    await dialog.getByLabel('Duration').fill('8 weeks');
    await dialog.getByLabel('Requirements').fill('Loves reading, friendly with customers, comfortable on camera.');
    await dialog.getByLabel('Application deadline').fill(inTwoMonths());
    await dialog.getByRole('checkbox', { name: /none of the hazardous duties/ }).check();
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/internships' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Post Internship' }).click();
    const response = await created;
    expect(response.status(), await response.text()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ hazardousDutiesConfirmed: true });
    const body = (await response.json()) as { id: number; visibility: string };
    postingId = body.id;
    expect(body.visibility).toBe('awaiting_review');
    await expectToast(page, 'Internship Posted Successfully');

    const card = page.getByRole('listitem', { name: title });
    await expect(card.getByText('Awaiting district review', { exact: true })).toBeVisible();
    await expect(card.getByText(/Students will see your postings once it is verified\./)).toBeVisible();
    await snap(page, 'safety-employer-pending-390');
  });

  test('the admin verifies the employer from the Employers tab', async () => {
    const page = adminPage;
    const login = await page.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } });
    expect(login.status()).toBe(200);
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'AI video requests' })).toHaveAttribute('aria-selected', 'true');

    // Arrow keys move between the tabs.
    await page.getByRole('tab', { name: 'AI video requests' }).focus();
    await page.keyboard.press('ArrowRight');
    const employersTab = page.getByRole('tab', { name: 'Employers', exact: true });
    await expect(employersTab).toHaveAttribute('aria-selected', 'true');
    await expect(employersTab).toBeFocused();

    const panel = page.getByRole('tabpanel', { name: 'Employers' });
    await expect(panel.getByRole('listitem', { name: 'Maple Street Bakery', exact: true })).toBeVisible();
    const row = panel.getByRole('listitem', { name: employer.company, exact: true });
    await expect(row.getByTestId('employer-status')).toHaveText('Pending review');
    await expect(row.getByText(employer.email)).toBeVisible();
    await expect(row.getByText(`${employer.firstName} ${employer.lastName}`)).toBeVisible();
    await snap(page, 'safety-admin-employers-390');

    await row.getByRole('button', { name: `Verify ${employer.company}` }).click();
    // Asked first (issue 32); this one has not confirmed its e-mail address, and the dialog says so.
    const confirmVerify = page.getByRole('alertdialog', { name: `Verify ${employer.company}?` });
    await expect(confirmVerify.getByTestId('verify-email-warning')).toContainText('is not confirmed yet');
    await confirmVerify.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectToast(page, 'Employer verified');
    await expect(row.getByTestId('employer-status')).toHaveText('Verified');
    await expect(row.getByRole('button', { name: `Verify ${employer.company}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Suspend ${employer.company}` })).toBeVisible();

    // The employer's dashboard no longer shows the review banner or the badge.
    await employerPage.reload();
    await expect(employerPage.getByRole('listitem', { name: title })).toBeVisible();
    await expect(employerPage.getByRole('heading', { name: 'Your company is awaiting district review' })).toHaveCount(0);
    await expect(employerPage.getByRole('listitem', { name: title }).getByTestId('visibility-badge')).toHaveCount(0);
  });

  test('a student sees the posting as verified and reports it', async () => {
    const page = studentPage;
    await createStudentViaApi(page.request, student);
    const district = (await (await page.request.get('/api/district')).json()) as { name: string };

    await page.goto(`/company/${postingId}`);
    await expect(page.getByTestId('company-name')).toHaveText(employer.company);
    await expect(page.getByTestId('verified-badge')).toHaveText(`Verified by ${district.name}`);

    await page.getByRole('button', { name: 'Report this posting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this posting' });
    await expect(dialog.getByRole('radio')).toHaveCount(5);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Please choose a reason', { exact: true })).toBeVisible();
    await dialog.getByRole('radio', { name: 'Scam or asks for fees' }).check();
    await dialog.getByRole('textbox', { name: /Details/ }).fill('The posting asks applicants to pay a registration fee.');
    await snap(page, 'safety-report-dialog-390');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).status()).toBe(201);
    await expectToast(page, 'Report sent');
    await expect(dialog).toHaveCount(0);
    // Focus goes back to the button that opened the dialog.
    await expect(page.getByRole('button', { name: 'Report this posting' })).toBeFocused();
  });

  test('the admin sees the report and hides the posting', async () => {
    const page = adminPage;
    await page.getByRole('tab', { name: 'Reports', exact: true }).click();
    const report = page.getByTestId('report').filter({ hasText: title }).first();
    await expect(report).toBeVisible();
    await expect(report.getByText('Scam or asks for fees')).toBeVisible();
    await expect(report.getByText('The posting asks applicants to pay a registration fee.')).toBeVisible();
    await expect(report.getByText(new RegExp(`${student.firstName}`)).first()).toBeVisible();
    await expect(report.getByTestId('report-status')).toHaveText('Open');

    await report.getByLabel(/Note/).fill('Fees are not allowed for student internships.');
    await report.getByRole('button', { name: 'Hide', exact: true }).click();
    await expectToast(page, 'Report resolved');
    await expect(report.getByTestId('report-status')).toHaveText('Resolved');
    await expect(report.getByTestId('report-resolution')).toContainText('Hidden');
    await snap(page, 'safety-admin-reports-390');

    const gone = await studentPage.request.get(`/api/internships/${postingId}`);
    expect(gone.status()).toBe(404);
    await employerPage.reload();
    await expect(employerPage.getByRole('listitem', { name: title }).getByText('Hidden by the district', { exact: true })).toBeVisible();
  });

  test('the audit log lists the verification, also when filtered by the employer', async () => {
    const page = adminPage;
    await page.getByRole('tab', { name: 'Audit', exact: true }).click();
    const entries = page.getByTestId('audit-entry');
    await expect(entries.filter({ hasText: 'employer.verify' }).first()).toBeVisible();

    await page.getByLabel('Filter by user ID').fill(String(employerId));
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByText(`Showing entries about user #${employerId}.`)).toBeVisible();
    await expect(entries.filter({ hasText: 'employer.verify' }).first()).toBeVisible();
    await snap(page, 'safety-admin-audit-390');
  });

  test('the student downloads their data, then deletes the account and can no longer sign in', async () => {
    const page = studentPage;
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Blocked companies' })).toBeVisible();
    await expect(page.getByText('You have not blocked any company.')).toBeVisible();

    const link = page.getByRole('link', { name: 'Download my data' });
    await expect(link).toHaveAttribute('download', '');
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^internreel-data-\d+\.json$/);
    const exported: unknown = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(JSON.stringify(exported)).toContain(student.email);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    await expect(dialog.getByText(/shown as .Deleted student./)).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Please enter your password', { exact: true })).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Incorrect password', { exact: true })).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(student.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Your account has been deleted.');
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();

    await page.goto('/login?type=student');
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    const again = await page.request.post('/api/student-login', { data: { email: student.email, password: student.password } });
    expect(again.status()).toBeGreaterThanOrEqual(400);
  });
});

test('the admin reinstates a suspended employer through a Reinstate button that asks first', async ({ page }) => {
  test.setTimeout(90_000);
  const company = `Reinstated Co ${Date.now().toString(36)}`;
  const employer = await newEmployerApi('reinstate', company);
  const me = (await (await employer.get('/api/auth/user')).json()) as { id: number };
  await employer.dispose();
  expect((await page.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  expect(
    (await page.request.post(`/api/admin/employers/${me.id}/suspend`, { data: { reason: 'Checking the reinstate flow' } })).status(),
  ).toBe(200);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Employers', exact: true }).click();
  const row = page.getByRole('tabpanel', { name: 'Employers' }).getByRole('listitem', { name: company, exact: true });
  await expect(row.getByTestId('employer-status')).toHaveText('Suspended');
  await expect(row.getByRole('button', { name: `Verify ${company}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Reinstate ${company}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Reinstate ${company}?` });
  await expect(confirm).toContainText(`every one of ${company}'s postings comes back`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByTestId('employer-status')).toHaveText('Suspended');
  await row.getByRole('button', { name: `Reinstate ${company}` }).click();
  await confirm.getByRole('button', { name: 'Reinstate', exact: true }).click();
  await expect(row.getByTestId('employer-status')).toHaveText('Verified');
});

test('the privacy policy says what Download my data and Delete my account do, and what stays', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByText(/contact us and we will remove it/)).toHaveCount(0);
  const choices = page.getByRole('region', { name: 'Your choices' });
  await expect(choices).toContainText('Download my data');
  await expect(choices).toContainText('Delete my account');
  await expect(choices).toContainText('audit log');
  await expect(choices).toContainText('Deleted student');
});
