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
