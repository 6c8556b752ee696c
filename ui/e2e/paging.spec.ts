import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { BASE_URL, newEmployerApi, newStudent, postInternshipViaApi, signUpStudentViaUi, snap, type Posting } from './support';

/**
 * Paged lists (limit 50 by default, the next page behind `Link: <...>; rel="next"`): the feed
 * loads the next page as the viewer nears the end of what is loaded, and a message thread of
 * more than one page offers 'Load earlier messages'.
 *
 * One fresh employer posts 60 AI-video postings through the JSON API, so the newest page of
 * the visitor's feed is all theirs and the second page starts with their oldest ones.
 */

test.describe.configure({ timeout: 150_000 });

const POSTINGS = 60;
const MESSAGES = 55;

let employerApi: APIRequestContext;
let postings: Posting[] = [];
const word = `Pangolin${Date.now().toString(36)}`;

/** The `rel="next"` URL of a Link header. */
function nextLink(header: string | undefined): string | null {
  return /<([^>]*)>\s*;\s*rel="?next"?/.exec(header ?? '')?.[1] ?? null;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  employerApi = await newEmployerApi('paging-employer', `Paging Works ${word}`);
  postings = [];
  for (let n = 1; n <= POSTINGS; n += 1) {
    const body = await postInternshipViaApi<Posting>(employerApi, {
      title: `${word} Role ${n}`,
      description: `Posting number ${n} of a long list, to see the feed load its next page.`,
    });
    postings.push({ id: body.id, title: body.title, company: body.company, employerId: body.employerId });
  }
});

test.afterAll(async () => {
  await employerApi.dispose();
});

test('the feed loads the next page as a visitor nears the end of the first', async ({ page }) => {
  // What the server pages: the first page is full and a Link leads to the second.
  const visitor = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const first = await visitor.get('/api/internships');
  expect(first.status()).toBe(200);
  const firstItems = (await first.json()) as Posting[];
  expect(firstItems).toHaveLength(50);
  const next = nextLink(first.headers()['link']);
  expect(next, 'a Link rel="next" header on the first page').toBeTruthy();
  const second = (await (await visitor.get(next ?? '')).json()) as Posting[];
  await visitor.dispose();
  const fromSecondPage = second[0];
  expect(fromSecondPage, 'the second page holds postings').toBeTruthy();
  expect(firstItems.some((i) => i.id === fromSecondPage?.id)).toBe(false);

  const pageUrls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/internships') pageUrls.push(url.search);
  });

  await page.goto('/job-feed');
  const cards = page.getByTestId('feed-card');
  await expect(cards.first()).toBeVisible();
  // Only the first page is loaded at first; the indicator counts loaded cards.
  await expect(cards).toHaveCount(50);
  await expect(page.getByTestId('feed-position')).toHaveText('Internship 1/ of 50');

  for (let i = 1; i <= 50; i += 1) {
    await page.keyboard.press(i % 2 === 0 ? 'j' : 'ArrowDown');
    await expect(page.getByTestId('feed-position')).toHaveText(new RegExp(`^Internship ${i + 1}/ of \\d+$`));
  }
  // Card 51 is the second page's first posting.
  const card51 = page.locator(`[data-testid="feed-card"][data-internship-id="${fromSecondPage?.id}"]`);
  await expect(card51).toBeVisible();
  await expect(card51).toHaveAttribute('data-index', '50');
  expect(await cards.count()).toBeGreaterThan(50);
  await expect(page.getByTestId('feed-position')).not.toHaveText(/of 50$/);
  expect(pageUrls.some((s) => s.includes('cursor='))).toBe(true);
  // Windowed video loading is unchanged: at most the active card and its neighbours hold a video.
  expect(await page.locator('[data-testid="feed-card"] video').count()).toBeLessThanOrEqual(3);
  await snap(page, 'paging-feed-second-page');
});

test('a thread of more than 50 messages offers Load earlier messages', async ({ page }) => {
  const posting = postings[0];
  expect(posting).toBeTruthy();
  if (!posting) return;
  await signUpStudentViaUi(page, newStudent('paging-messages'));
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
  const applied = await page.request.post('/api/applications', { data: { internshipId: posting.id, status: 'pending' } });
  expect(applied.status(), await applied.text()).toBe(201);
  const applicationId = ((await applied.json()) as { id: number }).id;

  for (let n = 1; n <= MESSAGES; n += 1) {
    const res = await employerApi.post(`/api/applications/${applicationId}/messages`, {
      data: { content: `Paging note ${n}`, receiverId: me.id },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/profile');
  await page
    .locator(`[data-testid="application"][data-internship-id="${posting.id}"]`)
    .getByRole('button', { name: /^Message/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /^Message / });
  const messages = dialog.getByTestId('message');
  // The latest page: notes 6 to 55.
  await expect(messages).toHaveCount(50);
  await expect(messages.last()).toContainText(`Paging note ${MESSAGES}`);
  await expect(messages.first()).toContainText('Paging note 6');
  const earlier = dialog.getByRole('button', { name: 'Load earlier messages' });
  await expect(earlier).toBeVisible();
  await snap(page, 'paging-messages-earlier');

  await earlier.click();
  await expect(messages).toHaveCount(MESSAGES);
  await expect(messages.first()).toContainText('Paging note 1');
  await expect(earlier).toHaveCount(0);

  // A new message still arrives, once, after the earlier ones stay in place.
  const reply = await employerApi.post(`/api/applications/${applicationId}/messages`, {
    data: { content: 'Paging note last', receiverId: me.id },
  });
  expect(reply.status()).toBe(201);
  await expect(dialog.getByText('Paging note last')).toHaveCount(1, { timeout: 15_000 });
  await expect(messages).toHaveCount(MESSAGES + 1);
  await expect(messages.first()).toContainText('Paging note 1');
});
