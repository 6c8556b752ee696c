import { createInstance, type BackendModule, type ResourceKey } from 'i18next';
import enCommon from '@/locales/en/common.json';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguage, readerLocale, type Language } from './languages';
import type { Namespace } from './resources';

/**
 * The UI's i18next instance (ui/README.md, "Languages").
 *
 * - English is bundled with the code: `common` here (the entry chunk), every other namespace
 *   by the module that defines it (`defineNamespace`), so a lazily loaded screen carries its
 *   own English and the first paint never waits for a catalogue.
 * - Every other language loads only when chosen, one chunk per language and namespace
 *   (`import.meta.glob` below); `useTranslation` suspends until its namespace is there, so
 *   a screen never flashes English or keys first.
 */

/** `src/locales/<lang>/<ns>.json` of every language but English, each its own lazy chunk. */
const lazyCatalogues = import.meta.glob<ResourceKey>(['../../locales/*/*.json', '!../../locales/en/*.json'], { import: 'default' });

/** Loads a catalogue of a language other than English; a missing one falls back to English. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = language === DEFAULT_LANGUAGE ? undefined : lazyCatalogues[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    // A failed load (offline) leaves that namespace in English rather than waiting forever.
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = createInstance();
i18n.use(catalogueBackend);

/** The namespaces whose English the loaded code has defined: a language switch loads them all first. */
const definedNamespaces = new Set<Namespace>(['common']);
/** Whether `startI18n` ran: from then on i18next's store takes each namespace's English. */
let started = false;
/** English defined before i18next started: handed to `init` as bundled resources. */
const englishBeforeStart: Partial<Record<Namespace, ResourceKey>> = {};

/**
 * Starts i18next in `language`. English is ready at once (the returned promise is already
 * settled: no network); another language resolves once its `common` catalogue has loaded, so
 * app/start.tsx renders after it and the first paint is in that language.
 */
export function startI18n(language: Language): Promise<unknown> {
  started = true;
  const init = i18n.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGE_CODES,
    load: 'languageOnly',
    // With the namespaces a first screen's entry defined before this start (app/start.tsx):
    // another language loads their catalogues too before the first render.
    ns: ['common', ...Object.keys(englishBeforeStart)],
    defaultNS: 'common',
    resources: { [DEFAULT_LANGUAGE]: { common: enCommon, ...englishBeforeStart } },
    // English is bundled, the rest comes from the backend.
    partialBundledLanguages: true,
    // Synchronous when everything needed is bundled (English).
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    showSupportNotice: false,
  });
  setDocumentLanguage(language);
  return init.catch(() => undefined);
}

/** `<html lang>` and the window's title follow the language. */
function setDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.title = i18n.t('app.title');
}
i18n.on('languageChanged', setDocumentLanguage);

/**
 * Registers a namespace's English (bundled with the module that calls this, so with the
 * chunk of the code that uses it) and returns its name for `useTranslation(ns)`. When another
 * language is in use, its catalogue starts loading at once.
 *
 *     // src/features/feed/i18n.ts
 *     import en from '@/locales/en/feed.json';
 *     export const feedNs = defineNamespace('feed', en);
 */
export function defineNamespace<N extends Namespace>(namespace: N, english: ResourceKey): N {
  definedNamespaces.add(namespace);
  if (!started) {
    // A first screen's own entry (src/screens/) evaluates its modules before `startI18n`.
    englishBeforeStart[namespace] = english;
    return namespace;
  }
  i18n.addResourceBundle(DEFAULT_LANGUAGE, namespace, english, true, false);
  if (i18n.isInitialized && currentLanguage() !== DEFAULT_LANGUAGE) {
    const loading = i18n.loadNamespaces(namespace).catch(() => undefined);
    pendingCatalogues.add(loading);
    void loading.finally(() => pendingCatalogues.delete(loading));
  }
  return namespace;
}

/** Catalogues that `defineNamespace` started loading and that have not arrived yet. */
const pendingCatalogues = new Set<Promise<unknown>>();

/**
 * A lazy import that resolves once the catalogues its modules asked for are in (at once in
 * English): `lazy(withCatalogues(() => import('./dialog')))`. The screen then appears in one
 * step, in its language, instead of suspending a second time on its texts.
 */
export function withCatalogues<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const loaded = await load();
    await Promise.all([...pendingCatalogues]);
    return loaded;
  };
}

/** The language in use (what `Accept-Language` says to the server). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * The `Intl` locale of the language in use, as this reader writes it: their browser's own tag
 * for that language ('es-ES'), else the language's locale ('en-US', 'es-US').
 */
export function currentLocale(): string {
  const browser = typeof navigator === 'undefined' ? undefined : navigator.languages;
  const key = `${currentLanguage()}|${browser?.join(',') ?? ''}`;
  let locale = readerLocales.get(key);
  if (locale === undefined) {
    locale = readerLocale(currentLanguage(), browser);
    readerLocales.set(key, locale);
  }
  return locale;
}

/** `currentLocale()`'s answers, by language and browser languages (every date and number asks). */
const readerLocales = new Map<string, string>();

/**
 * Switches the UI to `language`, loading the catalogues of every namespace the loaded code
 * uses first (so no screen suspends on a spinner or shows English meanwhile).
 */
export async function changeLanguage(language: Language): Promise<void> {
  if (language !== DEFAULT_LANGUAGE) {
    const missing = [...definedNamespaces].filter((ns) => !i18n.hasResourceBundle(language, ns));
    if (missing.length > 0) await i18n.reloadResources([language], missing).catch(() => undefined);
  }
  await i18n.changeLanguage(language);
}

/**
 * A record of labels read from the catalogue each time one is read (`Record<State, string>`
 * constants keep their shape and still speak the current language):
 *
 *     export const STATE_LABELS = labels(STATES, (state) => tTerms(`placementState.${state}`));
 */
export function labels<K extends PropertyKey>(keys: readonly K[], label: (key: K) => string): Readonly<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const key of keys) Object.defineProperty(out, key, { get: () => label(key), enumerable: true });
  return out;
}

/**
 * A `t` for code outside React (validation rules, toasts, error texts), bound to a namespace
 * and read at call time, so it always speaks the current language.
 */
export const tCommon = i18n.getFixedT(null, 'common');
