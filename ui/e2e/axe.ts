import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core in the browser tests: WCAG 2.0/2.1 A and AA, plus label-content-name-mismatch
 * (WCAG 2.5.3 Label in Name), which axe tags experimental and so leaves off unless asked.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * Waits (at most 2 s) for the animations that end, such as a toast or dialog fading in, so that
 * colours are measured as they settle and not halfway through a fade; spinners never end and
 * are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/** Run axe on the page once its animations settle; an empty list means no violation at any impact level. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`),
  }));
}

/**
 * Collects axe's findings screen by screen and fails once at the end, so one run lists
 * everything (a test that stopped at the first screen would hide the rest).
 */
export class AxeAudit {
  private readonly findings: Record<string, AxeFinding[]> = {};
  private screens = 0;

  constructor(private readonly page: Page) {}

  /** Wait for the screen to settle (route chunk, data, entry animations), then scan it. */
  async scan(where: string): Promise<void> {
    const page = this.page;
    await expect(page.getByText('Loading page'), where).toHaveCount(0);
    // Lists and sections show a 'Loading ...' status until their data is in. The network
    // itself may never rest (polling, video), so it gets only a short wait.
    await expect(page.getByText(/^Loading\b/))
      .toHaveCount(0, { timeout: 8_000 })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: 1_500 }).catch(() => undefined);
    // A screen drawn in parts after its first paint (the landing, browse's cards) is busy until whole.
    await expect(page.locator('[data-drawing]'), where).toHaveCount(0, { timeout: 8_000 });
    // Dialogs, menus and toasts fade or slide in over ~200 ms; contrast is measured after.
    await page.waitForTimeout(300);
    this.screens += 1;
    const found = await axeFindings(page);
    if (found.length > 0) this.findings[where] = found;
  }

  get scanned(): number {
    return this.screens;
  }

  expectClean(): void {
    expect(this.findings, `axe violations:\n${JSON.stringify(this.findings, null, 2)}`).toEqual({});
  }
}
