import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { applyBootSessionLanguage, seedBootSession } from '@/lib/auth';
import { firstScreenRendered } from '@/lib/boot';
import { startLanguage } from '@/lib/i18n/language';
import { App } from './app';
import { preloadFirstScreen } from './router';
import '../index.css';

/**
 * Once the first render is committed: the socket, the bells' first calls and the like wait for its
 * paint. `<html data-app="running">` then says the app has replaced the page's frame (a first
 * screen's prerendered picture, whose buttons do nothing yet): the browser tests wait for it
 * after each load (e2e/fixtures.ts).
 */
function FirstScreen() {
  useEffect(() => {
    document.documentElement.dataset.app = 'running';
    firstScreenRendered();
  }, []);
  return null;
}

/**
 * Starts the app in #root. Called once, by the page's entry: main.tsx (any route), or a first
 * screen's own entry (src/screens/), which brings its screen in the same script.
 */
export function startApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('InternReel: the #root element is missing from index.html');

  // The session the server wrote into the page (lib/boot), when it did: the first screen knows
  // who is signed in without asking, and `/` picks the landing page or the feed at once.
  seedBootSession();

  // English is bundled: settled at once (no network). Another language renders once its
  // catalogues are in, so the first paint is already in it; the account's stored language
  // too when the page brought the session. Meanwhile the first screen's chunk loads, so the first
  // render shows the screen rather than a spinner (a failed load is retried by the render).
  const language = startLanguage().then(applyBootSessionLanguage);
  const screen = preloadFirstScreen(window.location.pathname).catch(() => undefined);

  void Promise.all([language, screen]).then(() => {
    const app = createRoot(root);
    // A first screen's page is already painted with its frame (ui/README.md, "React and the
    // first paint"), so the first render need not be one task: as a transition React renders
    // in slices, answering taps and keys in between, and swaps the frame for the screen once
    // the whole screen is ready. A page without a frame renders the same way.
    startTransition(() => {
      app.render(
        <StrictMode>
          <App />
          <FirstScreen />
        </StrictMode>,
      );
    });
  });
}
