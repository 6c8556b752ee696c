import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/* TOTP for the staff specs (identity, school sign-in): the server refuses a code seen
   before, so the specs share one record of the steps they used. */

/** RFC 4648 base32 (the authenticator secret's alphabet), spaces and padding ignored. */
export function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

export const STEP_SECONDS = 30;

/** RFC 6238 TOTP: HMAC-SHA1 over the 30-second step counter, dynamic truncation, 6 digits. */
export function totp(secret: string, atMs: number = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / STEP_SECONDS)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary =
    (((mac[offset] ?? 0) & 0x7f) << 24) | ((mac[offset + 1] ?? 0) << 16) | ((mac[offset + 2] ?? 0) << 8) | (mac[offset + 3] ?? 0);
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * A code that was not used yet: a server refuses a code seen before (replay), so when this spec
 * already sent the current step's code for a secret, it waits for the next step.
 */
const usedSteps = new Map<string, number>();
export async function freshCode(page: Page, secret: string): Promise<string> {
  let step = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  if (usedSteps.get(secret) === step) {
    await page.waitForTimeout((step + 1) * STEP_SECONDS * 1000 - Date.now() + 250);
    step += 1;
  }
  usedSteps.set(secret, step);
  return totp(secret, step * STEP_SECONDS * 1000 + 1000);
}

const LAYOUTS = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
];

/** No sideways scrolling at 320, 375 and 390 px (the page ends at 390x844). */
export async function expectReflows(page: Page, where: string): Promise<void> {
  for (const size of LAYOUTS) {
    await page.setViewportSize(size);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${where} at ${size.width} px`, timeout: 5_000 })
      .toBeLessThanOrEqual(size.width);
  }
}

/** The demo's named admin (fixtures/demo.json; demo only). */
export const DEMO_ADMIN = {
  name: 'Dana Ruiz',
  email: 'admin@district.example',
  password: 'demo-admin-pass-1',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
