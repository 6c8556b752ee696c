import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

/*
 * The specs' `test`: Playwright's, with every page waiting after a load until the app runs.
 *
 * A first screen's page (/, /job-feed, /browse-internships, /external-jobs) arrives painted with
 * its frame: the screen as HTML, whose buttons and fields do nothing until the app's first
 * render replaces it (ui/README.md, "First paint"). `goto` returns at the page's `load`, and on a
 * busy machine the app may render a second later: a key pressed or a box measured in between
 * goes to the frame and is lost (CI failed on exactly that). So `goto` and `reload` here return
 * once `<html data-app="running">` is set (app/start.tsx), on every page of every context a spec
 * opens, its own `browser.newContext()` ones included. A page without the app (a PDF, a JSON
 * answer, the server's own HTML) has no #root and returns at once.
 */

const patched = new WeakSet<object>();

/*
 * The offer of push notifications opens after a student's first application (#55); the specs
 * that apply for other reasons would find it over the page. So every context starts as a
 * device that said "Not now" already, unless its storage says `internreel.push.e2e` (set
 * through `storageState` by e2e/push.spec.ts, which tests the offer).
 */
async function declinePushOffer(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      if (!localStorage.getItem('internreel.push.e2e')) localStorage.setItem('internreel.push.declined', '1');
    } catch {
      // A page without storage (about:blank, a data URL) has no offer either.
    }
  });
}

/** Until the app has rendered the page (or the page has no app). */
async function appRunning(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.app === 'running', undefined, {
    timeout: 15_000,
  });
}

function patchPage(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await appRunning(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await appRunning(page);
    return response;
  };
}

function patchContext(context: BrowserContext): void {
  if (patched.has(context)) return;
  patched.add(context);
  for (const page of context.pages()) patchPage(page);
  context.on('page', patchPage);
}

function patchBrowser(browser: Browser): void {
  if (patched.has(browser)) return;
  patched.add(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await declinePushOffer(context);
    patchContext(context);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await declinePushOffer(page.context());
    patchContext(page.context());
    patchPage(page);
    return page;
  };
}

export const test = base.extend({
  context: async ({ context }, run) => {
    await declinePushOffer(context);
    patchContext(context);
    await run(context);
  },
  page: async ({ page }, run) => {
    patchPage(page);
    await run(page);
  },
  browser: [
    async ({ browser }, run) => {
      patchBrowser(browser);
      await run(browser);
    },
    { scope: 'worker' },
  ],
});
