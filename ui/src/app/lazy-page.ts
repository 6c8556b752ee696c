import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';
import { withCatalogues } from '@/lib/i18n/i18n';

/** A screen loaded on demand, which can be loaded ahead (`preload`) for the first render. */
export type LazyPage = ((props: object) => ReactElement) & {
  /** Loads the screen's chunk (and, in a language other than English, its catalogues). */
  preload: () => Promise<unknown>;
};

/**
 * The screens a page's own entry can bring (src/screens/: the server sends that entry for the
 * routes it knows, first_screen.rs), by name.
 */
export type FirstScreenName = 'feed' | 'landing' | 'browse' | 'external-jobs';

/** The screens this page's entry brought statically (`provideScreens`). */
const provided = new Map<FirstScreenName, ComponentType>();

/**
 * Called by a first screen's entry (src/screens/) before the app starts: the screen is in the
 * page's own script, so its `lazyPage` renders it at once, in the task that ran the script,
 * with no request for its chunk between the script and the first paint.
 */
export function provideScreens(screens: Partial<Record<FirstScreenName, ComponentType>>): void {
  for (const [name, screen] of Object.entries(screens) as [FirstScreenName, ComponentType][]) provided.set(name, screen);
}

/**
 * A screen in its own chunk: `lazy`, except that once its chunk is in (`preload`, an earlier
 * visit, or the page's entry brought it: `name`) it renders at once instead of suspending for
 * a turn. app/start.tsx preloads the first screen's chunk before the first render, so that
 * render already shows the screen, with no spinner in between.
 */
export function lazyPage(loader: () => Promise<{ default: ComponentType }>, name?: FirstScreenName): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  // In already (an earlier load), or brought by the page's entry.
  const ready = () => (loaded ??= name && provided.get(name));
  const load = () => {
    const screen = ready();
    if (screen) return Promise.resolve({ default: screen });
    loading ??= withCatalogues(loader)().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed chunk may load on the next try.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(load);
  function Page(props: object): ReactElement {
    // Chosen once per mount: switching from the lazy wrapper to the loaded screen would remount it.
    const [Screen] = useState<ComponentType<object>>(() => ready() ?? Lazy);
    return createElement(Screen, props);
  }
  return Object.assign(Page, { preload: load });
}
