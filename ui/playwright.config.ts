import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser), headless, a 390x844 phone
 * viewport, one worker. The server under test is given by INTERNREEL_BASE_URL (the Rust test
 * harness starts it on an ephemeral port); specs create their own accounts.
 *
 * One worker: with two (the walks of every screen beside the other specs) a full run took
 * 17.2-17.9 minutes, but on two cores a walk's toast and a feed card's scroll missed their
 * 15-second waits in one of three full runs (docs/operations.md, "Tests and CI").
 */
const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium was not found at ${CHROMIUM}. The browser tests use Debian's Chromium: install it with: apt-get install -y chromium`,
  );
}

const baseURL = process.env.INTERNREEL_BASE_URL ?? 'http://127.0.0.1:18080';

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // One retry: a spec that fails once and then passes is listed as "flaky" in the report (CI
  // failed once at stop 47 on a spec five full local runs never failed, and its name was cut
  // from the log); a spec that fails twice fails the suite.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../target/playwright-results',
  use: {
    baseURL,
    headless: true,
    viewport: { width: 390, height: 844 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
  },
  projects: [{ name: 'chromium-390x844', use: { browserName: 'chromium' } }],
});
