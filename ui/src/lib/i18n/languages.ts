/**
 * The languages the UI speaks: the one list. Adding a language = copy `src/locales/en/` to
 * `src/locales/<code>/`, translate every file, and add one line here (ui/README.md,
 * "Languages"). `npm run check:i18n` then holds the new catalogue to the English one.
 */
export const LANGUAGES = [
  // `name` is the language's own name (the switcher shows each in its own language);
  // `locale` is what `Intl` formats dates and numbers with.
  { code: 'en', name: 'English', locale: 'en-US' },
  { code: 'es', name: 'Español', locale: 'es-US' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

/** The catalogue every other is held to, bundled with the code; the others load when chosen. */
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((l) => l.code);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The supported language of a BCP 47 tag ('es-MX' -> 'es'), or null. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/** The `Intl` locale of a language ('es' -> 'es-US'). */
export function localeOf(language: Language): string {
  return LANGUAGES.find((l) => l.code === language)?.locale ?? 'en-US';
}

/**
 * The `Intl` locale a reader of `language` formats dates and numbers with: the first of their
 * browser's languages (`navigator.languages`) in that language, as the browser names it
 * ('es-ES' and 'es' write 16,25; 'es-MX' and 'es-US' 16.25), else the language's own locale
 * (`localeOf`: a Spanish page on an English browser writes as US Spanish does).
 */
export function readerLocale(language: Language, browser: readonly string[] | undefined): string {
  for (const tag of browser ?? []) {
    if (languageOfTag(tag) !== language) continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(tag.replace(/_/g, '-'));
      if (canonical && Intl.NumberFormat.supportedLocalesOf(canonical).length > 0) return canonical;
    } catch {
      // Not a tag Intl reads: the next one, else the language's own locale.
    }
  }
  return localeOf(language);
}
