// Build time only (scripts/prerender.mjs, in Node): each first screen's frame as HTML, in every
// language, written into its page (screen-<name>[.<lang>].html) so the browser paints it before
// the script has run. The app's first render replaces it (app/start.tsx: createRoot, not
// hydration, since the live render has data the build does not). ui/README.md, "First paint".
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import BrowseInternshipsPage from '@/features/browse/components/browse-internships-page';
import ExternalJobsPage from '@/features/external-jobs/components/external-jobs-page';
import { FeedCardStill } from '@/features/feed/components/feed-card-still';
import JobFeedPage from '@/features/feed/components/job-feed-page';
import LandingPage from '@/features/landing/components/landing-page';
import type { FirstScreenName } from '@/app/lazy-page';
import { changeLanguage, startI18n } from '@/lib/i18n/i18n';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '@/lib/i18n/languages';
import { createQueryClient } from '@/lib/query-client';

/**
 * The feed's first card, between these marks in place of its loading state, with these
 * placeholders: the server fills them from the first posting or drops the card
 * (src/http/first_paint.rs). React escapes text, so no title can end the mark or make one.
 */
const FIRST_CARD_START = '<!--first-card-->';
const FIRST_CARD_END = '<!--/first-card-->';
// eslint-disable-next-line i18n/no-literal-text -- placeholders the server replaces, never shown
const FIRST_CARD = { company: '%FIRST_CARD_COMPANY%', title: '%FIRST_CARD_TITLE%', posterUrl: '%FIRST_CARD_POSTER%' };

const SCREENS: Record<FirstScreenName, { path: string; Screen: ComponentType }> = {
  landing: { path: '/', Screen: LandingPage },
  feed: { path: '/job-feed', Screen: JobFeedPage },
  browse: { path: '/browse-internships', Screen: BrowseInternshipsPage },
  'external-jobs': { path: '/external-jobs', Screen: ExternalJobsPage },
};

export interface Frame {
  screen: FirstScreenName;
  language: Language;
  html: string;
}

/** Every first screen's frame in every language: the screen as it draws before its data is in. */
export async function renderFrames(): Promise<Frame[]> {
  await startI18n(DEFAULT_LANGUAGE);
  const frames: Frame[] = [];
  for (const language of LANGUAGE_CODES) {
    await changeLanguage(language);
    for (const [screen, { path, Screen }] of Object.entries(SCREENS) as [FirstScreenName, (typeof SCREENS)[FirstScreenName]][]) {
      // A client of its own per frame: nothing one frame asked for shows in another.
      const html = renderToString(
        <QueryClientProvider client={createQueryClient()}>
          <Router ssrPath={path}>
            <Screen />
          </Router>
        </QueryClientProvider>,
      );
      frames.push({ screen, language, html: screen === 'feed' ? markFirstCard(html) : html });
    }
  }
  return frames;
}

/** The feed's loading state (its only role="status") becomes the first card's template. */
function markFirstCard(html: string): string {
  const status = html.indexOf('role="status"');
  const start = html.lastIndexOf('<div', status);
  const end = html.indexOf('</div>', status);
  if (status < 0 || start < 0 || end < 0) throw new Error('frames: the feed frame has no loading state to replace');
  const card = renderToString(<FeedCardStill {...FIRST_CARD} eager />);
  return `${html.slice(0, start)}${FIRST_CARD_START}${card}${FIRST_CARD_END}${html.slice(end + '</div>'.length)}`;
}
