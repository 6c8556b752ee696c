import { expect, request as apiRequest, type Page, type Worker } from '@playwright/test';
import { axeFindings } from './axe';
import { test } from './fixtures';
import { deliverPush, phone } from './push-support';
import { BASE_URL, createEmployerViaApi, DEMO_ADMIN_PIN, expectToast, newEmployer, scrollsSideways, snap, uniqueEmail } from './support';
import { freshCode } from './totp';

/*
 * Push notifications on the employer's settings and a named staff member's admin screen (the
 * section the student profile has: the categories, their own quiet hours checked by the
 * server, the devices), and the
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

/** A new district admin, invited by the pin and set up through the API; signs `page` in. */
async function signInNewStaffAdmin(page: Page): Promise<void> {
  const pin = await apiRequest.newContext({ baseURL: BASE_URL });
  const invitee = await apiRequest.newContext({ baseURL: BASE_URL });
  try {
    expect((await pin.post('/api/admin/login', { data: { pin: DEMO_ADMIN_PIN } })).status()).toBe(200);
    const email = uniqueEmail('push-staff');
    const password = 'push-staff-password-1';
    const res = await pin.post('/api/admin/staff', { data: { email, name: 'Robin Push', role: 'admin' } });
    expect(res.status(), await res.text()).toBe(201);
    const { inviteUrl } = (await res.json()) as { inviteUrl: string };
    const token = inviteUrl.split('/').pop() ?? '';
    const { secret } = (await (await invitee.get(`/api/staff/invite/${token}`)).json()) as { secret: string };
    const accepted = await invitee.post(`/api/staff/invite/${token}`, { data: { password, code: await freshCode(page, secret) } });
    expect(accepted.status(), await accepted.text()).toBeLessThan(300);
    const login = await page.request.post('/api/staff/login', { data: { email, password, code: await freshCode(page, secret) } });
    expect(login.status(), await login.text()).toBe(200);
  } finally {
    await pin.dispose();
    await invitee.dispose();
  }
}

test('a named staff member turns pushes on under the admin tabs, and a push link opens its tab', async ({ browser }) => {
  test.setTimeout(120_000);
  const endpoint = `https://push.invalid/push/staff-${Date.now().toString(36)}`;
  const { context, page } = await phone(browser, endpoint, { width: 320, height: 568 });
  await signInNewStaffAdmin(page);

  // The link of a staff push: the Reports tab opens.
  await page.goto('/admin?tab=reports');
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  const settings = page.getByTestId('push-settings');
  await settings.scrollIntoViewIfNeeded();
  // Staff hear of what waits for review: that one switch.
  await expect(settings.getByRole('switch')).toHaveCount(1);
  await expect(settings.getByRole('switch', { name: 'Reports and reviews waiting for you' })).toBeChecked();
  await settings.getByTestId('push-turn-on-here').click();
  await expect(settings.getByTestId('push-devices')).toContainText('(this device)');
  await expect(settings.getByTestId('push-quiet-hours')).toBeVisible();
  for (const size of [
    { width: 320, height: 568 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await settings.scrollIntoViewIfNeeded();
    expect(await axeFindings(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await snap(page, `push-staff-settings-${size.width}`);
  }
  const devices = (await (await page.request.get('/api/push/subscriptions')).json()) as { endpoint: string }[];
  expect(devices.map((d) => d.endpoint)).toEqual([endpoint]);
  await context.close();
});

/** What the test uses of the service worker's global scope (not in the DOM's types). */
interface ServiceWorkerGlobal {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}
