/**
 * The first screen's data, sent inside the page (issue #35): when a browser navigates to a
 * client route, the server writes the answers the first screen would ask for into
 *
 *   <script id="internreel-boot" type="application/json">
 *     {"answers": {"/api/session": {"status": 200, "body": {...}, "link": null}, ...}}
 *   </script>
 *
 * each keyed by the exact path and query the UI requests, and each what the same GET with the
 * browser's cookies answered at that moment. app/start.tsx seeds the query cache with them before
 * the first render (`seedBootAnswers`), so the first paint needs no call to the server.
 *
 * Each answer is taken once, for the first screen only: every later read of the same data goes
 * to the network as before. A page without the script (the service worker's cached
 * index.html), or with one that cannot be read, simply starts without answers.
 *
 * Also here: `afterFirstPaint`, for start-up work the first paint does not need.
 */

import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Query } from '@tanstack/react-query';
import { nextLinkUrl } from './api-client';
import type { PagedData } from './paging';

/** One GET the server answered for the first screen. */
export interface BootAnswer {
  status: number;
  body: unknown;
  /** The answer's `Link` header (a paged list's next page), or null. */
  link: string | null;
}

export const BOOT_SCRIPT_ID = 'internreel-boot';

let answers: Map<string, BootAnswer> | null = null;

/**
 * When this page's answers were read: the `dataUpdatedAt` of every query seeded from them, so
 * `bootStaleTime` can tell seeded data from fetched data.
 */
export const BOOT_AT = Date.now();

/**
 * How long a seeded answer counts as fresh for a query that is otherwise always stale
 * (`staleTime: 0`): long enough that the first screen's mount does not ask the server again for
 * what the page just brought, short enough that nothing seeded outlives the first screen.
 * A change the user makes invalidates it at once, as any cached answer.
 */
export const BOOT_FRESH_MS = 10_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readAnswers(): Map<string, BootAnswer> {
  if (answers) return answers;
  answers = new Map();
  try {
    const script = document.getElementById(BOOT_SCRIPT_ID);
    const text = script?.textContent;
    // Read once: the element goes, so nothing can read this page's answers a second time.
    script?.remove();
    if (!text) return answers;
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || !isRecord(parsed.answers)) return answers;
    for (const [url, value] of Object.entries(parsed.answers)) {
      if (!url.startsWith('/api/') || !isRecord(value) || typeof value.status !== 'number' || !('body' in value)) continue;
      answers.set(url, { status: value.status, body: value.body, link: typeof value.link === 'string' ? value.link : null });
    }
  } catch {
    // Malformed: the first screen asks the server as it always did.
  }
  return answers;
}

/**
 * The server's answer to GET `url` for this page's first screen, if it sent one and it is a
 * success; taken once (a second call answers undefined).
 */
export function takeBootAnswer(url: string): BootAnswer | undefined {
  const all = readAnswers();
  const answer = all.get(url);
  all.delete(url);
  return answer && answer.status >= 200 && answer.status < 300 ? answer : undefined;
}

/** The answer to GET `url` without taking it (a second reader of the same answer), if a success. */
export function peekBootAnswer(url: string): BootAnswer | undefined {
  const answer = readAnswers().get(url);
  return answer && answer.status >= 200 && answer.status < 300 ? answer : undefined;
}

/**
 * A paged list's first page from the boot answers, in the shape of an infinite query of
 * `api.page` (lib/paging): its items (a non-list answer counts as empty) and the `Link`
 * header's next page. Undefined when the page brought none.
 */
export function bootPagedData<T>(url: string): PagedData<T> | undefined {
  const answer = takeBootAnswer(url);
  if (!answer) return undefined;
  const items = Array.isArray(answer.body) ? (answer.body as T[]) : [];
  return { pages: [{ items, next: nextLinkUrl(answer.link) }], pageParams: [url] };
}

/**
 * `staleTime` for a query seeded from the boot answers that is otherwise `normal`: the seeded
 * answer is fresh for `BOOT_FRESH_MS`, anything fetched later follows `normal`.
 */
export function bootStaleTime<TData>(normal: number): (query: Query<TData, Error, TData, readonly unknown[]>) => number {
  return (query) => (query.state.dataUpdatedAt === BOOT_AT ? Math.max(normal, BOOT_FRESH_MS) : normal);
}

let painted = false;
const waiting: (() => void)[] = [];
const paintListeners = new Set<() => void>();

function runWaiting(): void {
  if (painted) return;
  painted = true;
  // What the first screen did not take is not used later: a later screen asks the server.
  readAnswers().clear();
  for (const listener of [...paintListeners]) listener();
  for (const task of waiting.splice(0)) {
    try {
      task();
    } catch {
      // One start-up task's failure must not keep the others from running.
    }
  }
}

/**
 * Runs `task` in the browser's next idle moment (at most `timeout` ms from now), or after
 * `fallback` ms where there is no `requestIdleCallback` (Safari). Returns its cancellation.
 */
export function whenIdle(task: () => void, timeout: number, fallback = 0): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, fallback);
  return () => window.clearTimeout(id);
}

/**
 * Called by app/start.tsx once the first screen is rendered: the tasks given to `afterFirstPaint`
 * run after the browser has painted it (the next frame, then an idle moment, at most 1 s later).
 */
let paintAwaited = false;
export function firstScreenRendered(): void {
  // Once: StrictMode runs a mount's effects twice in development.
  if (painted || paintAwaited) return;
  paintAwaited = true;
  // A rendered frame, then a task after it: the paint is on screen before anything else runs.
  window.requestAnimationFrame(() => window.setTimeout(() => whenIdle(runWaiting, 1000), 0));
  // A hidden tab gets no frames: still start within 2 s.
  window.setTimeout(runWaiting, 2000);
}

/**
 * Runs `task` once the first screen is painted (at once when it already is). For start-up work
 * the first paint does not need: the live socket, the notification bells' first calls.
 */
export function afterFirstPaint(task: () => void): void {
  if (painted) task();
  else waiting.push(task);
}

function subscribePaint(listener: () => void): () => void {
  paintListeners.add(listener);
  return () => {
    paintListeners.delete(listener);
  };
}

const paintedNow = () => painted;

/**
 * Whether the first screen has been painted: false until then, then true (re-rendering the
 * caller), for queries the first paint does not need (`enabled: useFirstPaintDone() && ...`).
 */
export function useFirstPaintDone(): boolean {
  return useSyncExternalStore(subscribePaint, paintedNow, paintedNow);
}

/**
 * How many items of a long list to draw (issue #35): on the first screen, `first` in the first
 * render (what fills the screen), then one more per idle moment after the paint, so no task is
 * long and the first paint does not wait for cards below the fold. A list mounted after the first
 * paint (a later screen) is drawn whole at once, as before.
 */
export function useProgressiveCount(total: number, first: number): number {
  const painted = useFirstPaintDone();
  const [count, setCount] = useState(() => (painted ? Number.POSITIVE_INFINITY : first));
  useEffect(() => {
    if (!painted || count >= total) return;
    return whenIdle(() => setCount((c) => c + 1), 200, 16);
  }, [painted, count, total]);
  return Math.min(count, total);
}

/**
 * The marks of a container whose items `useProgressiveCount` is still adding: `aria-busy` for
 * assistive technology, `data-drawing` for the browser tests (e2e/axe.ts waits for it to go).
 */
export function drawingMarks(drawing: boolean): { 'aria-busy'?: true; 'data-drawing'?: true } {
  return drawing ? { 'aria-busy': true, 'data-drawing': true } : {};
}
