import { expect, test, type Locator, type Page } from '@playwright/test';
import { AxeAudit } from './axe';
import {
  choose,
  createEmployerViaApi,
  createStudentViaApi,
  DEMO_ADMIN_PIN,
  fillEmployerSignup,
  newEmployer,
  newEmployerApi,
  newPage,
  newStudent,
  PHONE,
  postInternshipViaApi,
  snap,
  toasts,
} from './support';

const DEMO_EMPLOYER = { email: 'jordan@sproutly.example', password: 'employer123' };

/**
 * Issue 32, the screens' smaller items, each against the demo server (its data read, never
 * changed, except for the accounts and postings a test makes for itself).
 */

test.describe.configure({ timeout: 90_000 });

test('browse lists what the server found: a typo and a tag-only match', async ({ page }) => {
  await page.goto('/browse-internships');
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ internships found$/);
  // "desing": a typo the server forgives; CAD Drafting Intern matches by its 'design' tag alone.
  await page.getByLabel('Search internships').fill('desing');
  await expect(page.getByRole('button', { name: 'View details: UX Design Intern' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View details: CAD Drafting Intern' })).toBeVisible();
  const api = (await (await page.request.get('/api/internships?q=desing')).json()) as unknown[];
  await expect(page.getByTestId('result-count')).toHaveText(`${api.length} internships found`);
});

test('the demo employer’s dashboard (new applications) and its post dialog pass axe', async ({ page }) => {
  expect((await page.request.post('/api/employers/login', { data: DEMO_EMPLOYER })).status()).toBe(200);
  await page.goto('/employer-dashboard');
  await expect(page.getByTestId('posting').first()).toBeVisible();
  const audit = new AxeAudit(page);
  await audit.scan('dashboard');
  await page.getByRole('button', { name: 'Post New Internship' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Post New Internship' })).toBeVisible();
  await audit.scan('post dialog');
  audit.expectClean();
});

test('learn-about’s sample company page is a company whose posting is open', async ({ page }) => {
  await page.goto('/learn-about');
  const link = page.getByRole('link', { name: 'a sample company page' });
  await expect(link).toHaveAttribute('href', /^\/company\/\d+$/);
  await link.click();
  await expect(page.getByRole('button', { name: 'Apply for this Position' })).toBeVisible();
  await expect(page.getByText(/Applications closed on/)).toHaveCount(0);
});

test('applications: newest first, and a status change shows with the bell, not at the next poll', async ({ browser }) => {
  const employer = await newEmployerApi('apps-order', 'Order Test Works');
  const older = await postInternshipViaApi(employer, {
    title: `Older Helper ${Date.now().toString(36)}`,
    description: 'The first one applied to.',
  });
  const newer = await postInternshipViaApi(employer, {
    title: `Newer Helper ${Date.now().toString(36)}`,
    description: 'The second one applied to.',
  });
  const page = await newPage(browser);
  await createStudentViaApi(page.request, newStudent('apps-order'));
  const first = await page.request.post('/api/applications', { data: { internshipId: older.id, status: 'pending' } });
  expect(first.status()).toBe(201);
  const applicationId = ((await first.json()) as { id: number }).id;
  // Applied a little later (the dates differ).
  await page.waitForTimeout(1100);
  expect((await page.request.post('/api/applications', { data: { internshipId: newer.id, status: 'pending' } })).status()).toBe(201);

  await page.goto('/profile');
  const cards = page.getByTestId('application');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-internship-id', String(newer.id));
  await expect(cards.nth(1)).toHaveAttribute('data-internship-id', String(older.id));
  const card = cards.nth(1);
  await expect(card.getByTestId('status-badge')).toHaveText('Pending Review');
  // Let the page's socket join before the change.
  await page.waitForTimeout(1500);
  const moved = await employer.put(`/api/employers/applications/${applicationId}`, { data: { status: 'interview_requested' } });
  expect(moved.status(), await moved.text()).toBe(200);
  // The list polls every 10 s; the notification's frame refreshes it at once.
  await expect(card.getByTestId('status-badge')).toHaveText('Interview Requested', { timeout: 5_000 });
  // The feed other specs see stays the demo's.
  for (const p of [older, newer]) await employer.delete(`/api/internships/${p.id}`);
  await employer.dispose();
  await page.context().close();
});

test('on a phone a toast sits below the feed’s top bar and clear of the rail', async ({ browser }) => {
  for (const viewport of [PHONE, { width: 320, height: 568 }]) {
    const page = await newPage(browser, viewport);
    await createStudentViaApi(page.request, newStudent('toast-feed'));
    await page.goto('/job-feed');
    const card = page.getByTestId('feed-card').first();
    await expect(card).toBeVisible();
    await card.getByTestId('save').click();
    const toast = toasts(page).locator('li').first();
    await expect(toast).toBeVisible();
    const t = (await toast.boundingBox())!;
    const nav = (await page.getByRole('navigation', { name: 'Feed' }).boundingBox())!;
    expect(t.y, 'below the top bar').toBeGreaterThanOrEqual(nav.y + nav.height);
    for (const button of await card.locator('[data-rail-button]').all()) {
      const b = (await button.boundingBox())!;
      expect(t.x + t.width <= b.x || t.y + t.height <= b.y || b.y + b.height <= t.y, 'clear of the rail').toBe(true);
    }
    await snap(page, `issue32-toast-feed-${viewport.width}`);
    await page.context().close();
  }
});

test('a form with errors scrolls its first message into view: the post dialog without a video', async ({ page }) => {
  await createEmployerViaApi(page.request, newEmployer('no-video'));
  await page.goto('/employer-dashboard');
  await page.getByRole('button', { name: 'Post New Internship' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Post New Internship' });
  await dialog.getByLabel('Title', { exact: true }).fill('Video-less Intern');
  await dialog.getByLabel('Description').fill('Help us test what happens when a posting has no video attached yet.');
  await dialog.getByLabel('Location').fill('Remote');
  await dialog.getByLabel('Duration').fill('6 weeks');
  await dialog.getByLabel('Requirements').fill('Curious and careful.');
  await dialog.getByLabel('Application deadline').fill('2030-06-30');
  await choose(page, 'Work style', 'Remote');
  await dialog.getByRole('checkbox', { name: /none of the hazardous duties/ }).check();
  // The button at the dialog's end; the video field far above it.
  await dialog.getByRole('button', { name: 'Post Internship' }).click();
  const message = dialog.getByText('Please attach a video file or request an AI-generated video');
  await expect(message).toBeVisible();
  await expect(message).toBeInViewport();
  await expect(dialog.locator('input[type="file"][accept*="video/"]')).toBeFocused();
});

test('Reject and Mark Hired ask first; Cancel sends nothing', async ({ page, browser }) => {
  await createEmployerViaApi(page.request, newEmployer('final-moves'));
  const posting = await postInternshipViaApi<{ id: number; title: string }>(page.request, {
    title: `Final Moves Intern ${Date.now().toString(36)}`,
    description: 'A posting two students apply to.',
  });
  const names: string[] = [];
  for (const last of ['Reject', 'Hire']) {
    const student = await newPage(browser);
    const account = { ...newStudent('final-moves'), lastName: `Tester${last}` };
    await createStudentViaApi(student.request, account);
    names.push(`${account.firstName} ${account.lastName}`);
    expect((await student.request.post('/api/applications', { data: { internshipId: posting.id, status: 'pending' } })).status()).toBe(201);
    await student.context().close();
  }
  await page.goto('/employer-dashboard');
  await page
    .getByRole('listitem', { name: posting.title })
    .getByRole('button', { name: /Applications \(2\)/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Review Applications' });
  const rejected = dialog.getByRole('listitem', { name: `Applicant ${names[0]}` });
  await rejected.getByRole('button', { name: /^Reject/ }).click();
  const confirm = page.getByRole('alertdialog', { name: `Reject ${names[0]}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rejected.getByTestId('application-status')).toHaveText('Pending Review');
  await rejected.getByRole('button', { name: /^Reject/ }).click();
  await page
    .getByRole('alertdialog', { name: `Reject ${names[0]}?` })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(rejected.getByTestId('application-status')).toHaveText('Rejected');

  const hired = dialog.getByRole('listitem', { name: `Applicant ${names[1]}` });
  await hired.getByRole('button', { name: /^Extend Offer/ }).click();
  await expect(hired.getByTestId('application-status')).toHaveText('Offer Extended');
  await hired.getByRole('button', { name: /^Mark Hired/ }).click();
  const hire = page.getByRole('alertdialog', { name: `Mark ${names[1]} as hired?` });
  await expect(hire).toContainText('This is final');
  await hire.getByRole('button', { name: 'Mark Hired' }).click();
  await expect(hired.getByTestId('application-status')).toHaveText('Hired');
  // The feed other specs see stays the demo's.
  await page.request.delete(`/api/internships/${posting.id}`);
});

test('a new employer is told about the district’s review and the e-mail; its dashboard greets and counts honestly', async ({ page }) => {
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

test('at 1280 px a posting card’s buttons stay on one line, and the dashboard spells Video Processing one way', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  expect((await page.request.post('/api/employers/login', { data: DEMO_EMPLOYER })).status()).toBe(200);
  await page.goto('/employer-dashboard');
  const cards = page.getByTestId('posting');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    const top = (l: Locator) => l.evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const row = [
      card.getByRole('button', { name: /^Applications/ }),
      card.getByRole('link', { name: /^View / }),
      card.getByRole('button', { name: /^Edit / }),
      card.getByRole('button', { name: /^Delete / }),
    ];
    const tops = await Promise.all(row.map(top));
    expect(new Set(tops).size, 'one line of buttons').toBe(1);
  }
  await expect(page.getByText('Video processing', { exact: true })).toHaveCount(0);
});

test('a thread whose employer is suspended turns its message box off and says why', async ({ page, playwright }) => {
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

test('the admin reinstates a suspended employer through a Reinstate button that asks first', async ({ page }) => {
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

test('the admin-login page says what the pin opens', async ({ page }) => {
  await page.goto('/admin-login');
  await expect(page.getByText(/AI video requests, the review of employers, reports and the audit log/)).toBeVisible();
});

/** Elements (by their text's box) that share a column with a floating bell: covered at some scroll position. */
async function inBellColumn(page: Page, selector: string, text = '.'): Promise<string[]> {
  return page.evaluate(
    ([sel, pattern]) => {
      const bells = Array.from(document.querySelectorAll('[data-testid="messages-bell"], [data-testid="notifications-bell"]')).map((b) =>
        b.getBoundingClientRect(),
      );
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
        if (!new RegExp(pattern).test(el.textContent ?? '')) continue;
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        if (bells.some((b) => r.left < b.right && b.left < r.right)) out.push(el.textContent ?? '');
      }
      return out;
    },
    [selector, text] as const,
  );
}

test('at 390x844 the floating bells keep clear of the dashboard’s dates and the profile’s status badges', async ({ page, browser }) => {
  expect((await page.request.post('/api/employers/login', { data: DEMO_EMPLOYER })).status()).toBe(200);
  await page.goto('/employer-dashboard');
  await expect(page.getByTestId('posting').first()).toBeVisible();
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  expect(
    await inBellColumn(
      page,
      '[data-testid="posting"] li:has(> svg.lucide-calendar), [data-testid="posting"] li:has(> svg.lucide-calendar-clock)',
    ),
  ).toEqual([]);

  const student = await newPage(browser);
  await createStudentViaApi(student.request, newStudent('bell-column'));
  const list = (await (await student.request.get('/api/internships')).json()) as { id: number }[];
  for (const p of list.slice(0, 2)) await student.request.post('/api/applications', { data: { internshipId: p.id, status: 'pending' } });
  await student.goto('/profile');
  await expect(student.getByTestId('application')).toHaveCount(2);
  expect(await inBellColumn(student, '[data-testid="application"] [data-testid="status-badge"]')).toEqual([]);
  await student.context().close();
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

test('at 390 px the dashboard’s title is whole and the company page’s header has room', async ({ page }) => {
  expect((await page.request.post('/api/employers/login', { data: DEMO_EMPLOYER })).status()).toBe(200);
  await page.goto('/employer-dashboard');
  const title = page.locator('header h1');
  await expect(title).toHaveText('Employer Dashboard');
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);

  const list = (await (await page.request.get('/api/internships')).json()) as { id: number; company: string }[];
  await page.goto(`/company/${list[0]!.id}`);
  const name = page.getByRole('heading', { name: list[0]!.company, exact: true });
  await expect(name).toBeVisible();
  // The name gets at least half the card's width (Share goes under it when both do not fit).
  const nameBox = (await name.boundingBox())!;
  expect(nameBox.width).toBeGreaterThan(150);
});
