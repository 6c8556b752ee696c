import { expect, type Locator } from '@playwright/test';
import { test } from './fixtures';
import {
  createEmployerViaApi,
  createStudentViaApi,
  DEMO_EMPLOYER,
  expectToast,
  newEmployer,
  newPage,
  newStudent,
  postInternshipViaApi,
} from './support';

/**
 * The employer dashboard: Reject and Mark Hired ask first, a posting card's buttons stay on one
 * line at 1280 px, and the employer's screens say "Sign Out". The demo employer's data is only
 * read; the other tests make their own accounts and delete the postings they make.
 */

test.describe.configure({ timeout: 90_000 });

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
  // Hiring starts a placement: the toast says so and what comes next.
  await expectToast(page, 'Hired: a placement started', /fill in .*'s placement details/);
  await expect(hired.getByTestId('applicant-placement-link')).toBeVisible();
  // The feed other specs see stays the demo's.
  await page.request.delete(`/api/internships/${posting.id}`);
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

test('employer screens say “Sign Out”, never “Logout”', async ({ page }) => {
  await createEmployerViaApi(page.request, newEmployer('sign-out-word'));
  for (const route of ['/employer-dashboard', '/employer-profile', '/student-profiles']) {
    await page.goto(route);
    await expect(page.getByRole('button', { name: 'Sign Out' }), route).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' }), route).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/role-selection$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
