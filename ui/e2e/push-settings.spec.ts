import { expect, type Page, type Worker } from '@playwright/test';
import { axeFindings } from './axe';
import { test } from './fixtures';
import { deliverPush, phone } from './push-support';
import { createEmployerViaApi, expectToast, newEmployer, scrollsSideways, snap } from './support';

/*
 * Push notifications on the employer's settings (the section the student profile has: the
 * categories, the employer's own quiet hours checked by the server, the devices), and the
 * click on a shown notification: headless Chromium cannot click one, so the test dispatches a
 * real `notificationclick` for it inside the service worker and sees the open page go to the
 * push's screen.
 */

test.describe.configure({ timeout: 90_000 });

async function serviceWorker(page: Page): Promise<Worker> {
  const context = page.context();
  const running = context.serviceWorkers()[0];
  return running ?? (await context.waitForEvent('serviceworker'));
}

test('the employer settings have push notifications with own quiet hours, at 320 and 390 px', async ({ browser }) => {
  const endpoint = `https://push.invalid/push/employer-${Date.now().toString(36)}`;
  const { context, page } = await phone(browser, endpoint, { width: 320, height: 568 });
  await createEmployerViaApi(page.request, newEmployer('push-settings'));

  await page.goto('/employer-profile');
  const settings = page.getByTestId('push-settings');
  await settings.scrollIntoViewIfNeeded();
  await expect(settings).toBeVisible();
  for (const name of ['New messages', 'Applications', 'Internship steps (placement)', 'Your account']) {
    await expect(settings.getByRole('switch', { name })).toBeChecked();
  }
  await settings.getByTestId('push-turn-on-here').click();
  await expect(settings.getByTestId('push-devices')).toContainText('(this device)');

  // Their own quiet hours: a window the server refuses is said beside it, then a good one.
  const quiet = settings.getByTestId('push-quiet-hours');
  await quiet.getByRole('checkbox', { name: 'Hold pushes during these hours' }).check();
  await quiet.getByLabel('From').fill('22:00');
  await quiet.getByLabel('Until').fill('22:00');
  await quiet.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(quiet.getByRole('alert')).toContainText('Quiet hours are a window such as 22:00-07:00');
  await quiet.getByLabel('Until').fill('07:00');
  await quiet.getByRole('button', { name: 'Save quiet hours' }).click();
  await expectToast(page, 'Quiet hours saved');
  await expect(quiet.getByRole('alert')).toHaveCount(0);
  const prefs = (await (await page.request.get('/api/push/preferences')).json()) as { quietHours: string | null };
  expect(prefs.quietHours).toBe('22:00-07:00');

  for (const size of [
    { width: 320, height: 568 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await settings.scrollIntoViewIfNeeded();
    expect(await axeFindings(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await snap(page, `push-employer-settings-${size.width}`);
  }

  // A reload keeps the window; none again.
  await page.reload();
  await expect(page.getByTestId('push-quiet-hours-start')).toHaveValue('22:00');
  await page.getByRole('checkbox', { name: 'Hold pushes during these hours' }).uncheck();
  await page.getByRole('button', { name: 'Save quiet hours' }).click();
  await expectToast(page, 'Quiet hours saved');
  expect(((await (await page.request.get('/api/push/preferences')).json()) as { quietHours: string | null }).quietHours).toBeNull();
  await context.close();
});

test('a click on a shown notification takes the open app to its screen', async ({ browser }) => {
  const endpoint = `https://push.invalid/push/click-${Date.now().toString(36)}`;
  const { context, page } = await phone(browser, endpoint, { width: 390, height: 844 });
  await createEmployerViaApi(page.request, newEmployer('push-click'));
  await page.goto('/employer-profile');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  // The page the worker controls (a first load is not controlled until it loads again).
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await deliverPush(context, page, {
    title: 'Applications',
    body: 'Maya applied to Studio helper',
    url: '/employer-dashboard',
    tag: 'internreel-applications',
    count: 1,
  });
  const worker = await serviceWorker(page);
  await expect
    .poll(() => worker.evaluate(async () => (await (self as unknown as ServiceWorkerGlobal).registration.getNotifications()).length))
    .toBe(1);

  const url = await worker.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobal;
    const [notification] = await sw.registration.getNotifications();
    sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }));
    return (notification.data as { url: string }).url;
  });
  expect(url).toBe('/employer-dashboard');
  await expect(page).toHaveURL(/\/employer-dashboard$/);
  // The click closed the notification.
  await expect
    .poll(() => worker.evaluate(async () => (await (self as unknown as ServiceWorkerGlobal).registration.getNotifications()).length))
    .toBe(0);
  await context.close();
});

/** What the test uses of the service worker's global scope (not in the DOM's types). */
interface ServiceWorkerGlobal {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}
