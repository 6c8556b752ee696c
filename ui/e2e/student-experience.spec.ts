import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { expectToast, makePng, newEmployerApi, newStudent, postInternshipViaApi, signUpStudentViaUi, snap, type Posting } from './support';

/**
 * The student experience against the real server: feed, like, comment, save, apply,
 * browse, company, matches, profile (with a validation error first and an avatar crop),
 * confirmation, and messaging with the employer's reply arriving live.
 *
 * Every test signs up its own student; one fresh employer posts one internship (an AI video
 * request, so it has no video) that the tests apply to and talk about.
 */

// Sign-up, video playback and smooth scrolling take their time on a loaded machine.
test.describe.configure({ timeout: 90_000 });

let employerApi: APIRequestContext;
let posting: Posting;
const word = `Quokka${Date.now().toString(36)}`;

test.beforeAll(async () => {
  employerApi = await newEmployerApi('student-ux-employer', `Lantern Works ${word}`);
  const body = await postInternshipViaApi<Posting>(employerApi, {
    title: `${word} Robotics Helper`,
    description: 'Help our robotics team run weekend workshops for middle-school kids.',
    duration: '6 weeks',
    requirements: ['Curious about robots', 'Patient with younger kids'],
    skills: ['Robotics', 'Teaching'],
    benefits: ['Mentorship', 'Flexible hours'],
    tags: ['technology', 'robots'],
  });
  posting = { id: body.id, title: body.title, company: body.company, employerId: body.employerId };
});

test.afterAll(async () => {
  await employerApi.dispose();
});

function card(page: Page, internshipId: number): Locator {
  return page.locator(`[data-testid="feed-card"][data-internship-id="${internshipId}"]`);
}

/** Console errors that are not the server's known gaps. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

test('the feed plays the card on screen, pauses the one before, and keeps memory flat', async ({ page }) => {
  const errors = watchConsole(page);
  await signUpStudentViaUi(page, newStudent('feed-play'));
  const cards = page.getByTestId('feed-card');
  await expect(cards.first()).toBeVisible();

  // Two neighbouring cards with real videos.
  const media = await cards.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.media));
  const first = media.findIndex((m, i) => m === 'video' && media[i + 1] === 'video');
  expect(first, 'two neighbouring video cards in the demo data').toBeGreaterThanOrEqual(0);

  await expect(page.getByRole('button', { name: 'Previous internship' })).toBeDisabled();
  for (let i = 0; i < first; i += 1) {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('feed-position')).toHaveText(new RegExp(`^Internship ${i + 2}/ of \\d+$`));
  }
  const one = cards.nth(first);
  const two = cards.nth(first + 1);
  await expect(one).toHaveAttribute('data-playing', 'true');
  await snap(page, 'student-feed');

  await page.keyboard.press('j');
  await expect(two).toHaveAttribute('data-playing', 'true');
  await expect(one).toHaveAttribute('data-playing', 'false');
  await expect(page.getByTestId('feed-position')).toHaveText(new RegExp(`^Internship ${first + 2}/ of \\d+$`));

  // Space pauses and plays again; the play button shows the state.
  await page.keyboard.press(' ');
  await expect(two).toHaveAttribute('data-playing', 'false');
  await expect(two.getByTestId('play-toggle')).toHaveAttribute('aria-label', /^Play video/);
  await page.keyboard.press(' ');
  await expect(two).toHaveAttribute('data-playing', 'true');

  // Only the active card and its neighbours hold a video element.
  expect(await page.locator('[data-testid="feed-card"] video').count()).toBeLessThanOrEqual(3);

  // The AI placeholder and its texts.
  await page.keyboard.press('k');
  await page.getByRole('button', { name: 'Previous internship' }).click();
  const processing = page.locator('[data-testid="feed-card"][data-media="processing"]').first();
  await processing.scrollIntoViewIfNeeded();
  await expect(processing.getByText('AI Video Processing')).toBeVisible();
  await expect(processing.getByText('Video will be ready within 24 hours')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a student likes, comments, saves and applies from the feed', async ({ page }) => {
  const errors = watchConsole(page);
  await signUpStudentViaUi(page, newStudent('feed-social'));
  const mine = card(page, posting.id);
  await mine.scrollIntoViewIfNeeded();
  await expect(mine.getByRole('heading', { name: posting.title })).toBeVisible();

  // Like: the count changes and survives a reload.
  const like = mine.getByTestId('like');
  await expect(mine.getByTestId('like-count')).toHaveText('0');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(mine.getByTestId('like-count')).toHaveText('1');
  await page.reload();
  await card(page, posting.id).scrollIntoViewIfNeeded();
  await expect(card(page, posting.id).getByTestId('like-count')).toHaveText('1');
  await expect(card(page, posting.id).getByTestId('like')).toHaveAttribute('aria-pressed', 'true');

  // Comment: Post is disabled while blank; Enter submits.
  await card(page, posting.id).getByTestId('comments').click();
  const dialog = page.getByRole('dialog', { name: 'Comments' });
  await expect(dialog.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
  await dialog.getByLabel('Add a comment').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
  await dialog.getByLabel('Add a comment').fill('Do I need my own laptop?');
  await dialog.getByLabel('Add a comment').press('Enter');
  await expect(dialog.getByTestId('comment')).toHaveCount(1);
  await expect(dialog.getByTestId('comment')).toContainText('Avery Nguyen');
  await expect(dialog.getByTestId('comment')).toContainText('Just now');
  await expect(dialog.getByRole('button', { name: /Delete comment/ })).toBeVisible();
  await snap(page, 'student-comments');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card(page, posting.id).getByTestId('comments-count')).toHaveText('1');

  // Save.
  await card(page, posting.id).getByTestId('save').click();
  await expectToast(page, 'Saved to your list');
  await expect(card(page, posting.id).getByTestId('save')).toHaveAttribute('aria-pressed', 'true');

  // Apply: the button becomes a disabled 'Applied'.
  await card(page, posting.id).getByTestId('apply').click();
  await expectToast(page, 'Application Submitted!');
  await expect(card(page, posting.id).getByTestId('apply')).toHaveText('Applied');
  await expect(card(page, posting.id).getByTestId('apply')).toBeDisabled();

  // The profile lists the application and the saved video.
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const application = page.locator(`[data-testid="application"][data-internship-id="${posting.id}"]`);
  await expect(application).toContainText(posting.title);
  await expect(application.getByTestId('status-badge')).toHaveText('Pending Review');
  await expect(page.getByTestId('saved-videos')).toContainText(posting.title);
  await snap(page, 'student-profile');
  expect(errors).toEqual([]);
});

test('signed out, like asks to log in and redirects to the role selection', async ({ page }) => {
  await page.goto('/job-feed');
  const first = page.getByTestId('feed-card').first();
  await first.getByTestId('like').click();
  await expectToast(page, 'Please log in', 'You need to be logged in to like posts');
  await expect(page).toHaveURL(/\/role-selection$/);
});

test('browse searches through the server, shows details and applies from the company page', async ({ page }) => {
  const errors = watchConsole(page);
  await signUpStudentViaUi(page, newStudent('browse'));
  await page.getByRole('link', { name: 'Browse List' }).click();
  await expect(page).toHaveURL(/\/browse-internships$/);
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ internships found$/);

  await page.getByLabel('Search internships').fill(word.toLowerCase());
  await expect(page.getByTestId('result-count')).toHaveText('1 internship found');
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await snap(page, 'student-browse');

  await page.getByRole('button', { name: `View details: ${posting.title}` }).click();
  const dialog = page.getByRole('dialog', { name: posting.title });
  await expect(dialog.getByText('Not specified')).toBeVisible(); // no salary
  await expect(dialog.getByText('AI Video Processing')).toBeVisible();
  await snap(page, 'student-browse-details');
  await dialog.getByRole('link', { name: 'View Company Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/company-profile/${posting.id}$`));
  await expect(page.getByRole('heading', { name: posting.company })).toBeVisible();
  await snap(page, 'student-company');
  await page.getByRole('button', { name: 'Apply for this Position' }).click();
  await expectToast(page, 'Application Submitted!');
  await expect(page.getByTestId('apply')).toHaveText('Applied');

  // Nothing found, then Clear Filters.
  await page.goto('/browse-internships');
  await page.getByLabel('Search internships').fill('zzqx-nothing-matches-this');
  await expect(page.getByRole('heading', { name: 'No internships found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ internships found$/);

  // An unknown company.
  await page.goto('/company/999999');
  await expect(page.getByRole('heading', { name: 'Company Not Found' })).toBeVisible();
  await expect(page.getByText('The requested company profile could not be found.')).toBeVisible();
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('matches show the ranked list', async ({ page }) => {
  await signUpStudentViaUi(page, newStudent('matches'));
  await page.goto('/matches');
  await expect(page.getByRole('heading', { name: 'Your Matches' })).toBeVisible();
  const cards = page.getByTestId('match-card');
  await expect(page.getByTestId('matches-error')).toHaveCount(0);
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByTestId('match-score')).toHaveText(/^\d+% match$/);
  await snap(page, 'student-matches');
  await page.getByRole('link', { name: 'Back to Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('the profile edit shows a validation error first, then saves; the avatar is cropped and uploaded', async ({ page }) => {
  const errors = watchConsole(page);
  const student = newStudent('profile-edit');
  await signUpStudentViaUi(page, student);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText(`${student.firstName} ${student.lastName}`);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('First name').fill('');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByLabel('First name')).toBeFocused();
  await snap(page, 'student-profile-edit-error');
  await form.getByLabel('First name').fill('Riley');
  await form.getByRole('checkbox', { name: 'Research' }).check();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile Updated');
  await expect(page.getByTestId('profile-name')).toHaveText(`Riley ${student.lastName}`);
  await expect(page.getByText('Research', { exact: true })).toBeVisible();

  // Wrong file type, then a real photo through the crop dialog.
  await page.getByTestId('avatar-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expectToast(page, 'Invalid file type', 'Please select an image file');
  const png = await makePng(page, 400, 300);
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const crop = page.getByRole('dialog', { name: 'Crop your photo' });
  await expect(crop).toBeVisible();
  await crop.getByRole('button', { name: 'Zoom in' }).click();
  await expect(crop.getByRole('slider', { name: 'Zoom' })).toHaveValue('1.1');
  const area = crop.getByTestId('crop-area');
  const box = await area.boundingBox();
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 10);
    await page.mouse.up();
  }
  await snap(page, 'student-avatar-crop');
  const upload = page.waitForResponse(
    (r) => /\/api\/users\/\d+\/photo$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
  );
  await crop.getByRole('button', { name: 'Use Photo' }).click();
  expect((await upload).status()).toBe(200);
  await expect(crop).toBeHidden();
  await expect(page.getByTestId('avatar-photo')).toBeVisible();
  expect(errors).toEqual([]);
});

test('apply from the internship page, see the confirmation, and talk with the employer live', async ({ page }) => {
  const errors = watchConsole(page);
  await signUpStudentViaUi(page, newStudent('messaging'));
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number };

  await page.goto(`/internship/${posting.id}`);
  await expect(page.getByRole('heading', { name: posting.title })).toBeVisible();
  await expect(page.getByText('Mentorship')).toBeVisible();
  await snap(page, 'student-internship');
  await page.getByTestId('apply').click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByRole('heading', { name: 'Application Submitted' })).toBeVisible();
  // A new application reads 'Under Review' on the confirmation (it once said 'Pending Review').
  await expect(page.getByTestId('application-status')).toHaveText('Under Review');
  await expect(page.getByTestId('application-reference')).toHaveText(/^AI-\d{4}-\d{3,}$/);
  await snap(page, 'student-confirmation');

  const apps = (await (await page.request.get(`/api/users/${me.id}/applications`)).json()) as { id: number; internshipId: number }[];
  const applicationId = apps.find((a) => a.internshipId === posting.id)?.id;
  expect(applicationId).toBeTruthy();

  await page.getByRole('link', { name: 'View My Applications' }).click();
  await page
    .locator(`[data-testid="application"][data-internship-id="${posting.id}"]`)
    .getByRole('button', { name: /^Message/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `Message ${posting.company}` });
  await expect(dialog.getByText('No messages yet. Say hello!')).toBeVisible();
  const input = dialog.getByLabel(`Message to ${posting.company}`);
  await input.fill('Hi! Is the workshop on Saturdays?');
  await expect(dialog.getByText('33/500')).toBeVisible();
  await input.press('Shift+Enter');
  await expect(input).toHaveValue('Hi! Is the workshop on Saturdays?\n');
  await input.press('Enter');
  await expect(dialog.getByTestId('message')).toHaveCount(1);
  await expect(dialog.getByTestId('sent-receipt')).toBeVisible();
  await expect(input).toHaveValue('');

  // The employer reads the thread (as the app does: the thread, then "seen") and replies
  // through the API; the reply arrives without a reload.
  const thread = await employerApi.get(`/api/applications/${applicationId}/messages`);
  expect(thread.status()).toBe(200);
  expect((await employerApi.post(`/api/applications/${applicationId}/messages/read`)).status()).toBe(200);
  const reply = await employerApi.post(`/api/applications/${applicationId}/messages`, {
    data: { content: 'Yes, Saturdays 10 to 1. See you there!', receiverId: me.id },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  await expect(dialog.getByText('Yes, Saturdays 10 to 1. See you there!')).toBeVisible({ timeout: 8000 });
  await expect(dialog.getByTestId('read-receipt')).toBeVisible();
  await snap(page, 'student-messaging');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A new message while the dialog is closed lights up the bell.
  const bell = page.getByTestId('messages-bell');
  await expect(bell).toHaveAttribute('data-unread', '0');
  const second = await employerApi.post(`/api/applications/${applicationId}/messages`, {
    data: { content: 'Bring a water bottle.', receiverId: me.id },
  });
  expect(second.status()).toBe(201);
  await expect(bell).toHaveAttribute('data-unread', '1', { timeout: 8000 });
  await expect(bell).toHaveAccessibleName('Messages: 1 unread');
  await snap(page, 'student-messages-bell');
  await bell.click();
  await page.getByTestId('conversation').first().click();
  // The bell names the sender (the employer's own name).
  await expect(page.getByRole('dialog', { name: /^Message / }).getByText('Bring a water bottle.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAttribute('data-unread', '0');
  expect(errors).toEqual([]);
});
