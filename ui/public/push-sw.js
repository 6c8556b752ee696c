/* global self, URL */
/*
 * Web Push in the app's service worker (imported by Workbox's generated sw.js): a push shows
 * its notification (title, body, the screen to open), and a click focuses an open window of
 * the app on that screen, or opens one. The server writes the payload as JSON: {title, body,
 * url, tag, count}; the text is already in the reader's language.
 */
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(data.title || 'InternReel', {
      body: data.body || '',
      tag: data.tag || 'internreel',
      renotify: true,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        // The open window goes to the screen first: a browser may refuse focus() (no user
        // gesture it counts), and the person still finds the screen when they look.
        let shown = client.url === target;
        if (!shown && 'navigate' in client) {
          shown = !!(await client.navigate(target).catch(() => null));
        }
        await client.focus().catch(() => undefined);
        if (shown) return;
      }
      await self.clients.openWindow(target).catch(() => undefined);
    })(),
  );
});
