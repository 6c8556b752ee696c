import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';
import { withCatalogues } from '@/lib/i18n/i18n';

/** A screen loaded on demand, which can be loaded ahead (`preload`) for the first render. */
export type LazyPage = ((props: object) => ReactElement) & {
  /** Loads the screen's chunk (and, in a language other than English, its catalogues). */
  preload: () => Promise<unknown>;
};

/**
 * A screen in its own chunk: `lazy`, except that once its chunk is in (`preload`, or an earlier
 * visit) it renders at once instead of suspending for a turn. main.tsx preloads the first
 * screen's chunk before the first render, so that render already shows the screen, with no
 * spinner in between.
 */
export function lazyPage(loader: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const load = () => {
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
    const [Screen] = useState<ComponentType<object>>(() => loaded ?? Lazy);
    return createElement(Screen, props);
  }
  return Object.assign(Page, { preload: load });
}
