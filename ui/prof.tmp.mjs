import { chromium } from '@playwright/test';
const path = process.argv[2] ?? '/job-feed';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReturnAsStream' });
await page.goto('http://127.0.0.1:18095' + path);
await page.waitForTimeout(7000);
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.end');
const { stream } = await done;
let data = ''; for (;;) { const c = await cdp.send('IO.read', { handle: stream }); data += c.data; if (c.eof) break; }
const events = JSON.parse(data).traceEvents ?? JSON.parse(data);
// top-level tasks over 50 ms and what they contained
const tasks = events.filter((e) => e.name === 'RunTask' && e.dur > 50000 && e.ph === 'X');
const t0 = events.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]?.ts;
for (const t of tasks) {
  const inside = events.filter((e) => e.ph === 'X' && e.tid === t.tid && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t);
  const sums = {};
  for (const e of inside) if (['FunctionCall', 'EvaluateScript', 'Layout', 'UpdateLayoutTree', 'Paint', 'v8.compile', 'TimerFire', 'FireIdleCallback', 'EventDispatch', 'ParseHTML', 'v8.compileModule', 'v8.evaluateModule', 'RunMicrotasks', 'ResizeObserver', 'IntersectionObserverController::computeIntersections'].includes(e.name)) sums[e.name] = (sums[e.name] ?? 0) + e.dur / 1000;
  const fc = inside.find((e) => e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule');
  console.log(Math.round((t.ts - t0) / 1000), Math.round(t.dur / 1000), JSON.stringify(Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, Math.round(v)]))), fc?.args?.data?.url?.split('/').pop() ?? '', fc?.args?.data?.functionName ?? '');
}
await browser.close();
