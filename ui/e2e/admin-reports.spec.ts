import { expect } from '@playwright/test';
import { test } from './fixtures';
import { axeFindings } from './axe';
import {
  createEmployerViaApi,
  createStudentViaApi,
  DEMO_ADMIN_PIN,
  NARROW,
  newEmployer,
  newEmployerApi,
  newStudent,
  postInternshipViaApi,
  scrollsSideways,
} from './support';

/**
 * The admin's Reports tab shows a held posting field by field as the hazardous-duties screen
 * read it: the field with terms open, with a badge naming them and the matching words marked;
 * the others collapsed, a key press away; where each term matched, for the employer and the
 * admin, who marks a term a false match. Against the shared demo server (admin pin 246810).
 */

function suffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

test('a held posting: the Benefits field shows the forklift term and marks the word, axe-clean', async ({ page }) => {
  const tag = suffix();
  const title = `Stockroom Assistant Intern ${tag}`;
  const employer = await newEmployerApi('reports-employer', `Dockside Supply ${tag}`);
  try {
    await postInternshipViaApi(employer, {
      title,
      description: 'Help our small team keep the stockroom tidy, count inventory and label shelves.',
      benefits: ['Forklift certification', 'Mentorship'],
    });
  } finally {
    await employer.dispose();
  }

  expect((await page.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('tabpanel', { name: 'Reports' })).toBeVisible();

  const report = page.getByTestId('report').filter({ hasText: title }).first();
  await expect(report).toBeVisible();
  await expect(report.getByRole('heading', { name: 'Held by the automatic screen' })).toBeVisible();
  await expect(report.getByTestId('held-terms')).toContainText("'forklift'");

  // The field with the term: open, its badge names the term, the word is marked.
  const benefits = report.locator('[data-testid="screened-field"][data-field="Benefits"]');
  await expect(benefits).toHaveAttribute('data-matched', 'true');
  await expect(benefits.getByTestId('field-terms')).toContainText('forklift');
  const mark = benefits.locator('mark', { hasText: /^Forklift$/ });
  await expect(mark).toBeVisible();
  await expect(benefits.getByTestId('field-text')).toContainText('Forklift certification');
  await expect(benefits.getByTestId('field-text')).toContainText('Mentorship');

  // A field without terms: collapsed, no marks, and opened from the keyboard.
  const description = report.locator('[data-testid="screened-field"][data-field="Description"]');
  await expect(description).toHaveAttribute('data-matched', 'false');
  await expect(description.getByText('No terms')).toBeVisible();
  await expect(description.getByTestId('field-text')).toBeHidden();
  await description.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(description.getByTestId('field-text')).toBeVisible();
  await expect(description.getByTestId('field-text')).toContainText('count inventory');
  await expect(description.locator('mark')).toHaveCount(0);

  // Every other screened text is listed too.
  for (const label of ['Title', 'Requirements', 'Skills', 'Tags', 'Location', 'Duration']) {
    await expect(report.locator(`[data-testid="screened-field"][data-field="${label}"]`)).toHaveCount(1);
  }

  expect(await axeFindings(page)).toEqual([]);
});

test('a delivered message with a phone number: labelled as a contact-details flag, what was found shown and marked', async ({
  page,
  browser,
}) => {
  const tag = suffix();
  const title = `Library Events Intern ${tag}`;
  const employer = await newEmployerApi('reports-messenger', `Riverside Reads ${tag}`);
  const studentContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const posting = await postInternshipViaApi(employer, {
      title,
      description: "Help plan reading nights and set up displays for the children's corner.",
    });
    const student = newStudent('reports-student');
    await createStudentViaApi(studentContext.request, student);
    const me = (await (await studentContext.request.get('/api/auth/user')).json()) as { id: number };
    const applied = await studentContext.request.post('/api/applications', { data: { internshipId: posting.id, status: 'pending' } });
    expect(applied.status(), await applied.text()).toBe(201);
    const apps = (await (await studentContext.request.get(`/api/users/${me.id}/applications`)).json()) as {
      id: number;
      internshipId: number;
    }[];
    const applicationId = apps.find((a) => a.internshipId === posting.id)?.id;
    expect(applicationId).toBeTruthy();
    const sent = await employer.post(`/api/applications/${applicationId}/messages`, {
      data: { content: `Thanks for applying to ${tag}! Call me at 555 201 7788 to talk it over.`, receiverId: me.id },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  } finally {
    await employer.dispose();
    await studentContext.close();
  }

  expect((await page.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Reports', exact: true }).click();
  const report = page
    .getByTestId('report')
    .filter({ hasText: `Thanks for applying to ${tag}` })
    .first();
  await expect(report).toBeVisible();
  await expect(report.getByRole('heading', { name: 'Message flagged: contact details' })).toBeVisible();
  await expect(report.getByText('Contact details found')).toBeVisible();
  await expect(report.getByTestId('held-terms')).toContainText('phone number');
  await expect(report.getByTestId('report-text').locator('mark', { hasText: '555 201 7788' })).toBeVisible();
  await expect(report.getByRole('button', { name: 'Release', exact: true })).toBeVisible();
  await expect(report.getByRole('button', { name: 'Hide message', exact: true })).toBeVisible();

  expect(await axeFindings(page)).toEqual([]);
});

test('a held posting says where each term matched; the admin marks both false matches and the hold ends, axe-clean', async ({
  page,
  browser,
}) => {
  const tag = suffix();
  const title = `Rooftop garden design intern ${tag}`;
  // The employer, signed in in a context of its own, reads where its posting matched.
  const employerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const employerPage = await employerContext.newPage();
    const employer = newEmployer('false-match-employer');
    employer.company = `Green Roofs Studio ${tag}`;
    await createEmployerViaApi(employerPage.request, employer);
    await postInternshipViaApi(employerPage.request, {
      title,
      description: 'Design the new wrap for our delivery truck and plan the rooftop garden.',
    });
    await employerPage.setViewportSize(NARROW);
    await employerPage.goto('/employer-dashboard');
    const card = employerPage.getByTestId('posting').filter({ hasText: title });
    await expect(card.getByTestId('held-places')).toBeVisible();
    await expect(card.getByTestId('held-places')).toContainText("'driving' matched “delivery truck” in the description");
    await expect(card.getByTestId('held-places')).toContainText("'roofing' matched “Rooftop” in the title");
    expect(await scrollsSideways(employerPage)).toBe(false);
    expect(await axeFindings(employerPage)).toEqual([]);
  } finally {
    await employerContext.close();
  }

  expect((await page.request.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Reports', exact: true }).click();
  const report = page.getByTestId('report').filter({ hasText: title }).first();
  await expect(report).toBeVisible();
  const places = report.getByRole('group', { name: 'Where the screen matched' });
  await expect(places.locator('[data-testid="held-place"][data-term="driving"]')).toContainText(
    "'driving' matched “delivery truck” in the description",
  );
  const roofing = places.locator('[data-testid="held-place"][data-term="roofing"]');
  await expect(roofing).toContainText("'roofing' matched “Rooftop” in the title");
  await expect(roofing).toContainText("'roofing' matched “rooftop” in the description");
  // The screened text marks the words the server found, not a guess.
  const description = report.locator('[data-testid="screened-field"][data-field="Description"]');
  await expect(description.locator('mark[data-term="driving"]')).toHaveText('delivery truck');
  expect(await scrollsSideways(page)).toBe(false);
  expect(await axeFindings(page)).toEqual([]);

  // 'driving': a false match; 'roofing' still holds it.
  await places.getByRole('button', { name: "Mark as false match: 'driving'" }).click();
  await expect(page.getByText("'driving' marked as a false match").first()).toBeVisible();
  await expect(report.getByTestId('held-terms')).toHaveText("'roofing'");
  await expect(report.getByTestId('false-matches')).toContainText("'driving' matched “delivery truck” in the description");
  await expect(report.getByTestId('report-status')).toHaveText('Open');

  // 'roofing' from the keyboard: nothing else holds it, the hold ends.
  await places.getByRole('button', { name: "Mark as false match: 'roofing'" }).focus();
  await page.keyboard.press('Enter');
  await expect(report.getByTestId('report-status')).toHaveText('Resolved');
  await expect(page.getByText('Nothing else holds the posting: it is no longer held for review.').first()).toBeVisible();
  await expect(report.getByRole('button', { name: /Mark as false match/ })).toHaveCount(0);
  await expect(report.getByTestId('false-matches').getByRole('listitem')).toHaveCount(2);

  await page.setViewportSize(NARROW);
  expect(await scrollsSideways(page)).toBe(false);
  expect(await axeFindings(page)).toEqual([]);
});
