import { expect, request as playwrightRequest } from '@playwright/test';
import { test } from './fixtures';
import { createEmployerViaApi, newEmployer, newStudent, snap } from './support';

/**
 * Hostile text is stored as given and always rendered as text: a comment and a message that
 * carry HTML show literally, and the handler inside them never runs.
 */
const BASE_URL = process.env.INTERNREEL_BASE_URL ?? 'http://127.0.0.1:18080';
const PAYLOAD = '<img src=x onerror="window.__xss = 1"><b>bold?</b>';

test('HTML in a comment and a message is shown literally and never runs', async ({ page }) => {
  const employerApi = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const employer = newEmployer('xss-employer');
  employer.company = `Literal Labs ${Date.now().toString(36)}`;
  await createEmployerViaApi(employerApi, employer);
  const posted = await employerApi.post('/api/internships', {
    data: {
      title: 'Escaping Intern',
      description: 'Help us check that text stays text everywhere.',
      location: 'Remote',
      workStyle: 'Remote',
      tags: ['technology'],
      duration: '4 weeks',
      requirements: 'Careful with details',
      applicationDeadline: '2030-06-30',
      aiVideoRequested: true,
    },
  });
  expect(posted.status()).toBe(201);
  const internship = (await posted.json()) as { id: number; employerId: number };

  // The student signs up in the page's own context, so the page is signed in too.
  const student = newStudent('xss');
  const signup = await page.request.post('/api/users', {
    data: {
      firstName: student.firstName,
      lastName: student.lastName,
      email: student.email,
      password: student.password,
      grade: 'junior',
      school: 'Lincoln High',
      interests: ['technology'],
      gpa: '',
      userType: 'student',
    },
  });
  expect(signup.status()).toBe(201);
  const comment = await page.request.post(`/api/internships/${internship.id}/comments`, { data: { content: PAYLOAD } });
  expect(comment.status()).toBe(201);
  const applied = await page.request.post('/api/applications', { data: { internshipId: internship.id, status: 'pending' } });
  expect(applied.status()).toBe(201);
  const application = (await applied.json()) as { id: number };
  const message = await employerApi.post(`/api/applications/${application.id}/messages`, {
    data: { content: PAYLOAD, receiverId: (await signup.json()).id },
  });
  expect(message.status()).toBe(201);

  // The comment, in the feed's comments dialog.
  await page.goto('/job-feed');
  const card = page.locator(`[data-testid="feed-card"][data-internship-id="${internship.id}"]`);
  await expect(page.locator('[data-testid="feed-card"]').first()).toBeAttached();
  // The feed is ranked for this student; move down until the posting's card is there.
  for (let i = 0; i < 120 && (await card.count()) === 0; i += 1) {
    await page.keyboard.press('j');
  }
  await expect(card).toBeAttached();
  await card.scrollIntoViewIfNeeded();
  await card.getByTestId('comments').click();
  const comments = page.getByRole('dialog', { name: 'Comments' });
  await expect(comments.getByText(PAYLOAD, { exact: true })).toBeVisible();
  await expect(comments.locator('img[src="x"]')).toHaveCount(0);
  await snap(page, 'xss-comment');
  await page.keyboard.press('Escape');

  // The message, in the messaging dialog on the profile.
  await page.goto('/profile');
  await page
    .locator(`[data-testid="application"][data-internship-id="${internship.id}"]`)
    .getByRole('button', { name: /^Message/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /^Message / });
  await expect(dialog.getByText(PAYLOAD, { exact: true })).toBeVisible();
  await expect(dialog.locator('img[src="x"]')).toHaveCount(0);
  await snap(page, 'xss-message');

  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await employerApi.dispose();
});
