import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { AxeAudit } from './axe';

/*
 * The Spanish check of issue #36: the UI's catalogues (src/locales/<lang>/*.json) read in
 * node, the Spanish names the specs click by (so a spec reads like its English twin), and
 * SpanishAudit, which scans a screen for the English catalogue's sentences, runs axe on it,
 * checks <html lang="es"> and fits it in 320 px.
 */

const LOCALES = fileURLToPath(new URL('../src/locales/', import.meta.url));

type Catalogue = Map<string, string>;

function flatten(value: unknown, prefix: string, into: Catalogue): void {
  if (typeof value === 'string') {
    into.set(prefix, value);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`, into);
  }
}

/** Every text of a language, keyed 'namespace:dotted.key'. */
function catalogue(language: string): Catalogue {
  const into: Catalogue = new Map();
  const dir = `${LOCALES}${language}/`;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    flatten(JSON.parse(readFileSync(`${dir}${file}`, 'utf8')), `${file.slice(0, -'.json'.length)}:`, into);
  }
  return into;
}

const EN = catalogue('en');
const ES = catalogue('es');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function interpolate(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The Spanish of every key whose English is `english` (one or more distinct texts). */
function spanishOf(english: string, vars: Record<string, string | number>): string[] {
  const found = new Set<string>();
  for (const [key, value] of EN) {
    if (value !== english) continue;
    const spanish = ES.get(key);
    if (spanish !== undefined) found.add(interpolate(spanish, vars));
  }
  if (found.size === 0) throw new Error(`no Spanish for the English text ${JSON.stringify(english)}`);
  return [...found];
}

/**
 * The Spanish of an English catalogue text: a string when every key with that English says
 * the same in Spanish, else a RegExp matching any of them exactly.
 */
export function es(english: string, vars: Record<string, string | number> = {}): string | RegExp {
  const all = spanishOf(english, vars);
  return all.length === 1 ? all[0]! : new RegExp(`^(?:${all.map(escapeRegExp).join('|')})$`);
}

/** Like es(), as a RegExp matching a text that starts with it (placeholders left out: pass them as ''). */
export function esPrefix(english: string, vars: Record<string, string | number> = {}): RegExp {
  return new RegExp(`^(?:${spanishOf(english, vars).map(escapeRegExp).join('|')})`);
}

/** Like es(), as a RegExp matching a text that contains it. */
export function esPart(english: string, vars: Record<string, string | number> = {}): RegExp {
  return new RegExp(spanishOf(english, vars).map(escapeRegExp).join('|'));
}

/** Long enough, with a space: a catalogue text unlikely to be a name or a word shared by both languages. */
function isSentence(text: string): boolean {
  return text.length >= 12 && /\S\s+\S/.test(text);
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

const WORD = /[\p{L}\p{N}]/u;

/** Whether `needle` is in `text` as whole words (so 'reset password' is not found in 'reset passwords'). */
function containsWords(text: string, needle: string): boolean {
  const wordStart = WORD.test(needle[0] ?? '');
  const wordEnd = WORD.test(needle[needle.length - 1] ?? '');
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + needle.length] ?? ' ';
    if ((!wordStart || !WORD.test(before)) && (!wordEnd || !WORD.test(after))) return true;
  }
  return false;
}

/** The names and titles people typed in the demo's data (fixtures/*.json and fixtures/external/). */
function typedNames(path: string, into = new Set<string>()): Set<string> {
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'string' && /^(title|name|company|companyName)$/.test(key)) into.add(normalize(inner));
      else visit(inner);
    }
  };
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = `${path}${entry.name}`;
    if (entry.isDirectory()) typedNames(`${full}/`, into);
    else if (entry.name.endsWith('.json')) visit(JSON.parse(readFileSync(full, 'utf8')));
  }
  return into;
}

/**
 * A catalogue text that is also, whole, a title or name in the demo's data (the landing's
 * sample posting 'Marketing Intern') cannot tell a missed translation from the data.
 */
const DEMO_NAMES = typedNames(fileURLToPath(new URL('../../fixtures/', import.meta.url)));

interface Needle {
  key: string;
  text: string;
}

/**
 * What must not be seen on a Spanish screen: each English text that differs from its Spanish,
 * cut at its placeholders ({{x}}, $t(...), <tag/>; a <tag>inner</tag> keeps its inner text)
 * into literal parts, each part kept if it is a sentence (>= 12 characters, with a space), no
 * Spanish text contains it (a brand or a sample address the two languages share) and it is
 * not a title or name of the demo's data.
 */
function englishNeedles(): Needle[] {
  const spanishTexts = [...new Set([...ES.values()].map(normalize))];
  const needles: Needle[] = [];
  const seen = new Set<string>();
  for (const [key, english] of EN) {
    if (ES.get(key) === english) continue;
    const withInner = english.replace(/<(\w+)>([\s\S]*?)<\/\1>/g, '$2');
    const parts = withInner.split(/\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\w+\s*\/?>/);
    for (const part of parts) {
      const text = normalize(part).replace(/^[\s,.;:!?(–—-]+|[\s,;:(–—-]+$/g, '');
      if (!isSentence(text) || seen.has(text)) continue;
      seen.add(text);
      if (spanishTexts.some((s) => s.includes(text)) || DEMO_NAMES.has(text)) continue;
      needles.push({ key, text });
    }
  }
  return needles;
}

const NEEDLES = englishNeedles();

/**
 * Records the server wrote and keeps as written, left out of the scan: the audit log's
 * entries (their summaries and actors' names, as the server stored them), and a placement's
 * agreement, the district's own document in the words of its template (English unless the
 * district wrote it otherwise), frozen as the parties sign it.
 */
const SERVER_RECORDS = '[data-testid="audit-entry"], [data-testid="agreement-text"]';

/** The visible text of the page: the title, body text, and visible labels, placeholders, titles and alts. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate((records) => {
    let body = document.body.innerText;
    for (const record of Array.from(document.querySelectorAll<HTMLElement>(records))) body = body.replace(record.innerText, ' ');
    const parts = [document.title, body];
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], img[alt], [aria-roledescription]'))) {
      if (!el.checkVisibility({ checkVisibilityCSS: true }) || el.closest(records)) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt', 'aria-roledescription']) {
        const value = el.getAttribute(attr);
        if (value) parts.push(value);
      }
    }
    return parts.join('\n');
  }, SERVER_RECORDS);
}

/** The English catalogue texts found on the page, as 'ns:key: "text"'. */
async function englishOnPage(page: Page): Promise<string[]> {
  const text = normalize(await visibleText(page));
  return NEEDLES.filter((n) => containsWords(text, n.text)).map((n) => `${n.key}: "${n.text}"`);
}

export const NARROW = { width: 320, height: 568 };

/**
 * What does not fit 320 px: the page's width, and any visible button, tab, menu item or badge
 * whose text runs past its box or out of the viewport (unless it sits in a row that scrolls
 * sideways on purpose, or its text is cut with an ellipsis on purpose).
 */
async function overflowAt320(page: Page): Promise<string[]> {
  const found: string[] = [];
  const width = await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 })
    .toBeLessThanOrEqual(NARROW.width)
    .then(() => null)
    .catch(() => page.evaluate(() => document.documentElement.scrollWidth));
  if (width !== null) found.push(`the page is ${width} px wide`);
  const boxes = await page.evaluate((viewport) => {
    const out: string[] = [];
    const selector = [
      'button',
      '[role="button"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="radio"]',
      'a[class*="rounded-full"]',
      'span[class*="rounded-full"][class*="border"]',
      '[data-testid*="badge"]',
    ].join(', ');
    const scrollsSideways = (el: Element): boolean => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const x = getComputedStyle(up).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    // Its own text, not a count pinned on its corner (an absolutely placed child) nor an
    // ellipsis it cuts on purpose.
    const textPastBox = (el: HTMLElement): boolean => {
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') return false;
      const box = el.getBoundingClientRect();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        let pinned = false;
        for (let up = node.parentElement; up && up !== el; up = up.parentElement) {
          const position = getComputedStyle(up).position;
          if (position === 'absolute' || position === 'fixed') pinned = true;
        }
        if (pinned) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) {
          if (rect.width > 0 && (rect.right > box.right + 1 || rect.left < box.left - 1)) return true;
        }
      }
      return false;
    };
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!el.checkVisibility({ checkVisibilityCSS: true, checkOpacity: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      const label = (el.innerText || el.getAttribute('aria-label') || el.tagName).replace(/\s+/g, ' ').trim().slice(0, 80);
      if (el.scrollWidth > el.clientWidth + 1 && textPastBox(el)) {
        out.push(`"${label}" runs past its box (${el.scrollWidth} > ${el.clientWidth} px)`);
      } else if ((r.right > viewport + 1 || r.left < -1) && !scrollsSideways(el)) {
        out.push(`"${label}" is outside the screen (${Math.round(r.left)}..${Math.round(r.right)} px)`);
      }
    }
    return out;
  }, NARROW.width);
  return [...found, ...boxes];
}

/**
 * One screen at a time, in Spanish: `<html lang="es">`, no English catalogue sentence on it
 * (at the test's viewport and at 320x568), axe-clean, and fitting 320 px. Findings of all the
 * screens are reported together at the end.
 */
export class SpanishAudit {
  readonly axe: AxeAudit;
  private readonly english: Record<string, string[]> = {};
  private readonly lang: Record<string, string> = {};
  private readonly narrow: Record<string, string[]> = {};
  private screens = 0;

  constructor(private readonly page: Page) {
    this.axe = new AxeAudit(page);
  }

  /** Check the screen as it is (`narrow: false` leaves out the 320 px pass, for the wide layouts). */
  async check(where: string, { narrow = true }: { narrow?: boolean } = {}): Promise<void> {
    const page = this.page;
    this.screens += 1;
    // The screens' 'Loading ...' statuses, in either language, before anything is read.
    await expect(page.getByText(/^(?:Cargando|Loading)\b/))
      .toHaveCount(0, { timeout: 8_000 })
      .catch(() => undefined);
    await this.axe.scan(where);
    const lang = await page.evaluate(() => document.documentElement.lang);
    if (lang !== 'es') this.lang[where] = lang;
    const english = new Set(await englishOnPage(page));
    if (narrow) {
      const size = page.viewportSize();
      await page.setViewportSize(NARROW);
      const overflow = await overflowAt320(page);
      if (overflow.length > 0) this.narrow[where] = overflow;
      for (const found of await englishOnPage(page)) english.add(found);
      if (size) await page.setViewportSize(size);
    }
    if (english.size > 0) this.english[where] = [...english];
  }

  get checked(): number {
    return this.screens;
  }

  /** Fails listing every screen's English, missing lang, overflow and axe findings. */
  expectClean(): void {
    const problems: Record<string, unknown> = {};
    if (Object.keys(this.english).length > 0) problems['English catalogue texts on Spanish screens'] = this.english;
    if (Object.keys(this.lang).length > 0) problems['<html lang> is not "es"'] = this.lang;
    if (Object.keys(this.narrow).length > 0) problems['does not fit 320 px'] = this.narrow;
    expect.soft(problems, `Spanish screens:\n${JSON.stringify(problems, null, 2)}`).toEqual({});
    this.axe.expectClean();
  }
}
