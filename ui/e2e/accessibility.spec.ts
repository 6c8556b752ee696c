import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './fixtures';
import { AxeAudit } from './axe';
import {
  createEmployerViaApi,
  createStudentViaApi,
  DEMO_ADMIN_PIN,
  DEMO_EMPLOYER,
  expectToast,
  makePng,
  newEmployer,
  newStudent,
  postInternshipViaApi,
} from './support';

/*
 * WCAG 2.1 AA with axe-core (#23): every route as a visitor, a student, an employer and the
 * district admin, and every dialog, menu and toast open on top of them. Each role signs in
 * once and walks its screens; the findings of all screens are reported together.
 */

const MARKETING = ['/learn-about', '/contact', '/help', '/support', '/employer-guide', '/privacy', '/terms', '/no-such-page'];

async function firstPostingId(request: APIRequestContext): Promise<number> {
  const list = (await (await request.get('/api/internships?limit=1')).json()) as { id: number }[];
  return list[0].id;
}

/** A posting of a fresh verified employer, with an AI video requested (so the admin has a request). */
async function postInternship(request: APIRequestContext, title: string): Promise<number> {
  const posted = await postInternshipViaApi(request, {
    title,
    description: 'A posting to check every screen of the employer against WCAG 2.1 AA.',
    hazardousDutiesConfirmed: true,
  });
  return posted.id;
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('axe: every screen a visitor reaches, with the comments and details dialogs and a toast', async ({ page }) => {
  test.setTimeout(180_000);
  const audit = new AxeAudit(page);
  const id = await firstPostingId(page.request);
  const routes = [
    '/',
    '/role-selection',
    '/student-signup',
    '/employer-signup',
    '/login?type=student',
    '/employer-login',
    '/reset-password',
    '/reset-password?token=nonsense',
    '/employer-confirmation',
    '/guest',
    '/confirm-email?token=nonsense',
    ...MARKETING,
    '/browse-internships',
    `/company/${id}`,
    `/company-profile/${id}`,
    `/internship/${id}`,
    '/company/999999',
    '/internship/999999',
    '/matches',
    '/confirmation',
    '/profile',
    '/external-jobs',
    '/admin-login',
  ];
  for (const route of routes) {
    await page.goto(route);
    await audit.scan(route);
  }

  // The sign-up forms with their validation errors shown.
  await page.goto('/student-signup');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await audit.scan('/student-signup with errors');
  // A destructive toast (a wrong file type for the photo).
  await page.getByLabel('Profile photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expectToast(page, 'Invalid File Type');
  await audit.scan('/student-signup, destructive toast');

  await page.goto('/employer-signup');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await audit.scan('/employer-signup with errors');

  // The feed, its comments (read-only for visitors) and the browse details dialog.
  await page.goto('/job-feed');
  await expect(page.getByTestId('feed-card').first()).toBeVisible();
  await audit.scan('/job-feed');
  await page.getByTestId('feed-card').first().getByTestId('comments').click();
  await expect(page.getByRole('dialog', { name: 'Comments' })).toBeVisible();
  await audit.scan('/job-feed, comments dialog');
  await closeDialog(page);

  await page.goto('/browse-internships');
  await page
    .getByRole('button', { name: /^View details: / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit.scan('/browse-internships, details dialog');
  await closeDialog(page);

  expect(audit.scanned).toBeGreaterThan(30);
  audit.expectClean();
});

test('axe: every screen and dialog of a student', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const audit = new AxeAudit(page);

  // An employer of our own whose posting the student applies to, so messages can flow.
  const employerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const employer = newEmployer('a11y-student-side');
  employer.company = `Axe Works ${Date.now().toString(36)}`;
  await createEmployerViaApi(employerContext.request, employer);
  const title = `Axe Checked Role ${Date.now().toString(36)}`;
  const postingId = await postInternship(employerContext.request, title);

  const student = newStudent('a11y-student');
  await createStudentViaApi(page.request, student);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number };

  // Apply to the feed's first card (its Apply turns into the disabled 'Applied') and to ours.
  await page.goto('/job-feed');
  const firstCard = page.getByTestId('feed-card').first();
  await expect(firstCard).toBeVisible();
  const firstId = Number(await firstCard.getAttribute('data-internship-id'));
  for (const internshipId of new Set([firstId, postingId])) {
    const applied = await page.request.post('/api/applications', { data: { internshipId, status: 'pending' } });
    expect(applied.status(), await applied.text()).toBe(201);
  }
  const apps = (await (await page.request.get(`/api/users/${me.id}/applications`)).json()) as { id: number; internshipId: number }[];
  const applicationId = apps.find((a) => a.internshipId === postingId)?.id;
  expect(applicationId).toBeTruthy();
  await employerContext.request.get(`/api/applications/${applicationId}/messages`);
  const sent = await employerContext.request.post(`/api/applications/${applicationId}/messages`, {
    data: { content: 'Thanks for applying! Can you start in June?', receiverId: me.id },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await page.reload();
  await expect(firstCard.getByTestId('apply')).toHaveText('Applied');
  await audit.scan('/job-feed (student, Applied)');
  await firstCard.getByTestId('comments').click();
  const comments = page.getByRole('dialog', { name: 'Comments' });
  await comments.getByRole('textbox').fill('Does this role include weekend shifts?');
  await comments.getByRole('button', { name: 'Post' }).click();
  await expect(comments.getByText('Does this role include weekend shifts?')).toBeVisible();
  await audit.scan('/job-feed, comments dialog with a comment');
  await closeDialog(page);
  await firstCard.getByTestId('more').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await audit.scan('/job-feed, More menu');
  await page.getByRole('menuitem', { name: 'Report' }).click();
  await expect(page.getByRole('dialog', { name: 'Report this posting' })).toBeVisible();
  await audit.scan('/job-feed, report dialog');
  await page.getByRole('dialog', { name: 'Report this posting' }).getByRole('button', { name: 'Submit' }).click();
  await audit.scan('/job-feed, report dialog with an error');
  await closeDialog(page);
  await firstCard.getByTestId('save').click();
  await expectToast(page, /Saved to your list|Removed from saved jobs/);
  await audit.scan('/job-feed, success toast');

  for (const route of [
    '/',
    '/browse-internships',
    `/company/${postingId}`,
    `/company-profile/${postingId}`,
    `/internship/${postingId}`,
    '/matches',
    '/confirmation',
    '/external-jobs',
    '/role-selection',
    ...MARKETING,
  ]) {
    await page.goto(route);
    await audit.scan(`${route} (student)`);
  }
  await page.goto('/browse-internships');
  await page.getByRole('button', { name: `View details: ${title}` }).click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await audit.scan('/browse-internships, details dialog (student)');
  await closeDialog(page);

  // The profile: its sections, the edit form, the avatar crop, messaging, bells, confirmations.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Blocked companies' })).toBeVisible();
  await audit.scan('/profile');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('First name').fill('');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await audit.scan('/profile, edit form with an error');
  await page.getByRole('button', { name: 'Cancel' }).first().click();

  const png = await makePng(page, 400, 300);
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('dialog', { name: 'Crop your photo' })).toBeVisible();
  await audit.scan('/profile, avatar crop dialog');
  await closeDialog(page);

  await page
    .locator(`[data-testid="application"][data-internship-id="${postingId}"]`)
    .getByRole('button', { name: /^Message/ })
    .click();
  const chat = page.getByRole('dialog', { name: `Message ${employer.company}` });
  await expect(chat.getByText('Thanks for applying! Can you start in June?')).toBeVisible();
  await audit.scan('/profile, messaging dialog');
  await chat.getByRole('button', { name: `Block ${employer.company}` }).click();
  await expect(
    page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog', { name: `Block ${employer.company}?` }))
      .first(),
  ).toBeVisible();
  await audit.scan('/profile, block confirmation dialog');
  await page.getByRole('button', { name: 'Cancel' }).last().click();
  await closeDialog(page);

  await page.getByTestId('messages-bell').click();
  await expect(page.getByRole('dialog', { name: 'Messages' })).toBeVisible();
  await audit.scan('/profile, messages list');
  await closeDialog(page);
  await page.getByRole('button', { name: /^Notifications, / }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await audit.scan('/profile, notifications panel');
  await closeDialog(page);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete my account' })).toBeVisible();
  await audit.scan('/profile, delete account dialog');
  await closeDialog(page);

  await employerContext.close();
  audit.expectClean();
});

test('axe: every screen and dialog of an employer', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const audit = new AxeAudit(page);
  const employer = newEmployer('a11y-employer');
  employer.company = `Axe Studio ${Date.now().toString(36)}`;
  await createEmployerViaApi(page.request, employer);
  const title = `Axe Posting ${Date.now().toString(36)}`;
  const postingId = await postInternship(page.request, title);

  // A student applies and writes first.
  const studentContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const student = newStudent('a11y-applicant');
  await createStudentViaApi(studentContext.request, student);
  const applied = await studentContext.request.post('/api/applications', { data: { internshipId: postingId, status: 'pending' } });
  expect(applied.status(), await applied.text()).toBe(201);

  await page.goto('/employer-dashboard');
  const card = page.getByRole('listitem', { name: title });
  await expect(card).toBeVisible();
  await audit.scan('/employer-dashboard');

  await page.getByRole('button', { name: 'Post New Internship' }).first().click();
  const post = page.getByRole('dialog', { name: 'Post New Internship' });
  await expect(post).toBeVisible();
  await audit.scan('/employer-dashboard, post dialog (upload)');
  await post.getByRole('button', { name: 'Post Internship' }).click();
  await audit.scan('/employer-dashboard, post dialog with errors');
  await post.getByRole('radio', { name: /AI Generated Video/ }).check();
  await audit.scan('/employer-dashboard, post dialog (AI video)');
  await closeDialog(page);

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Internship' })).toBeVisible();
  await audit.scan('/employer-dashboard, edit dialog');
  await closeDialog(page);

  await card.getByRole('button', { name: /Applications \(1\)/ }).click();
  const review = page.getByRole('dialog', { name: 'Review Applications' });
  await expect(review.getByTestId('applicant')).toHaveCount(1);
  await audit.scan('/employer-dashboard, review applications dialog');
  await review.getByTestId('applicant').getByRole('button', { name: 'Message' }).click();
  const chat = page.getByRole('dialog', { name: `Message ${student.firstName} ${student.lastName}` });
  await chat.getByRole('textbox').fill('Hi! Can you interview on Tuesday?');
  await chat.getByRole('textbox').press('Enter');
  await expect(chat.getByTestId('message')).toHaveCount(1);
  await audit.scan('/employer-dashboard, messaging dialog');
  await page.keyboard.press('Escape');
  await closeDialog(page);

  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog')).first()).toBeVisible();
  await audit.scan('/employer-dashboard, delete confirmation');
  await page.getByRole('button', { name: 'Cancel' }).last().click();

  await page.getByRole('button', { name: /^Notifications, / }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await audit.scan('/employer-dashboard, notifications panel');
  await closeDialog(page);
  await page.getByTestId('messages-bell').click();
  await expect(page.getByRole('dialog', { name: 'Messages' })).toBeVisible();
  await audit.scan('/employer-dashboard, messages list');
  await closeDialog(page);

  await page.goto('/employer-profile');
  await audit.scan('/employer-profile');
  await page.goto('/student-profiles');
  await expect(page.getByTestId('student-card')).toHaveCount(1);
  await audit.scan('/student-profiles');
  await page.getByRole('button', { name: /View profile of/ }).click();
  await expect(page.getByRole('dialog', { name: `${student.firstName} ${student.lastName}` })).toBeVisible();
  await audit.scan('/student-profiles, profile dialog');
  await closeDialog(page);

  for (const route of [
    '/',
    '/job-feed',
    '/browse-internships',
    `/company/${postingId}`,
    '/employer-confirmation',
    '/external-jobs',
    ...MARKETING,
  ]) {
    await page.goto(route);
    await audit.scan(`${route} (employer)`);
  }
  await studentContext.close();
  audit.expectClean();
});

test('axe: every tab and dialog of the district admin', async ({ page }) => {
  test.setTimeout(120_000);
  const audit = new AxeAudit(page);
  const login = await page.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } });
  expect(login.status()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'AI video requests' })).toBeVisible();
  await audit.scan('/admin, AI video requests');
  for (const tab of ['Employers', 'Reports', 'Audit']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await audit.scan(`/admin, ${tab}`);
  }
  await page.getByRole('tab', { name: 'Employers', exact: true }).click();
  await page
    .getByRole('button', { name: /^Suspend / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit.scan('/admin, suspend dialog');
  await closeDialog(page);
  await page.goto('/admin-login');
  await audit.scan('/admin-login (admin)');
  audit.expectClean();
});

test('axe: the wide layouts (1280x800) of the main screens', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const audit = new AxeAudit(page);
  for (const route of ['/', '/role-selection', '/learn-about', '/job-feed', '/browse-internships', '/external-jobs', '/student-signup']) {
    await page.goto(route);
    await audit.scan(`${route} at 1280`);
  }
  // A toast at the bottom right, beside the form.
  await page.getByLabel('Profile photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expectToast(page, 'Invalid File Type');
  await audit.scan('/student-signup at 1280, destructive toast');
  await context.close();
  audit.expectClean();
});

test('the landing role buttons and the sign-up form work from the keyboard', async ({ page }) => {
  await page.goto('/');
  const student = page.getByRole('button', { name: "I'm a Student" }).first();
  await student.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/student-signup$/);

  // The grade select opens and picks with the keyboard.
  const grade = page.getByLabel('Grade level', { exact: true });
  await grade.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Senior (12th grade)' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(grade).not.toHaveText('Select your grade');

  // Interest chips toggle with Space.
  const tech = page.getByRole('checkbox', { name: 'Technology' });
  await tech.focus();
  await page.keyboard.press('Space');
  await expect(tech).toBeChecked();
});

test('F8 moves focus to the notifications region', async ({ page }) => {
  // Any toast will do; this one needs no server call (and no failed sign-in that counts
  // against the server's per-address throttle).
  await page.goto('/student-signup');
  await page.getByLabel('Profile photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expectToast(page, 'Invalid File Type');
  await page.keyboard.press('F8');
  const focusedInRegion = await page.evaluate(() => {
    const region = document.querySelector('[data-testid="toast-viewport"]');
    return !!region && (region === document.activeElement || region.contains(document.activeElement));
  });
  expect(focusedInRegion).toBe(true);
});

test('the demo employer’s dashboard (new applications) and its post dialog pass axe', async ({ page }) => {
  test.setTimeout(90_000);
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
