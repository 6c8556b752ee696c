import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { test } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/*
 * The push specs' stand-ins (e2e/push.spec.ts, e2e/push-settings.spec.ts): headless Chromium has
 * no push service, so PushManager.subscribe answers a subscription whose keys the test made.
 */

/** A browser's P-256 key and auth secret, as PushManager.subscribe would make them. */
export function browserKeys(): { p256dh: string; auth: string } {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x ?? '', 'base64url'), Buffer.from(jwk.y ?? '', 'base64url')]);
  return { p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

function baseURL(): string {
  return test.info().project.use.baseURL ?? '';
}

/** A phone-sized context where notifications are allowed and PushManager.subscribe answers. */
export async function phone(
  browser: Browser,
  endpoint: string,
  viewport = { width: 320, height: 700 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    baseURL: baseURL(),
    permissions: ['notifications'],
    // The fixtures start every other context with the offer declined (e2e/fixtures.ts).
    storageState: {
      cookies: [],
      origins: [{ origin: new URL(baseURL()).origin, localStorage: [{ name: 'internreel.push.e2e', value: '1' }] }],
    },
  });
  const keys = browserKeys();
  await context.addInitScript(
    ({ endpoint, keys }) => {
      if (!('PushManager' in window)) return;
      PushManager.prototype.subscribe = async function () {
        const json = { endpoint, expirationTime: null, keys };
        return {
          endpoint,
          expirationTime: null,
          options: {},
          toJSON: () => json,
          unsubscribe: async () => true,
        } as unknown as PushSubscription;
      };
    },
    { endpoint, keys },
  );
  const page = await context.newPage();
  return { context, page };
}

/** A push delivered to the page's service worker through DevTools, as a push service would. */
export async function deliverPush(context: BrowserContext, page: Page, payload: Record<string, unknown>): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      const live = e.registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registration,
    data: JSON.stringify(payload),
  });
}
