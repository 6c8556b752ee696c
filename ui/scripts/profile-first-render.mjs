// The first render of a screen on a throttled phone, in figures: how long the browser's main
// thread is busy with scripts until the screen's first element is in the page, and which code
// (by npm package, or the app's own folders) that time goes to. Written to compare two builds
// of the UI (for example the i18n hook against react-i18next, ui/README.md "Languages").
//
// Each load is a fresh browser context at 390x844 (signed in as the demo student unless
// `--as visitor`), 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), a CDP sampling profile
// (100 µs) from the navigation until the `--until` element exists, and PerformanceObserver
// 'longtask' entries. The builds' functions are named through their source maps, so build them
// with maps (`npx vite build --sourcemap`); without a map a chunk counts as itself.
// `i18n` in the table is i18next + react-i18next + src/lib/i18n (the i18n code of either build),
// `i18nShare` its percentage of `scripting`: when other processes share the cores every figure
// of a load grows, the share much less (the wall times are only comparable on a quiet machine). Loads are
// interleaved between the builds (one unmeasured load each first) so a slower minute of the
// shared machine falls on all of them.
//
// Usage (each build served by its own server, e.g. INTERNREEL_UI_DIR=<dist copy> internreel serve --demo):
//   node scripts/profile-first-render.mjs [--runs 7] [--path /job-feed] [--until '[data-testid=feed-card]']
//        [--as student|visitor] [--json out.json] name=http://127.0.0.1:PORT [name=http://...]
/* global window, document, MutationObserver -- observeFirstRender and the waits run in the page */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const STUDENT = { email: 'ava@student.example', password: 'student123' };
const CPU_THROTTLING = 4;
const SAMPLING_INTERVAL_US = 100;
/** Chars past a map's last segment that still count as its source (functions start on mapped tokens). */
const MAX_SEGMENT_GAP = 200;
/**
 * Code in a chunk that its map does not cover: a module some build transform returned without a
 * map (vite.config.ts's icon-import rewrite does, so components that import an icon land here).
 */
const UNMAPPED = 'app: no source map';

function parseArgs(argv) {
  const options = { runs: 7, path: '/job-feed', until: '[data-testid=feed-card]', as: 'student', json: null, builds: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const name = arg.slice(2);
      const value = argv[++i];
      if (!(name in options) || value === undefined) throw new Error(`unknown option or missing value: ${arg}`);
      options[name] = name === 'runs' ? Number(value) : value;
    } else {
      const at = arg.indexOf('=');
      if (at < 1) throw new Error(`expected name=base-url, got ${arg}`);
      options.builds.push({ name: arg.slice(0, at), base: arg.slice(at + 1).replace(/\/$/, '') });
    }
  }
  if (options.builds.length === 0) throw new Error('name at least one build: name=http://127.0.0.1:PORT');
  return options;
}

// ---- Source maps: a small decoder of the "mappings" field (Base64 VLQ, source map v3). ----

const BASE64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** Per generated line, the segments [column, source index] sorted by column. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.get(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length >= 4) source += fields[1];
      // A segment without a source marks generated code that maps to nothing.
      segments.push([column, fields.length >= 4 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** The source file of a generated position (0-based line and column), or null. */
function sourceAt(map, line, column) {
  const segments = map.lines[line];
  if (!segments || segments.length === 0) return null;
  let low = 0;
  let high = segments.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (segments[mid][0] <= column) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  if (found < 0 || segments[found][1] < 0) return null;
  // A function starts on a mapped token; far past the last one is code without a map (see groupOfFrame).
  if (column - segments[found][0] > MAX_SEGMENT_GAP) return null;
  return map.sources[segments[found][1]];
}

const maps = new Map();
async function mapOf(url) {
  if (!maps.has(url)) {
    maps.set(
      url,
      fetch(`${url}.map`)
        .then((response) => (response.ok ? response.json() : null))
        .then((json) => (json ? { sources: json.sources, lines: decodeMappings(json.mappings) } : null))
        .catch(() => null),
    );
  }
  return maps.get(url);
}

/** Which code a source file is: an npm package, the app's i18n, the app's other code. */
function groupOf(source) {
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (packageMatch) {
    const name = packageMatch[1];
    return name === 'scheduler' ? 'react-dom' : name;
  }
  if (source.includes('src/lib/i18n/')) return 'app: lib/i18n';
  if (source.includes('/src/')) return 'app: other';
  return source;
}

async function groupOfFrame(frame) {
  if (frame.url === '') {
    return ['(program)', '(idle)', '(garbage collector)'].includes(frame.functionName) ? frame.functionName : 'browser (native)';
  }
  if (!/\/assets\/[^/]+\.js$/.test(new URL(frame.url).pathname)) return 'other scripts';
  const map = await mapOf(frame.url);
  if (!map) return new URL(frame.url).pathname;
  const source = sourceAt(map, frame.lineNumber, frame.columnNumber);
  return source ? groupOf(source) : UNMAPPED;
}

/** Self time (ms) per group of a CDP profile. */
async function selfTimeByGroup(profile) {
  const nodeGroup = new Map();
  for (const node of profile.nodes) nodeGroup.set(node.id, await groupOfFrame(node.callFrame));
  const totals = {};
  // Sample i lasts until sample i+1.
  for (let i = 0; i < profile.samples.length - 1; i++) {
    const group = nodeGroup.get(profile.samples[i]);
    totals[group] = (totals[group] ?? 0) + profile.timeDeltas[i + 1] / 1000;
  }
  return totals;
}

// ---- One load. ----

/** Installed before the page's scripts: the long tasks, and when the awaited element first exists. */
function observeFirstRender(selector) {
  window.__firstRender = { longTasks: [], elementAt: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__firstRender.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const watch = new MutationObserver(() => {
    if (window.__firstRender.elementAt === null && document.querySelector(selector)) {
      window.__firstRender.elementAt = performance.now();
      watch.disconnect();
    }
  });
  watch.observe(document, { childList: true, subtree: true });
}

async function signedInState(browser, build, as) {
  if (as === 'visitor') return undefined;
  const context = await browser.newContext();
  const response = await context.request.post(`${build.base}/api/student-login`, { data: STUDENT });
  if (!response.ok()) throw new Error(`${build.name}: sign-in answered ${response.status()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function load(browser, build, options) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    storageState: build.state,
  });
  const page = await context.newPage();
  await page.addInitScript(observeFirstRender, options.until);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await cdp.send('Profiler.start');
  await page.goto(`${build.base}${options.path}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__firstRender.elementAt !== null, null, { timeout: 60_000, polling: 50 });
  const { profile } = await cdp.send('Profiler.stop');
  const observed = await page.evaluate(() => window.__firstRender);
  await context.close();

  const byGroup = await selfTimeByGroup(profile);
  const scripting = Object.entries(byGroup)
    .filter(([group]) => !['(idle)', '(program)', '(garbage collector)'].includes(group))
    .reduce((sum, [, ms]) => sum + ms, 0);
  const i18n = (byGroup['i18next'] ?? 0) + (byGroup['react-i18next'] ?? 0) + (byGroup['app: lib/i18n'] ?? 0);
  // The long task the element appeared in (the render's commit runs in it), and every long task until then.
  const renderTask = observed.longTasks.find(
    (task) => task.start <= observed.elementAt && observed.elementAt <= task.start + task.duration,
  );
  const before = observed.longTasks.filter((task) => task.start <= observed.elementAt);
  return {
    elementAt: observed.elementAt,
    renderTask: renderTask?.duration ?? 0,
    longTasksUntil: before.reduce((sum, task) => sum + task.duration, 0),
    scripting,
    i18n,
    i18nShare: (100 * i18n) / scripting,
    byGroup,
  };
}

// ---- Figures. ----

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
const ms = (value) => `${Math.round(value)}`;
const summary = (values, format = ms) => `${format(median(values))} [${format(Math.min(...values))}-${format(Math.max(...values))}]`;
const percent = (value) => value.toFixed(1);

const options = parseArgs(process.argv.slice(2));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const build of options.builds) {
    build.state = await signedInState(browser, build, options.as);
    build.loads = [];
    await load(browser, build, options); // warm-up: the server's caches, the disk's
  }
  for (let run = 0; run < options.runs; run++) {
    for (const build of options.builds) {
      const result = await load(browser, build, options);
      build.loads.push(result);
      console.error(
        `${build.name} #${run + 1}: element at ${ms(result.elementAt)} ms, render task ${ms(result.renderTask)} ms, ` +
          `scripting ${ms(result.scripting)} ms, i18n ${ms(result.i18n)} ms, ${result.i18nShare.toFixed(1)}% of it`,
      );
    }
  }
} finally {
  await browser.close();
}

console.log(
  `\n${options.path} as ${options.as}, ${CPU_THROTTLING}x CPU, 390x844, ${options.runs} loads per build: median [min-max], ms (i18nShare: % of scripting)`,
);
const columns = ['elementAt', 'renderTask', 'longTasksUntil', 'scripting', 'i18n', 'i18nShare'];
console.log(['build', ...columns].join('\t'));
for (const build of options.builds) {
  console.log(
    [
      build.name,
      ...columns.map((column) =>
        summary(
          build.loads.map((result) => result[column]),
          column === 'i18nShare' ? percent : ms,
        ),
      ),
    ].join('\t'),
  );
}
const groups = [...new Set(options.builds.flatMap((build) => build.loads.flatMap((result) => Object.keys(result.byGroup))))];
const groupMedian = (build, group) => median(build.loads.map((result) => result.byGroup[group] ?? 0));
groups.sort((a, b) => groupMedian(options.builds[0], b) - groupMedian(options.builds[0], a));
console.log(`\nself time by code until the element, median ms\ngroup\t${options.builds.map((build) => build.name).join('\t')}`);
for (const group of groups) {
  const row = options.builds.map((build) => groupMedian(build, group));
  if (row.some((value) => value >= 1)) console.log([group, ...row.map(ms)].join('\t'));
}
if (options.json) {
  writeFileSync(
    options.json,
    JSON.stringify(
      options.builds.map(({ name, base, loads }) => ({ name, base, loads })),
      null,
      2,
    ),
  );
}
