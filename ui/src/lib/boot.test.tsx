import type { Query } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

type Boot = typeof import('./boot');

/** Writes the page's boot script as the server does (its text as given, so malformed JSON too). */
function writeBootScript(text: string): void {
  const script = document.createElement('script');
  script.id = 'internreel-boot';
  script.type = 'application/json';
  script.textContent = text;
  document.body.append(script);
}

const withAnswers = (answers: unknown): void => writeBootScript(JSON.stringify({ answers }));

/** A fresh copy of lib/boot: its answers are read once per module, as once per page. */
async function freshBoot(): Promise<Boot> {
  vi.resetModules();
  return import('./boot');
}

const bootScript = () => document.getElementById('internreel-boot');

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('takeBootAnswer', () => {
  it('answers what the server wrote for the exact path and query, with its Link header', async () => {
    withAnswers({
      '/api/session': { status: 200, body: { user: null }, link: null },
      '/api/internships?limit=20': { status: 200, body: [{ id: 'a' }], link: '</api/internships?after=a>; rel="next"' },
    });
    const { takeBootAnswer } = await freshBoot();
    expect(takeBootAnswer('/api/internships?limit=20')).toEqual({
      status: 200,
      body: [{ id: 'a' }],
      link: '</api/internships?after=a>; rel="next"',
    });
    expect(takeBootAnswer('/api/internships')).toBeUndefined();
    expect(takeBootAnswer('/api/session')).toEqual({ status: 200, body: { user: null }, link: null });
  });

  it('gives each answer once: the second read of the same URL goes to the network', async () => {
    withAnswers({ '/api/district': { status: 200, body: { name: 'Northside' }, link: null } });
    const { takeBootAnswer } = await freshBoot();
    expect(takeBootAnswer('/api/district')?.body).toEqual({ name: 'Northside' });
    expect(takeBootAnswer('/api/district')).toBeUndefined();
  });

  it('removes the script on the first read, so a second reader of the page finds nothing', async () => {
    withAnswers({ '/api/district': { status: 200, body: {}, link: null } });
    expect(bootScript()).not.toBeNull();
    const first = await freshBoot();
    expect(first.takeBootAnswer('/api/other')).toBeUndefined();
    expect(bootScript()).toBeNull();
    // Another copy of the module (as a second start would be) reads an empty page.
    const second = await freshBoot();
    expect(second.takeBootAnswer('/api/district')).toBeUndefined();
    // The first copy still holds what it read.
    expect(first.takeBootAnswer('/api/district')).toEqual({ status: 200, body: {}, link: null });
  });

  it('returns only successes: a refusal or a redirect is taken but not returned', async () => {
    withAnswers({
      '/api/ok': { status: 200, body: 1, link: null },
      '/api/empty': { status: 204, body: null, link: null },
      '/api/edge': { status: 299, body: 2, link: null },
      '/api/moved': { status: 300, body: 3, link: null },
      '/api/missing': { status: 404, body: { message: 'Not found' }, link: null },
      '/api/unauthorized': { status: 401, body: { message: 'Sign in' }, link: null },
      '/api/broken': { status: 500, body: null, link: null },
      '/api/low': { status: 199, body: 4, link: null },
    });
    const { takeBootAnswer } = await freshBoot();
    expect(takeBootAnswer('/api/ok')?.body).toBe(1);
    expect(takeBootAnswer('/api/empty')).toEqual({ status: 204, body: null, link: null });
    expect(takeBootAnswer('/api/edge')?.body).toBe(2);
    for (const url of ['/api/moved', '/api/missing', '/api/unauthorized', '/api/broken', '/api/low']) {
      expect(takeBootAnswer(url), url).toBeUndefined();
    }
  });

  it('ignores keys outside /api/ and answers without a numeric status or a body', async () => {
    withAnswers({
      '/login': { status: 200, body: 'html', link: null },
      'api/session': { status: 200, body: {}, link: null },
      'https://elsewhere.example/api/x': { status: 200, body: {}, link: null },
      '/api/no-status': { body: {}, link: null },
      '/api/text-status': { status: '200', body: {}, link: null },
      '/api/no-body': { status: 200, link: null },
      '/api/null': null,
      '/api/list': [200, {}],
      '/api/number': 200,
      '/api/good': { status: 200, body: { ok: true } },
    });
    const { takeBootAnswer } = await freshBoot();
    for (const url of [
      '/login',
      'api/session',
      'https://elsewhere.example/api/x',
      '/api/no-status',
      '/api/text-status',
      '/api/no-body',
      '/api/null',
      '/api/list',
      '/api/number',
    ]) {
      expect(takeBootAnswer(url), url).toBeUndefined();
    }
    // A missing or non-text Link header reads as none; the rest of the page's answers still count.
    expect(takeBootAnswer('/api/good')).toEqual({ status: 200, body: { ok: true }, link: null });
  });

  it('keeps a body of null (a visitor with no data) as an answer', async () => {
    withAnswers({ '/api/me': { status: 200, body: null, link: 42 } });
    const { takeBootAnswer } = await freshBoot();
    expect(takeBootAnswer('/api/me')).toEqual({ status: 200, body: null, link: null });
  });

  it.each([
    ['malformed JSON', '{"answers": {"/api/session": '],
    ['an empty script', ''],
    ['a list instead of an object', '[{"answers": {}}]'],
    ['no answers', '{"other": {"/api/session": {"status": 200, "body": {}}}}'],
    ['answers as a list', '{"answers": [{"status": 200, "body": {}}]}'],
    ['answers as text', '{"answers": "none"}'],
  ])('starts without answers from %s, and still removes the script', async (_name, text) => {
    writeBootScript(text);
    const { takeBootAnswer, peekBootAnswer } = await freshBoot();
    expect(takeBootAnswer('/api/session')).toBeUndefined();
    expect(peekBootAnswer('/api/session')).toBeUndefined();
    expect(bootScript()).toBeNull();
  });

  it('starts without answers on a page that has no boot script (the service worker’s cached page)', async () => {
    const { takeBootAnswer } = await freshBoot();
    expect(takeBootAnswer('/api/session')).toBeUndefined();
  });
});

describe('peekBootAnswer', () => {
  it('reads an answer without taking it, until someone takes it', async () => {
    withAnswers({ '/api/session': { status: 200, body: { user: { id: 'u1' } }, link: null } });
    const { peekBootAnswer, takeBootAnswer } = await freshBoot();
    expect(peekBootAnswer('/api/session')?.body).toEqual({ user: { id: 'u1' } });
    expect(peekBootAnswer('/api/session')?.body).toEqual({ user: { id: 'u1' } });
    expect(takeBootAnswer('/api/session')?.body).toEqual({ user: { id: 'u1' } });
    expect(peekBootAnswer('/api/session')).toBeUndefined();
  });

  it('does not show a refusal either', async () => {
    withAnswers({ '/api/session': { status: 403, body: {}, link: null } });
    const { peekBootAnswer } = await freshBoot();
    expect(peekBootAnswer('/api/session')).toBeUndefined();
  });
});

describe('bootPagedData', () => {
  it('gives a paged list’s first page with the next page from the Link header', async () => {
    withAnswers({
      '/api/internships': { status: 200, body: [{ id: 'a' }, { id: 'b' }], link: '</api/internships?after=b>; rel="next"' },
    });
    const { bootPagedData, takeBootAnswer } = await freshBoot();
    expect(bootPagedData<{ id: string }>('/api/internships')).toEqual({
      pages: [{ items: [{ id: 'a' }, { id: 'b' }], next: '/api/internships?after=b' }],
      pageParams: ['/api/internships'],
    });
    // Taken: the list's later pages and refetches go to the network.
    expect(takeBootAnswer('/api/internships')).toBeUndefined();
  });

  it('counts a non-list answer as an empty last page', async () => {
    withAnswers({ '/api/internships': { status: 200, body: { items: [1] }, link: null } });
    const { bootPagedData } = await freshBoot();
    expect(bootPagedData('/api/internships')).toEqual({ pages: [{ items: [], next: null }], pageParams: ['/api/internships'] });
  });

  it('is undefined when the page brought no success for the list', async () => {
    withAnswers({ '/api/internships': { status: 500, body: [], link: null } });
    const { bootPagedData } = await freshBoot();
    expect(bootPagedData('/api/internships')).toBeUndefined();
    expect(bootPagedData('/api/other')).toBeUndefined();
  });
});

describe('bootStaleTime', () => {
  const queryUpdatedAt = (at: number) =>
    ({ state: { dataUpdatedAt: at } }) as unknown as Query<unknown, Error, unknown, readonly unknown[]>;

  it('keeps seeded data fresh for BOOT_FRESH_MS, and fetched data by the normal rule', async () => {
    const { BOOT_AT, BOOT_FRESH_MS, bootStaleTime } = await freshBoot();
    expect(BOOT_FRESH_MS).toBe(10_000);
    expect(bootStaleTime(0)(queryUpdatedAt(BOOT_AT))).toBe(BOOT_FRESH_MS);
    expect(bootStaleTime(0)(queryUpdatedAt(BOOT_AT + 1))).toBe(0);
    // A query that is normally fresh longer keeps its own figure.
    expect(bootStaleTime(60_000)(queryUpdatedAt(BOOT_AT))).toBe(60_000);
    expect(bootStaleTime(5_000)(queryUpdatedAt(BOOT_AT - 1))).toBe(5_000);
  });
});

describe('after the first paint', () => {
  it('runs start-up work only after the first screen is rendered, and at once from then on', async () => {
    vi.useFakeTimers();
    const { afterFirstPaint, firstScreenRendered } = await freshBoot();
    const socket = vi.fn();
    afterFirstPaint(socket);
    await vi.advanceTimersByTimeAsync(5000);
    expect(socket).not.toHaveBeenCalled();

    firstScreenRendered();
    expect(socket).not.toHaveBeenCalled();
    // A hidden tab gets no frames: the work still starts within 2 s.
    await vi.advanceTimersByTimeAsync(2000);
    expect(socket).toHaveBeenCalledTimes(1);

    const late = vi.fn();
    afterFirstPaint(late);
    expect(late).toHaveBeenCalledTimes(1);
    // Once only, whichever of the frame and the fallback comes first.
    firstScreenRendered();
    await vi.advanceTimersByTimeAsync(5000);
    expect(socket).toHaveBeenCalledTimes(1);
  });

  it('runs the other start-up tasks when one of them throws', async () => {
    vi.useFakeTimers();
    const { afterFirstPaint, firstScreenRendered } = await freshBoot();
    const bells = vi.fn();
    afterFirstPaint(() => {
      throw new Error('socket refused');
    });
    afterFirstPaint(bells);
    firstScreenRendered();
    await vi.advanceTimersByTimeAsync(2000);
    expect(bells).toHaveBeenCalledTimes(1);
  });

  it('drops the answers the first screen did not take: a later screen asks the server', async () => {
    vi.useFakeTimers();
    withAnswers({
      '/api/session': { status: 200, body: { user: null }, link: null },
      '/api/district': { status: 200, body: { name: 'Northside' }, link: null },
    });
    const { firstScreenRendered, peekBootAnswer, takeBootAnswer } = await freshBoot();
    expect(takeBootAnswer('/api/session')?.body).toEqual({ user: null });
    firstScreenRendered();
    expect(peekBootAnswer('/api/district')).toBeDefined();
    await vi.advanceTimersByTimeAsync(2000);
    expect(peekBootAnswer('/api/district')).toBeUndefined();
    expect(takeBootAnswer('/api/district')).toBeUndefined();
  });
});

describe('seedBootSession (lib/auth)', () => {
  /** Fresh copies of lib/boot, lib/auth and the query cache, all reading the current page. */
  async function freshSeeding() {
    vi.resetModules();
    const boot = await import('./boot');
    const auth = await import('./auth');
    const { queryClient } = await import('./query-client');
    return { boot, auth, queryClient };
  }

  it('makes the page’s session the cached answer of who is signed in, dated BOOT_AT', async () => {
    const user = { id: 'u1', email: 'ava@student.example', firstName: 'Ava', lastName: 'Lee', userType: 'student' };
    withAnswers({ '/api/session': { status: 200, body: { user, language: 'en' }, link: null } });
    const { boot, auth, queryClient } = await freshSeeding();
    auth.seedBootSession();
    expect(queryClient.getQueryData(auth.AUTH_USER_KEY)).toEqual(user);
    expect(queryClient.getQueryState(auth.AUTH_USER_KEY)?.dataUpdatedAt).toBe(boot.BOOT_AT);
    // Peeked, not taken: another reader of the same answer still finds it.
    expect(boot.takeBootAnswer('/api/session')?.body).toEqual({ user, language: 'en' });
  });

  it('caches a visitor (no user) as null, so the first screen knows at once', async () => {
    withAnswers({ '/api/session': { status: 200, body: { user: null }, link: null } });
    const { auth, queryClient } = await freshSeeding();
    auth.seedBootSession();
    expect(queryClient.getQueryState(auth.AUTH_USER_KEY)?.status).toBe('success');
    expect(queryClient.getQueryData(auth.AUTH_USER_KEY)).toBeNull();
  });

  it.each([
    ['no boot script', null],
    ['a refused session', { '/api/session': { status: 500, body: { user: null }, link: null } }],
    ['a body that is not an object', { '/api/session': { status: 200, body: [], link: null } }],
  ])('leaves the cache empty with %s, so the first screen asks the server', async (_name, answers) => {
    if (answers) withAnswers(answers);
    const { auth, queryClient } = await freshSeeding();
    auth.seedBootSession();
    expect(queryClient.getQueryState(auth.AUTH_USER_KEY)).toBeUndefined();
  });
});

describe('useFirstPaintDone and useProgressiveCount', () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

  /** Renders a list of `total` items drawn progressively from `first`; returns what it drew each render. */
  async function renderList(boot: Boot, total: number, first: number) {
    const { act } = await import('react');
    const { createRoot } = await import('react-dom/client');
    const seen: { painted: boolean; count: number }[] = [];
    function List() {
      const painted = boot.useFirstPaintDone();
      const count = boot.useProgressiveCount(total, first);
      seen.push({ painted, count });
      return (
        <ul {...boot.drawingMarks(count < total)}>
          {Array.from({ length: count }, (_, i) => (
            <li key={i} />
          ))}
        </ul>
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() => root.render(<List />));
    // In small steps, each in its own act(): an update inside act() renders (and its effect
    // schedules the next idle moment) only when that act() ends.
    const wait = async (ms: number) => {
      for (let waited = 0; waited < ms; waited += 50) await act(() => vi.advanceTimersByTimeAsync(50));
    };
    return { container, seen, wait, unmount: () => act(() => root.unmount()) };
  }

  it('draws the first items only until the first paint, then one more per idle moment up to the total', async () => {
    vi.useFakeTimers();
    const boot = await freshBoot();
    const list = await renderList(boot, 5, 2);
    const items = () => list.container.querySelectorAll('li').length;
    const ul = () => list.container.querySelector('ul')!;
    expect(items()).toBe(2);
    expect(ul().getAttribute('aria-busy')).toBe('true');
    expect(ul().hasAttribute('data-drawing')).toBe(true);
    await list.wait(1000);
    expect(items()).toBe(2);
    expect(list.seen.every((s) => !s.painted)).toBe(true);

    boot.firstScreenRendered();
    await list.wait(2000);
    expect(list.seen.some((s) => s.painted)).toBe(true);
    await list.wait(1000);
    expect(items()).toBe(5);
    // One at a time, never past the total.
    const counts = [...new Set(list.seen.map((s) => s.count))];
    expect(counts).toEqual([2, 3, 4, 5]);
    expect(ul().hasAttribute('aria-busy')).toBe(false);
    expect(ul().hasAttribute('data-drawing')).toBe(false);
    list.unmount();
  });

  it('draws a list mounted after the first paint whole at once', async () => {
    vi.useFakeTimers();
    const boot = await freshBoot();
    boot.firstScreenRendered();
    await vi.advanceTimersByTimeAsync(2000);
    const list = await renderList(boot, 40, 3);
    expect(list.container.querySelectorAll('li').length).toBe(40);
    expect(list.seen.map((s) => s.count)).toEqual([40]);
    list.unmount();
  });
});
