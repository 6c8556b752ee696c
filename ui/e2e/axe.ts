import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';

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

/** Two animation frames: whatever the last response or click changed has been drawn. */
async function drawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The requests a page has in flight, videos left out (a playing video keeps its range request
 * open). Playwright's 'networkidle' waits for 500 ms without any request on every screen; this
 * answers as soon as the last response is in.
 */
class InFlight {
  private readonly open = new Set<Request>();

  constructor(page: Page) {
    page.on('request', (request) => {
      if (request.resourceType() !== 'media') this.open.add(request);
    });
    const done = (request: Request) => this.open.delete(request);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    // A navigation abandons what the old document had asked for.
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) for (const request of this.open) if (request.frame() !== frame) this.open.delete(request);
    });
  }

  get count(): number {
    return this.open.size;
  }
}

/**
 * Collects axe's findings screen by screen and fails once at the end, so one run lists
 * everything (a test that stopped at the first screen would hide the rest).
 */
export class AxeAudit {
  private readonly findings: Record<string, AxeFinding[]> = {};
  private readonly inFlight: InFlight;
  private screens = 0;

  constructor(private readonly page: Page) {
    this.inFlight = new InFlight(page);
  }

  /**
   * Wait until no request is in flight twice across two drawn frames (a response that starts
   * the next request, such as a route's chunk and then its data, is waited for too), at most
   * 3 s: the network of some screens never rests.
   */
  private async settled(): Promise<void> {
    const until = Date.now() + 3_000;
    let quiet = 0;
    while (quiet < 2 && Date.now() < until) {
      await drawn(this.page);
      quiet = this.inFlight.count === 0 ? quiet + 1 : 0;
      if (quiet === 0) await this.page.waitForTimeout(25);
    }
  }

  /** Wait for the screen to settle (route chunk, data, entry animations), then scan it. */
  async scan(where: string): Promise<void> {
    const page = this.page;
    await expect(page.getByText('Loading page'), where).toHaveCount(0);
    // Lists and sections show a 'Loading ...' status until their data is in.
    await expect(page.getByText(/^Loading\b/))
      .toHaveCount(0, { timeout: 8_000 })
      .catch(() => undefined);
    await this.settled();
    // A screen drawn in parts after its first paint (the landing, browse's cards) is busy until whole.
    await expect(page.locator('[data-drawing]'), where).toHaveCount(0, { timeout: 8_000 });
    // Dialogs, menus and toasts fade or slide in: their animations have started by the drawn
    // frames above, and axeFindings waits for them to end before measuring contrast.
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
