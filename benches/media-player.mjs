// A player under --media-public-url (benches/media-s3.sh): Chromium loads a <video> whose
// src is the server's /api/videos/... URL, plays and seeks ten times, and every request it
// makes is counted by the origin that answered: the server (the 302s) or the CDN (the bytes).
//   node benches/media-player.mjs http://127.0.0.1:PORT/api/videos/NAME
import { createRequire } from 'node:module';

const require = createRequire(`${process.env.NODE_PATH ?? '.'}/`);
const { chromium } = require('@playwright/test');

const src = process.argv[2];
const server = new URL(src).origin;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
});
const page = await browser.newPage();
const count = { server: 0, cdn: 0, serverBytes: 0, cdnBytes: 0 };
page.on('response', async (res) => {
  const fromServer = new URL(res.url()).origin === server;
  const len = Number(res.headers()['content-length'] ?? 0);
  if (fromServer) {
    count.server += 1;
    count.serverBytes += len;
  } else {
    count.cdn += 1;
    count.cdnBytes += len;
  }
});
await page.setContent(`<video id="v" muted preload="auto" src="${src}"></video>`);
await page.waitForFunction(() => document.getElementById('v').readyState >= 1, null, { timeout: 30000 });
for (let i = 0; i < 10; i += 1) {
  await page.evaluate(async (k) => {
    const v = document.getElementById('v');
    const seeked = new Promise((r) => v.addEventListener('seeked', r, { once: true }));
    v.currentTime = Math.max(0, (v.duration || 60) * ((k * 37) % 100) / 100);
    await Promise.race([seeked, new Promise((r) => setTimeout(r, 3000))]);
  }, i);
}
await page.waitForTimeout(500);
await browser.close();
const total = count.server + count.cdn;
const share = total ? ((100 * count.cdn) / total).toFixed(1) : '0';
console.log(
  `player_requests=${total} server=${count.server} cdn=${count.cdn} never_touch_server_pct=${share} ` +
    `server_bytes=${count.serverBytes} cdn_bytes=${count.cdnBytes}`,
);
