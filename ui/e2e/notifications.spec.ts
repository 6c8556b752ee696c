import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { createEmployerViaApi, createStudentViaApi, expectToast, newEmployer, newStudent, postInternshipViaApi, snap } from './support';

/**
 * Notifications (#22): the floating bell beside the messages bell on the employer dashboard and
 * the student profile, live over /ws, and the 'Email me about notifications' switch.
 *
 * A fresh employer posts through the JSON API; a fresh student applies; the employer's bell
 * lists the application and 'Mark all as read' clears it; the employer moves the application
 * and the student's open profile shows the status change without a reload.
 */

const title = `Notify Role ${Date.now().toString(36)}`;

function bell(page: Page) {
  return page.getByRole('button', { name: /^Notifications, / });
}

function panel(page: Page) {
  return page.getByRole('dialog', { name: 'Notifications' });
}

test('the bell lists, marks read and updates live; the e-mail switch is saved', async ({ page, browser }) => {
  // The employer, verified by the district (which itself notifies: 'verified your company').
  const employer = newEmployer('notify-employer');
  employer.company = `Notify Works ${Date.now().toString(36)}`;
  await createEmployerViaApi(page.request, employer);
  // Start from a clean slate so the count below is the application's alone.
  expect((await page.request.post('/api/notifications/read', { data: { all: true } })).status()).toBe(200);
  const { id: internshipId } = await postInternshipViaApi(page.request, {
    title,
    description: 'A posting to see notifications reach the employer and the student.',
    hazardousDutiesConfirmed: true,
  });

  await page.goto('/employer-dashboard');
  await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');

  // The student applies; the employer's open dashboard hears it over /ws (the poll is 60 s).
  const studentContext = await browser.newContext({ viewport: { width: 320, height: 640 }, baseURL: test.info().project.use.baseURL });
  const student = await studentContext.newPage();
  const account = newStudent('notify-student');
  await createStudentViaApi(student.request, account);
  const applied = await student.request.post('/api/applications', { data: { internshipId, status: 'pending' } });
  expect(applied.status(), await applied.text()).toBe(201);
  const applicationId = ((await applied.json()) as { id: number }).id;

  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notifications-count')).toHaveText('1');
  await bell(page).click();
  const employerPanel = panel(page);
  await expect(employerPanel).toBeVisible();
  const first = employerPanel.getByTestId('notification').first();
  await expect(first).toContainText(`${account.firstName} applied to "${title}".`);
  await expect(first).toContainText('Unread:');
  await expect(first).toHaveAttribute('data-unread', 'true');
  await expect(first).toHaveAttribute('href', '/employer-dashboard');
  await snap(page, 'notifications-employer-panel');

  // (While the modal panel is open the page behind it, the bell too, is hidden from the
  // accessibility tree: the count is read from the panel and the bell's data attributes.)
  await employerPanel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(employerPanel).toHaveAccessibleDescription('All caught up');
  await expect(first).toHaveAttribute('data-unread', 'false');
  await expect(first).not.toContainText('Unread:');
  await expect(page.getByTestId('notifications-bell')).toHaveAttribute('data-unread', '0');
  await expect(page.getByTestId('notifications-count')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(employerPanel).toHaveCount(0);
  await expect(bell(page)).toBeFocused();
  await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');

  // The student's profile is open when the employer moves the application.
  await student.goto('/profile');
  await expect(bell(student)).toHaveAccessibleName('Notifications, none unread');
  const moved = await page.request.put(`/api/employers/applications/${applicationId}`, { data: { status: 'interview_requested' } });
  expect(moved.status(), await moved.text()).toBe(200);
  await expect(bell(student)).toHaveAccessibleName('Notifications, 1 unread');

  // At 320 px the two bells stack at the right edge without touching (issue 32: side by side
  // they covered the cards' dates and status badges).
  const notifyBox = await bell(student).boundingBox();
  const messagesBox = await student.getByTestId('messages-bell').boundingBox();
  expect(notifyBox && messagesBox && notifyBox.y + notifyBox.height <= messagesBox.y).toBe(true);
  expect(notifyBox && notifyBox.x + notifyBox.width <= 320).toBe(true);

  await bell(student).click();
  const status = panel(student).getByTestId('notification').first();
  await expect(status).toHaveAttribute('data-kind', 'application_status');
  await expect(status).toContainText(`Your application to "${title}"`);
  await expect(status).toContainText('Interview Requested');
  await snap(student, 'notifications-student-panel-320');
  // Following a notification marks it read and closes the panel.
  await status.click();
  await expect(panel(student)).toHaveCount(0);
  await expect(bell(student)).toHaveAccessibleName('Notifications, none unread');

  // E-mail notifications: on by default, off after the switch, and still off after a reload.
  const email = student.getByRole('switch', { name: 'Email me about notifications' });
  await expect(email).toBeChecked();
  await email.click();
  await expectToast(student, 'Email notifications off');
  await expect(email).not.toBeChecked();
  await student.reload();
  await expect(student.getByRole('switch', { name: 'Email me about notifications' })).not.toBeChecked();
  await studentContext.close();
});
