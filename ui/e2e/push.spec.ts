import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { axeFindings } from './axe';
import { test } from './fixtures';
import { deliverPush, phone } from './push-support';
import { es, SpanishAudit } from './spanish-support';
import { createStudentViaApi, expectToast, newEmployerApi, newStudent, postInternshipViaApi, scrollsSideways, snap } from './support';

/*
 * Push notifications in the browser: the offer after the first application sent (never before;
 * on a started placement's page: placements.spec.ts), "Turn on" storing the subscription, "Not
 * now" remembered, a push delivered to the service worker (DevTools' ServiceWorker.deliverPushMessage) showing its notification, and the
 * profile's categories and devices. Headless Chromium has no push service, so the test stands
 * in for PushManager.subscribe alone: it answers a subscription whose keys the test made.
 */

test.describe.configure({ timeout: 90_000 });

let employerApi: APIRequestContext;
const word = `Pushy${Date.now().toString(36)}`;
const postings: number[] = [];

test.beforeAll(async () => {
  employerApi = await newEmployerApi('push-employer', `Bellwether ${word}`);
  for (const n of [1, 2]) {
    const body = await postInternshipViaApi<{ id: number }>(employerApi, {
      title: `${word} Helper ${n}`,
      description: 'Help our team answer the phones and learn how a small office runs.',
    });
    postings.push(body.id);
  }
});

test.afterAll(async () => {
  await employerApi.dispose();
});

function offer(page: Page) {
  return page.getByRole('dialog', { name: 'Hear back right away?' });
}

async function applyTo(page: Page, id: number) {
  await page.goto(`/internship/${id}`);
  await page.getByTestId('apply').click();
  await expect(page).toHaveURL(/\/confirmation$/);
}

test('the offer comes after the first application, Turn on stores the device, and a push shows', async ({ browser }) => {
  // A push service's address (`.invalid` never resolves: nothing is delivered there).
  const endpoint = `https://push.invalid/push/${word}`;
  const { context, page } = await phone(browser, endpoint);
  const account = newStudent('push-student');
  await createStudentViaApi(page.request, account);

  // Never on a first visit: the feed and a posting, and no offer.
  await page.goto('/job-feed');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto(`/internship/${postings[0]}`);
  await page.waitForTimeout(1500);
  await expect(offer(page)).toHaveCount(0);

  // The first application sent: the offer explains first.
  await page.getByTestId('apply').click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(offer(page)).toBeVisible();
  await expect(offer(page)).toContainText('Never at night: nothing arrives between 21:00 and 07:00.');
  expect(await axeFindings(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
  await snap(page, 'push-offer');

  await offer(page).getByRole('button', { name: 'Turn on' }).click();
  await expectToast(page, 'Push notifications on');
  await expect(offer(page)).toHaveCount(0);
  const devices = (await (await page.request.get('/api/push/subscriptions')).json()) as { endpoint: string; device: string }[];
  expect(devices.map((d) => d.endpoint)).toEqual([endpoint]);
  expect(devices[0].device).toContain('Chrome');

  // A push reaches the service worker, which shows it.
  const payload = { title: 'New message', body: 'Bellwether sent you a message', url: '/profile', tag: 'internreel-messages', count: 1 };
  await deliverPush(context, page, payload);
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(
          (n) => `${n.title}|${n.body}|${(n.data as { url?: string })?.url}`,
        ),
      ),
    )
    .toContain('New message|Bellwether sent you a message|/profile');

  // The profile: each category with its switch, and the device, removable.
  await page.goto('/profile');
  const settings = page.getByTestId('push-settings');
  await settings.scrollIntoViewIfNeeded();
  await expect(settings).toBeVisible();
  await expect(settings.getByTestId('push-devices')).toContainText('(this device)');
  const messages = settings.getByRole('switch', { name: 'New messages' });
  await expect(messages).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/push/preferences') && r.request().method() === 'PUT');
  await messages.click();
  expect((await saved).status()).toBe(200);
  await expect(messages).not.toBeChecked();
  expect(((await (await page.request.get('/api/push/preferences')).json()) as { messages: boolean }).messages).toBe(false);
  expect(await axeFindings(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
  await snap(page, 'push-settings');

  await settings.getByRole('button', { name: /^Remove / }).click();
  await expect(settings).toContainText('No device receives push notifications yet.');
  expect(await (await page.request.get('/api/push/subscriptions')).json()).toEqual([]);

  // On again for this device, then signing out ends it: a shared computer shows the next
  // person nobody else's pushes.
  await settings.getByTestId('push-turn-on-here').click();
  await expect(settings.getByTestId('push-devices')).toContainText('(this device)');
  await page.goto('/job-feed');
  const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/logout'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await signedOut;
  const again = await page.request.post('/api/student-login', { data: { email: account.email, password: account.password } });
  expect(again.status()).toBe(200);
  expect(await (await page.request.get('/api/push/subscriptions')).json()).toEqual([]);
  await context.close();
});

test('Not now is remembered: the next application asks nothing', async ({ browser }) => {
  const { context, page } = await phone(browser, `https://push.invalid/push/${word}-declined`);
  await createStudentViaApi(page.request, newStudent('push-declines'));
  await applyTo(page, postings[0]);
  await expect(offer(page)).toBeVisible();
  await offer(page).getByRole('button', { name: 'Not now' }).click();
  await expect(offer(page)).toHaveCount(0);

  await applyTo(page, postings[1]);
  await page.waitForTimeout(1500);
  await expect(offer(page)).toHaveCount(0);
  expect(await (await page.request.get('/api/push/subscriptions')).json()).toEqual([]);
  await context.close();
});

test('in Spanish: the offer and the profile’s push settings', async ({ browser }) => {
  const { context, page } = await phone(browser, `https://push.invalid/push/${word}-es`);
  await createStudentViaApi(page.request, newStudent('push-spanish'));
  await page.goto(`/internship/${postings[0]}?lang=es`);
  await page.getByTestId('apply').click();
  await expect(page).toHaveURL(/\/confirmation/);
  const spanishOffer = page.getByRole('dialog', { name: es('Hear back right away?') });
  await expect(spanishOffer).toBeVisible();
  const audit = new SpanishAudit(page);
  await audit.check('the push offer (es)');
  await spanishOffer.getByRole('button', { name: es('Turn on') }).click();
  await expect(spanishOffer).toHaveCount(0);
  await page.goto('/profile?lang=es');
  const settings = page.getByTestId('push-settings');
  await settings.scrollIntoViewIfNeeded();
  await expect(settings.getByRole('switch', { name: es('New messages') })).toBeChecked();
  await audit.check('the profile’s push settings (es)');
  audit.expectClean();
  await context.close();
});
