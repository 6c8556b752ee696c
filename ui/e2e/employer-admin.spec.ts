import { closeSync, ftruncateSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './fixtures';
import {
  choose,
  createStudentViaApi,
  DEMO_ADMIN_PIN,
  DESKTOP,
  expectToast,
  fillEmployerSignup,
  newEmployer,
  newPage,
  newStudent,
  snap,
  verifyEmployer,
  type StudentAccount,
} from './support';

/**
 * Employer, admin and external-jobs screens (issue 11), against the shared demo server.
 * Every run makes its own employer and student; the demo admin pin is 246810.
 */

const VIDEO = fileURLToPath(new URL('../../fixtures/videos/code-camp.mp4', import.meta.url));
const AI_MARKER = 'AI_VIDEO_PROCESSING';

/** Collect console errors (the expected 401 of the signed-out user check aside). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const text = m.text();
    if (/status of 40[13]/.test(text)) return; // signed-out / wrong-role probes answer 401/403 by design
    errors.push(text);
  });
  return errors;
}

/** A (sparse) file of the given size under the test's output folder. */
function bigFile(name: string, megabytes: number): string {
  const path = test.info().outputPath(name);
  const fd = openSync(path, 'w');
  ftruncateSync(fd, megabytes * 1024 * 1024);
  closeSync(fd);
  return path;
}

function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

function inTwoMonths(): string {
  const d = new Date(Date.now() + 60 * 24 * 60 * 60 * 1000);
  return d.toISOString().slice(0, 10);
}

async function fillPostingForm(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Post New Internship' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Description').fill('Help our team film and edit short videos about local small businesses.');
  await dialog.getByLabel('Location').fill('Springfield, IL');
  await dialog.getByLabel('Duration').fill('8 weeks');
  await dialog.getByLabel('Requirements').fill('Curious, reliable, comfortable on camera or behind it.');
  await dialog.getByLabel('Salary').fill('$16/hour');
  await dialog.getByLabel('Application deadline').fill(inTwoMonths());
  await choose(page, 'Work style', 'Hybrid');
  await choose(page, 'Minimum age', '16+');
  await choose(page, 'Grade requirement', '11th-12th grade');
  await dialog.getByLabel('Hours per week').fill('12');
  await dialog.getByLabel('Skills').fill('Video editing, Storytelling');
  await dialog.getByLabel('Benefits').fill('Mentorship, Flexible hours');
  await dialog.getByLabel('Tags').fill('media, marketing');
  await dialog.getByRole('checkbox', { name: /none of the hazardous duties/ }).check();
}

async function signInEmployerViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/employer-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/employer-dashboard$/);
}

async function applyAsStudent(request: APIRequestContext, student: StudentAccount, internshipId: number): Promise<number> {
  await createStudentViaApi(request, student);
  const res = await request.post('/api/applications', { data: { internshipId, status: 'pending' } });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: number };
  return body.id;
}

test.describe('employer dashboard guard', () => {
  test('signed-out visitors are sent to /role-selection with a toast', async ({ page }) => {
    await page.goto('/employer-dashboard');
    await expectToast(page, 'Authentication Required', 'Please log in as an employer to access the dashboard.');
    await expect(page).toHaveURL(/\/role-selection$/);
  });
});

test.describe.serial('employer, student and admin end to end', () => {
  const employer = newEmployer('dash');
  const student = newStudent('applicant');
  const videoTitle = uniqueTitle('Video Crew Intern');
  const aiTitle = uniqueTitle('AI Podcast Intern');
  let employerPage: Page;
  let consoleErrors: string[];
  let videoPostingId = 0;
  let videoUrl = '';
  let aiPostingId = 0;
  let applicationId = 0;

  test.beforeAll(async ({ browser }) => {
    employerPage = await newPage(browser);
    consoleErrors = watchConsole(employerPage);
  });

  test.afterAll(async () => {
    await employerPage.context().close();
  });

  test('an employer signs up, sees the confirmation, then the dashboard', async () => {
    const page = employerPage;
    await page.goto('/employer-signup');
    await fillEmployerSignup(page, employer);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/employer-confirmation$/);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();

    await expect(page).toHaveURL(/\/employer-dashboard$/);
    // A first visit (no postings yet) is greeted 'Welcome', not 'Welcome back' (issue 32).
    await expect(page.getByRole('heading', { name: `Welcome, ${employer.firstName}!` })).toBeVisible();
    await expect(page.getByTestId('stat-active-postings')).toHaveText('0');
    await expect(page.getByTestId('stat-total-applications')).toHaveText('0');
    await expect(page.getByText('No internships yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Company profile', exact: true })).toHaveAttribute('href', '/employer-profile');
    // A new company waits for the district; it verifies this one before students see it.
    await expect(page.getByRole('heading', { name: 'Your company is awaiting district review' })).toBeVisible();
    await verifyEmployer(employer.email);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your company is awaiting district review' })).toHaveCount(0);
  });

  test('the post dialog validates every field, then posts with a real video and upload progress', async () => {
    const page = employerPage;
    await page.getByRole('button', { name: 'Post New Internship' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Post New Internship' });
    await expect(dialog.getByText('Keep it to 1 minute 30 seconds or less', { exact: false })).toBeVisible();
    await expect(dialog.getByText(/MP4, MOV, AVI/)).toBeVisible();
    await expect(dialog.getByRole('link', { name: /employer guide/i })).toHaveAttribute('href', '/employer-guide');

    await dialog.getByRole('button', { name: 'Post Internship' }).click();
    for (const message of [
      'Title is required',
      'Description must be at least 10 characters',
      'Location is required',
      'Duration is required',
      'Requirements must be at least 10 characters',
      'Application deadline is required',
      'Please attach a video file or request an AI-generated video',
      'Please confirm the role involves no hazardous work for 16-17 year olds',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await snap(page, 'employer-post-dialog-errors-390');

    // Switching modes clears the chosen file.
    await dialog.locator('input[type="file"][accept*="video/"]').setInputFiles(VIDEO);
    await expect(dialog.getByTestId('chosen-video')).toContainText('code-camp.mp4');
    await dialog.getByRole('radio', { name: /AI Generated Video/ }).check();
    await dialog.getByRole('radio', { name: /Upload Video/ }).check();
    await expect(dialog.getByTestId('chosen-video')).toHaveCount(0);

    await fillPostingForm(page, videoTitle);
    await dialog.locator('input[type="file"][accept*="video/"]').setInputFiles(VIDEO);
    await expect(dialog.getByTestId('chosen-video')).toContainText('code-camp.mp4');

    // Record every percentage the progress bar shows.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="progress-percent"]');
        if (el?.textContent) seen.push(el.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/internships' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Post Internship' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { id: number; videoUrl: string };
    videoPostingId = body.id;
    videoUrl = body.videoUrl;
    expect(videoUrl).toMatch(/^\/api\/videos\//);
    await expectToast(page, 'Internship Posted Successfully');
    const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
    expect(progress).toContain('100%');

    const card = page.getByRole('listitem', { name: videoTitle });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText('Video', { exact: true })).toBeVisible();
    await expect(page.getByTestId('stat-active-postings')).toHaveText('1');
  });

  test('the posted video plays in the feed', async () => {
    const page = employerPage;
    const video = await page.request.get(videoUrl);
    expect(video.status()).toBe(200);
    expect(video.headers()['content-type']).toContain('video');

    await page.goto('/job-feed');
    const player = page.locator(`video[src="${videoUrl}"]`).first();
    await expect(player).toBeAttached({ timeout: 15_000 });
    const played = await player.evaluate(async (el) => {
      const v = el as HTMLVideoElement;
      v.muted = true;
      try {
        await v.play();
      } catch {
        // Autoplay policies: fall back to checking the data loaded.
      }
      await new Promise((r) => setTimeout(r, 1200));
      return { time: v.currentTime, ready: v.readyState, error: v.error?.code ?? null };
    });
    expect(played.error).toBeNull();
    expect(played.ready).toBeGreaterThanOrEqual(2);
    expect(played.time).toBeGreaterThan(0);
    await page.goto('/employer-dashboard');
  });

  test('the chooser rejects videos over 50MB and submit rejects videos over 40MB', async () => {
    const page = employerPage;
    await page.getByRole('button', { name: 'Post New Internship' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Post New Internship' });
    const input = dialog.locator('input[type="file"][accept*="video/"]');
    await input.setInputFiles(bigFile('huge.mp4', 51));
    await expect(dialog.getByText('Video must be under 50MB', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('chosen-video')).toHaveCount(0);
    await input.setInputFiles(bigFile('big.mp4', 41));
    await expect(dialog.getByTestId('chosen-video')).toContainText('big.mp4');
    await fillPostingForm(page, uniqueTitle('Too Big'));
    let posted = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/internships' && r.method() === 'POST') posted = true;
    });
    await dialog.getByRole('button', { name: 'Post Internship' }).click();
    await expect(dialog.getByText('Please choose a video file smaller than 40MB', { exact: true })).toBeVisible();
    expect(posted).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('an AI-video posting shows Video Processing', async () => {
    const page = employerPage;
    await page.getByRole('button', { name: 'Post New Internship' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Post New Internship' });
    await dialog.getByRole('radio', { name: /AI Generated Video/ }).check();
    await expect(dialog.getByText(/ready within 24 hours/).first()).toBeVisible();
    await expect(dialog.locator('input[type="file"]')).toHaveCount(0);
    await fillPostingForm(page, aiTitle);
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/internships' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Post Internship' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { id: number; videoUrl: string };
    expect(body.videoUrl).toBe(AI_MARKER);
    aiPostingId = body.id;
    await expectToast(page, 'Internship Posted Successfully', /within 24 hours/);
    const card = page.getByRole('listitem', { name: aiTitle });
    await expect(card.getByText('Video Processing', { exact: true })).toBeVisible();
    await expect(card.getByTestId('ai-placeholder')).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toHaveCount(0);
    // Active Postings counts what students see live: not a posting still waiting for its AI video (issue 32).
    await expect(page.getByTestId('stat-active-postings')).toHaveText('1');
    await snap(page, 'employer-dashboard-390');
  });

  test('edit uses the same form and saves', async () => {
    const page = employerPage;
    await page.getByRole('button', { name: `Edit ${videoTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Internship' });
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(videoTitle);
    await dialog.getByLabel('Duration').fill('10 weeks');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/employers/internships/${videoPostingId}`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).status()).toBe(200);
    await expectToast(page, 'Internship Updated');
    await expect(page.getByRole('listitem', { name: videoTitle }).getByText('10 weeks')).toBeVisible();
  });

  test('an applicant moves from Pending to Interview Requested with only legal next steps, and the student sees it', async ({
    browser,
    request,
  }) => {
    applicationId = await applyAsStudent(request, student, videoPostingId);
    const page = employerPage;
    await page.reload();
    await expect(page.getByTestId('stat-total-applications')).toHaveText('1');
    await expect(page.getByTestId('recent-activity')).toContainText(`${student.firstName} ${student.lastName} applied to ${videoTitle}`);

    await page
      .getByRole('listitem', { name: videoTitle })
      .getByRole('button', { name: /Applications \(1\)/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Review Applications' });
    const applicant = dialog.getByTestId('applicant');
    await expect(applicant).toHaveCount(1);
    await expect(applicant.getByTestId('application-status')).toHaveText('Pending Review');
    await expect(applicant.getByText(student.email)).toBeVisible();
    const moves = applicant.getByRole('group', { name: /Move .* to/ }).getByRole('button');
    await expect(moves).toHaveText(['Request Interview', 'Extend Offer', 'Reject']);
    await snap(page, 'employer-review-applications-390');

    await applicant.getByRole('button', { name: /Request Interview/ }).click();
    await expectToast(page, 'Application Updated');
    await expect(applicant.getByTestId('application-status')).toHaveText('Interview Requested');
    await expect(moves).toHaveText(['Extend Offer', 'Reject']);

    // The student, in their own browser, sees the new badge on their profile.
    const studentPage = await newPage(browser);
    const login = await studentPage.request.post('/api/student-login', { data: { email: student.email, password: student.password } });
    expect(login.status()).toBe(200);
    await studentPage.goto('/profile');
    await expect(studentPage.getByText('Interview Requested').first()).toBeVisible();
    await snap(studentPage, 'student-sees-interview-requested-390');
    await studentPage.context().close();

    // Message the student from the same dialog.
    await applicant.getByRole('button', { name: 'Message' }).click();
    const chat = page.getByRole('dialog', { name: `Message ${student.firstName} ${student.lastName}` });
    await expect(chat).toBeVisible();
    const text = `Hi ${student.firstName}, can you interview on Tuesday at 4pm?`;
    await chat.getByRole('textbox').fill(text);
    await chat.getByRole('textbox').press('Enter');
    await expect(chat.getByTestId('message-thread').getByText(text)).toBeVisible();
    const thread = await request.get(`/api/applications/${applicationId}/messages`);
    expect(thread.status()).toBe(200);
    expect(JSON.stringify(await thread.json())).toContain(text);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  });

  test('student profiles list only this employer’s applicants, with filters, View Profile and Contact', async () => {
    const page = employerPage;
    await page.goto('/student-profiles');
    const cards = page.getByTestId('student-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`${student.firstName} ${student.lastName}`);
    await page.getByRole('button', { name: '12th Grade' }).click();
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('No students match this filter')).toBeVisible();
    await page.getByRole('button', { name: '11th Grade' }).click();
    await expect(cards).toHaveCount(1);
    await page.getByRole('button', { name: 'Technology' }).click();
    await expect(cards).toHaveCount(1);
    await page.getByRole('button', { name: 'Marketing' }).click();
    await expect(cards).toHaveCount(0);
    await page.getByRole('button', { name: 'High GPA 3.5+' }).click();
    await expect(cards).toHaveCount(1);
    await page.getByRole('button', { name: 'All Students' }).click();
    await page.getByRole('button', { name: /View profile of/ }).click();
    const profile = page.getByRole('dialog', { name: `${student.firstName} ${student.lastName}` });
    await expect(profile.getByText('11th Grade (Junior)').first()).toBeVisible();
    await expect(profile.getByText('Lincoln High School')).toBeVisible();
    await profile.getByRole('button', { name: 'Contact' }).click();
    await expect(page.getByRole('dialog', { name: `Message ${student.firstName} ${student.lastName}` })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('the employer profile validates and saves', async () => {
    const page = employerPage;
    await page.goto('/employer-profile');
    await expect(page.getByLabel('Company name')).toHaveValue(employer.company);
    await page.getByLabel('Phone').fill('123');
    await page.getByLabel('Company description').fill('Too short.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Valid phone number required')).toBeVisible();
    await expect(page.getByText('Company description must be at least 50 characters')).toBeVisible();
    await page.getByLabel('Phone').fill('(217) 555-0142');
    await page
      .getByLabel('Company description')
      .fill('A small design studio that makes videos and brands for local businesses, schools and non-profits.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile Updated');
    await page.reload();
    await expect(page.getByLabel('Phone')).toHaveValue('(217) 555-0142');
  });

  test('the admin signs in with the pin and fulfils the AI request; the posting turns Active', async ({ browser }) => {
    const admin = await newPage(browser);
    const adminErrors = watchConsole(admin);
    await admin.goto('/admin');
    await expect(admin).toHaveURL(/\/admin-login$/);

    const pin = admin.getByLabel('Security pin');
    await expect(pin).toHaveAttribute('type', 'password');
    await admin.getByRole('button', { name: 'Show pin' }).click();
    await expect(pin).toHaveAttribute('type', 'text');
    await pin.fill('000000');
    await admin.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expectToast(admin, 'Access Denied', 'Invalid pin. Please try again.');
    await expect(pin).toHaveValue('');

    await pin.fill(DEMO_ADMIN_PIN);
    await admin.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expectToast(admin, 'Access Granted');
    await expect(admin).toHaveURL(/\/admin$/);
    await expect(admin.getByTestId('counter-total-requests')).not.toHaveText('–');
    await expect(admin.getByRole('link', { name: 'Homepage' })).toHaveAttribute('href', '/');
    await expect(admin.getByRole('link', { name: 'Job Feed' })).toHaveAttribute('href', '/job-feed');
    // Staff are no employer: no shortcut that would lead to the role choice.
    await expect(admin.getByRole('link', { name: 'Employer Dashboard' })).toHaveCount(0);

    const row = admin.getByRole('listitem', { name: `${aiTitle} at ${employer.company}` });
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    const pendingBefore = Number(await admin.getByTestId('counter-pending-requests').textContent());

    await row.getByRole('button', { name: /Upload Video/ }).click();
    await expectToast(admin, 'No File Selected', 'Please select a video file to upload.');

    // The row's own picker (every pending request has one).
    await row.getByLabel(`Choose Video File for ${aiTitle}`).setInputFiles(VIDEO);
    await expect(row.getByTestId('admin-chosen-file')).toContainText(/code-camp\.mp4 \(0\.\d\d MB\)/);
    await snap(admin, 'admin-dashboard-390');
    await row.getByRole('button', { name: /Upload Video/ }).click();
    await expectToast(admin, 'Video Uploaded Successfully', 'The AI video request has been fulfilled.');
    await expect(row.getByText('Completed', { exact: true })).toBeVisible();
    await expect(row.getByTestId('admin-chosen-file')).toHaveCount(0);
    await expect(admin.getByTestId('counter-pending-requests')).toHaveText(String(pendingBefore - 1));
    expect(adminErrors).toEqual([]);
    await admin.context().close();

    const page = employerPage;
    await page.goto('/employer-dashboard');
    const card = page.getByRole('listitem', { name: aiTitle });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    // The AI placeholder is gone (a conversion of the uploaded file, if any, now reads 'Video Processing' too: one spelling).
    await expect(card.getByTestId('ai-placeholder')).toHaveCount(0);
    const posting = await page.request.get(`/api/internships/${aiPostingId}`);
    expect(((await posting.json()) as { videoUrl: string }).videoUrl).not.toBe(AI_MARKER);
  });

  test('delete asks first, then removes the posting', async () => {
    const page = employerPage;
    await page.getByRole('button', { name: `Delete ${aiTitle}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this internship?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('listitem', { name: aiTitle })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${aiTitle}` }).click();
    await confirm.getByRole('button', { name: 'Delete Internship' }).click();
    await expectToast(page, 'Internship Deleted');
    await expect(page.getByRole('listitem', { name: aiTitle })).toHaveCount(0);
    await expect(page.getByTestId('stat-active-postings')).toHaveText('1');
  });

  test('sign out goes to /role-selection and no console errors were logged', async () => {
    const page = employerPage;
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/role-selection$/);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('external jobs', () => {
  test('student-friendly by default; toggle, drill into a company and back', async ({ page, request }) => {
    // The endpoint is live on the demo server (no skipping: a failure here is a failure).
    const probe = await request.get('/api/external-jobs/companies?beginner=true');
    expect(probe.status(), await probe.text()).toBe(200);
    await page.goto('/external-jobs');
    await expect(page.getByText('Could not load job listings')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Student-Friendly Jobs' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('count-badge')).toHaveText(/^\d+ beginner-friendly positions available$/);
    await expect(page.getByRole('button', { name: 'Refresh Jobs' })).toHaveCount(0);
    await page.getByRole('button', { name: 'All Jobs', exact: true }).click();
    await expect(page.getByTestId('count-badge')).toHaveText(/^\d+ total positions available$/);
    const first = page.getByTestId('company-card').first();
    await expect(first).toBeVisible();
    const name = (await first.getAttribute('aria-label')) ?? '';
    await first.getByRole('button', { name: /View All Jobs/ }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('source-badge').first()).toBeVisible();
    const job = page.getByTestId('job-card').first();
    await expect(job).toBeVisible();
    const apply = job.getByRole('link', { name: new RegExp(`Apply on ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
    await expect(apply).toHaveAttribute('target', '_blank');
    await expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
    await page.getByRole('searchbox').fill('zzzz-no-such-job-zzzz');
    await expect(page.getByText('No matching jobs found')).toBeVisible();
    await page.getByRole('button', { name: 'Back to Companies' }).click();
    await expect(page.getByTestId('company-card').first()).toBeVisible();
  });

  test('Refresh Jobs is offered to the admin only', async ({ page }) => {
    const login = await page.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } });
    expect(login.status()).toBe(200);
    await page.goto('/external-jobs');
    const refresh = page.getByRole('button', { name: 'Refresh Jobs' });
    await expect(refresh).toBeVisible();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/fetch-jobs');
    await refresh.click();
    expect((await answered).status()).toBe(202);
    await expectToast(page, 'Success', 'Job listings are being refreshed. This may take a moment.');
  });

  test('at 1280x800 external job company names are never cut off', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/external-jobs');
    await page.getByRole('button', { name: 'All Jobs', exact: true }).click();
    const names = page.getByTestId('company-card').getByRole('heading');
    await expect(names.first()).toBeVisible();
    const cut = await names.evaluateAll((els) =>
      els
        .filter((el) => el.scrollWidth > el.clientWidth || getComputedStyle(el).textOverflow === 'ellipsis')
        .map((el) => el.textContent ?? ''),
    );
    expect(cut).toEqual([]);
    await snap(page, 'external-jobs-1280');
  });

  test('external job salaries say what period they pay for', async ({ page }) => {
    await page.goto('/external-jobs');
    await page.getByRole('button', { name: 'All Jobs', exact: true }).click();
    await page
      .getByRole('button', { name: /^View All Jobs at .*civic/i })
      .first()
      .click();
    const jobs = page.getByTestId('job-card');
    await expect(jobs.first()).toBeVisible();
    // The recorded board pays by the hour and by the year; no amount is shown without its period.
    await expect(jobs.getByText(/\$[\d,.]+( - \$[\d,.]+)?\/(hour|year)/).first()).toBeVisible();
    expect(await jobs.getByText(/^\$[\d,.]+( - \$[\d,.]+)?\+?$/).count()).toBe(0);
  });
});

test.describe('screenshots of every screen', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}x${viewport.height}`, async ({ browser }) => {
      const tag = `${viewport.width}`;
      const page = await newPage(browser, viewport);
      await signInEmployerViaUi(page, 'jordan@sproutly.example', 'employer123');
      await expect(page.getByTestId('posting').first()).toBeVisible();
      await snap(page, `employer-dashboard-demo-${tag}`);
      await page.getByRole('button', { name: 'Post New Internship' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Post New Internship' })).toBeVisible();
      await snap(page, `employer-post-dialog-${tag}`);
      await page.keyboard.press('Escape');
      await page
        .getByRole('button', { name: /Applications \(\d+\)/ })
        .nth(2)
        .click();
      await expect(page.getByTestId('applicant').first()).toBeVisible();
      await snap(page, `employer-review-dialog-${tag}`);
      await page.keyboard.press('Escape');
      await page.goto('/employer-profile');
      await expect(page.getByLabel('Company name')).toHaveValue(/.+/);
      await snap(page, `employer-profile-${tag}`);
      await page.goto('/student-profiles');
      await expect(page.getByTestId('student-card').first()).toBeVisible();
      await snap(page, `student-profiles-${tag}`);
      await page
        .getByRole('button', { name: /View profile of/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await snap(page, `student-profile-dialog-${tag}`);
      await page.keyboard.press('Escape');
      await page.goto('/external-jobs');
      await expect(page.getByTestId('count-badge')).toBeVisible();
      await snap(page, `external-jobs-${tag}`);
      const card = page.getByTestId('company-card').first();
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: /View All Jobs/ }).click();
      await expect(page.getByTestId('job-card').first()).toBeVisible();
      await snap(page, `external-jobs-company-${tag}`);
      await page.context().close();

      const admin = await newPage(browser, viewport);
      await admin.goto('/admin-login');
      await expect(admin.getByLabel('Security pin')).toBeVisible();
      await snap(admin, `admin-login-${tag}`);
      await admin.getByLabel('Security pin').fill(DEMO_ADMIN_PIN);
      await admin.getByRole('button', { name: 'Access Admin Panel' }).click();
      await expect(admin).toHaveURL(/\/admin$/);
      await expect(admin.getByTestId('ai-request').first()).toBeVisible();
      await snap(admin, `admin-${tag}`);
      await admin.context().close();
    });
  }
});
