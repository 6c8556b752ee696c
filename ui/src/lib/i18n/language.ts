import { api } from '@/lib/api-client';
import { changeLanguage, currentLanguage, startI18n } from './i18n';
import { DEFAULT_LANGUAGE, isLanguage, languageOfTag, type Language } from './languages';

/**
 * Which language the UI speaks (issue #36), in this order:
 *
 * 1. `?lang=es|en` in the address (links the district sends): used, remembered on this device,
 *    and dropped from the address;
 * 2. the signed-in user's stored language (`language` of GET /api/session, once it answers);
 * 3. the device's last choice (local-storage key `internreel.lang`);
 * 4. the browser's `navigator.languages` (the first supported one);
 * 5. English.
 *
 * 2 is known before the first paint when the page brought the session's answer (lib/boot),
 * else after it (it needs the server); 3 caches it, so it is a change only on a new device. A choice in the switcher is remembered here and, signed in, on the server.
 *
 * Signing up sends the UI's language (`signUpLanguage`): the server stores it on the new
 * account (or decides from the request's cookie and `Accept-Language` without it). Signing
 * in sends a language chosen on this visit before it (`signInLanguage`), which becomes the
 * account's; the answer names the account's language, applied at once (`applyAccountLanguage`).
 */

export const LANGUAGE_STORAGE_KEY = 'internreel.lang';
export const LANGUAGE_PARAM = 'lang';

/** Whether this page load's language came from `?lang=` (then the account's does not override it). */
let chosenInAddress = false;
/** Whether the last session answer named someone (a switch is then saved on the server). */
let signedIn = false;
/** A language chosen on this page load while signed out (address or switcher): a sign-in carries it. */
let chosenSignedOut: Language | null = null;

function readStored(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The device's choice, also told to the server (cookie `internreel_lang`), which sends a first
 * screen's page already painted in it (src/http/first_paint.rs).
 */
export const LANGUAGE_COOKIE = 'internreel_lang';

function remember(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or full storage: the choice lasts this visit.
  }
  tellServer(language);
}

function tellServer(language: Language): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** `?lang=` of the address, dropped from it (the rest of the address is left as it was). */
function takeAddressLanguage(): Language | null {
  const url = new URL(window.location.href);
  const value = url.searchParams.get(LANGUAGE_PARAM);
  if (value === null) return null;
  url.searchParams.delete(LANGUAGE_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return languageOfTag(value);
}

function browserLanguage(): Language | null {
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

/** The language to start in, from what is known before any call to the server. */
export function initialLanguage(): Language {
  const fromAddress = takeAddressLanguage();
  if (fromAddress) {
    chosenInAddress = true;
    chosenSignedOut = fromAddress;
    remember(fromAddress);
    return fromAddress;
  }
  const stored = readStored();
  // A choice remembered before the server was told of it.
  if (stored && !document.cookie.includes(`${LANGUAGE_COOKIE}=${stored}`)) tellServer(stored);
  return stored ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}

/**
 * Starts the UI's language (app/start.tsx awaits it before the first render: at once for English,
 * after its `common` catalogue for another language).
 */
export function startLanguage(): Promise<unknown> {
  return startI18n(initialLanguage());
}

/** The switcher's choice: the UI changes, the device remembers it, the account too when signed in. */
export async function chooseLanguage(language: Language): Promise<void> {
  remember(language);
  if (!signedIn) chosenSignedOut = language;
  await changeLanguage(language);
  // The server stores it for its messages and e-mails; an older server may not know the
  // call (404): the choice still holds on this device, so any failure is ignored.
  if (signedIn) void api.put('/api/language', { language }).catch(() => undefined);
}

/**
 * GET /api/session answered (lib/auth.ts), or the page brought its answer (lib/boot): note
 * whether someone is signed in, and follow the account's stored language unless this page's
 * address chose one. Resolves once the language's catalogues are in.
 */
export function applySessionLanguage(stored: unknown, isSignedIn: boolean): Promise<void> {
  signedIn = isSignedIn;
  if (!isSignedIn || chosenInAddress || !isLanguage(stored) || stored === currentLanguage()) return Promise.resolve();
  remember(stored);
  return changeLanguage(stored).catch(() => undefined);
}

/** The `language` of a sign-up's body: the one the person is reading the form in. */
export function signUpLanguage(): Language {
  return currentLanguage();
}

/** The `language` of a sign-in's body: a choice made on this visit before it, if any (else the account's stands). */
export function signInLanguage(): Language | undefined {
  return chosenSignedOut ?? undefined;
}

/**
 * A sign-in's or sign-up's answer named the account's language: the UI switches to it now (no
 * reload) and the device remembers it (cookie included). Resolves once its catalogues are in.
 */
export function applyAccountLanguage(language: unknown): Promise<void> {
  signedIn = true;
  chosenSignedOut = null;
  chosenInAddress = false;
  if (!isLanguage(language)) return Promise.resolve();
  remember(language);
  if (language === currentLanguage()) return Promise.resolve();
  return changeLanguage(language).catch(() => undefined);
}
