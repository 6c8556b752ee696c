// Renders the app icons for the web manifest from public/favicon.svg with Debian's Chromium:
// icon-192.png, icon-512.png, and icon-maskable-512.png (full-bleed background, the play mark
// inside the maskable safe zone, the centre 80 %). Run once: node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const pub = fileURLToPath(new URL('../public/', import.meta.url));
const favicon = readFileSync(`${pub}favicon.svg`, 'utf8');

// The same gradient and mark, without the rounded corners (the platform applies its own mask)
// and with the mark scaled to 80 % around the centre.
const maskable = favicon
  .replace(/<rect width="64" height="64" rx="16"/, '<rect width="64" height="64"')
  .replace(/<path d="M26 20v24l18-12z"/, '<path transform="translate(32 32) scale(0.8) translate(-32 -32)" d="M26 20v24l18-12z"');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const [name, svg, size] of [
    ['icon-192.png', favicon, 192],
    ['icon-512.png', favicon, 512],
    ['icon-maskable-512.png', maskable, 512],
  ]) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.locator('svg').screenshot({ path: `${pub}${name}`, omitBackground: true });
    console.log(`wrote public/${name}`);
  }
} finally {
  await browser.close();
}
