import { expect } from '@playwright/test';
import { test } from './fixtures';

/*
 * Installable on a phone (#23): the web manifest's fields and icons, a service worker that
 * becomes active and precaches the app shell, navigations to server paths never answered
 * from the cache, API answers never cached, and an offline feed that says so.
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface Manifest {
  name: string;
  description: string;
  lang?: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

test('the manifest makes the app installable and the service worker becomes active', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('manifest+json');
  const manifest = (await res.json()) as Manifest;
  expect(manifest.name).toBe('InternReel');
  // One manifest for readers of every language: its description in each, and no `lang`.
  expect(manifest.description).toContain('Internships for high-school students');
  expect(manifest.description).toContain('Prácticas para estudiantes de preparatoria');
  expect(manifest.lang).toBeUndefined();
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.start_url).toBe('/job-feed');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const icon = (sizes: string, purpose: string) =>
    manifest.icons.find((i) => i.sizes === sizes && i.type === 'image/png' && (i.purpose ?? 'any').split(' ').includes(purpose));
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ] as const) {
    const found = icon(sizes, purpose);
    expect(found, `a ${sizes} ${purpose} PNG icon`).toBeTruthy();
    const png = await page.request.get(found?.src ?? '');
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    // PNG signature, then the IHDR's width and height.
    expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
    const [w, h] = sizes.split('x').map(Number);
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([w, h]);
  }

  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { active: ready.active !== null, scope: ready.scope, script: ready.active?.scriptURL ?? '' };
  });
  expect(registration.active).toBe(true);
  // ready resolves while the worker may still be 'activating'; it finishes.
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
  expect(new URL(registration.scope).pathname).toBe('/');
  expect(new URL(registration.script).pathname).toBe('/sw.js');
});

test('the service worker serves the shell offline, never for server paths, and never caches /api', async ({ page, context }) => {
  await page.goto('/job-feed');
  await expect(page.getByTestId('feed-card').first()).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The page is controlled once the worker has claimed it (clientsClaim).
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  // Only the precache: no cache holds an /api answer, even after the feed's calls.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((u) => u.startsWith('/api') || u.startsWith('/ws'))).toEqual([]);

  // A navigation to a server path reaches the server (JSON), not the cached index.html.
  const api = await page.goto('/api/internships?limit=1');
  expect(api?.headers()['content-type']).toContain('application/json');
  expect(api?.fromServiceWorker()).toBe(false);
  const unknownApi = await page.goto('/api/no-such-thing');
  expect(unknownApi?.status()).toBe(404);
  expect(unknownApi?.fromServiceWorker()).toBe(false);

  // Offline, an app route opens from the cache and the feed says what it needs.
  await context.setOffline(true);
  try {
    const shell = await page.goto('/job-feed');
    expect(shell?.fromServiceWorker()).toBe(true);
    await expect(page.getByText('The feed needs a connection. Check your network and try again.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // Back online, Try again loads the feed.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('feed-card').first()).toBeVisible();
});
