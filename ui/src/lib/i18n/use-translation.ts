import { useSyncExternalStore } from 'react';
import type { FlatNamespace, TFunction } from 'i18next';
import { i18n } from './i18n';

/**
 * `useTranslation(ns)`: the namespace's `t` in the language in use, re-rendering on a
 * language switch and suspending while a catalogue of that language is still loading.
 *
 * It does what react-i18next's hook would do for this app (bindI18n 'languageChanged',
 * useSuspense) for a fraction of the work: that hook builds a `t` per component, and every
 * call of `t` goes through i18next's key parsing and interpolation. A first feed screen calls
 * `t` about 600 times for about 150 distinct texts: react-i18next 17 cost about 100 ms more
 * of that render on a throttled phone (ui/README.md, "Languages"). Here each language and
 * namespace list has one `t`, and a text already made is looked up.
 */

type Namespaces = FlatNamespace | readonly [FlatNamespace, ...FlatNamespace[]];
type AnyT = (key: string, options?: Record<string, unknown>) => unknown;

/** Texts made, by language, namespaces, key and values. Cleared when a catalogue or the language changes. */
const texts = new Map<string, unknown>();
/** A bound cap: interpolated values (counts, names) make new keys; a full map starts over. */
const MAX_TEXTS = 4000;
/** One `t` per language and namespace list (bound to them, so never stale). */
const ts = new Map<string, AnyT>();

function forget(): void {
  texts.clear();
}

const listeners = new Set<() => void>();
i18n.on('languageChanged', () => {
  forget();
  for (const listener of listeners) listener();
});

/**
 * A catalogue added after a text was made (a lazily loaded screen's English, another
 * language's chunk) may answer a key that was missing: the store's changes clear the texts.
 * The store exists once i18next has started, before anything renders.
 */
let watchedStore: typeof i18n.store | null = null;
function watchStore(): void {
  const store = i18n.store;
  if (!store || store === watchedStore) return;
  store.on('added', forget);
  store.on('removed', forget);
  watchedStore = store;
  forget();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const languageSnapshot = () => i18n.language;

/** The texts' cache key of a call, or null when a value is not a plain string, number or boolean. */
function textKey(id: string, key: string, options: Record<string, unknown> | undefined): string | null {
  if (options === undefined) return `${id}\u0000${key}`;
  for (const name in options) {
    const value = options[name];
    const type = typeof value;
    if (value !== undefined && value !== null && type !== 'string' && type !== 'number' && type !== 'boolean') return null;
  }
  return `${id}\u0000${key}\u0000${JSON.stringify(options)}`;
}

function tFor(lng: string, namespaces: readonly FlatNamespace[]): AnyT {
  const id = `${lng}\u0000${namespaces.join(',')}`;
  let t = ts.get(id);
  if (t) return t;
  const make = i18n.getFixedT(lng, namespaces.length === 1 ? namespaces[0] : [...namespaces]) as unknown as AnyT;
  t = (key, options) => {
    const cacheKey = textKey(id, key, options);
    if (cacheKey === null) return make(key, options);
    if (texts.has(cacheKey)) return texts.get(cacheKey);
    const text = make(key, options);
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(cacheKey, text);
    return text;
  };
  ts.set(id, t);
  return t;
}

/** Loads in flight, by language and namespace, so a suspended screen throws the same promise each time. */
const loading = new Map<string, Promise<void>>();
function loadingOf(lng: string, namespace: string): Promise<void> {
  const id = `${lng}\u0000${namespace}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = i18n.loadNamespaces(namespace).then(
      () => {
        loading.delete(id);
      },
      () => {
        loading.delete(id);
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

export function useTranslation<const N extends Namespaces = 'common'>(ns?: N): { t: TFunction<N>; i18n: typeof i18n } {
  const lng = useSyncExternalStore(subscribe, languageSnapshot, languageSnapshot);
  watchStore();
  const namespaces: readonly FlatNamespace[] = ns === undefined ? ['common'] : typeof ns === 'string' ? [ns] : ns;
  for (const namespace of namespaces) {
    // The screen waits (Suspense) for its texts rather than showing keys or English first.
    if (!i18n.hasLoadedNamespace(namespace)) throw loadingOf(lng, namespace);
  }
  return { t: tFor(lng, namespaces) as unknown as TFunction<N>, i18n };
}
