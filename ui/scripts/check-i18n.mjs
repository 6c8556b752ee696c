// The catalogues' check (issue #36), run by `npm run check:i18n` and `npm run lint`:
//
// - every src/locales/<lang>/<ns>.json parses, and is an object of strings (nested objects allowed);
// - the languages of src/lib/i18n/languages.ts and the folders of src/locales/ are the same;
// - every namespace is listed in src/lib/i18n/resources.ts (its keys are then type-checked);
// - every language has the same namespaces and keys as English; a plural key (`key_one`,
//   `key_other`...) has exactly the CLDR forms its language needs (Intl.PluralRules: Spanish
//   also `_many`), `_zero` being optional everywhere;
// - each key's placeholders ({{name}}, `$t(...)` nestings and <tag> markers) are the same in
//   every language (for a plural key: the union over its forms).
//
// Usage: node scripts/check-i18n.mjs [locales dir]. Exit 1 with one line per problem.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ui = new URL('..', import.meta.url).pathname;
const root = process.argv[2] ?? join(ui, 'src/locales');
const BASE = 'en';
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const PLURAL_RE = new RegExp(`^(.+)_(${PLURAL_FORMS.join('|')})$`);

const problems = [];
const problem = (text) => problems.push(text);

/** `{ a: { b: 'x' } }` -> Map { 'a.b' => 'x' }; anything but strings and objects is a problem. */
function flatten(value, file, prefix = '', out = new Map()) {
  for (const [key, item] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof item === 'string') {
      if (!item.trim()) problem(`${file}: "${path}" is empty`);
      out.set(path, item);
    } else if (item && typeof item === 'object' && !Array.isArray(item)) {
      flatten(item, file, path, out);
    } else {
      problem(`${file}: "${path}" must be a string or an object of strings`);
    }
  }
  return out;
}

/** Placeholders of a text: {{name}} (format stripped), $t(nested) and <0>/<tag> markers. */
function placeholders(text) {
  const found = new Set();
  for (const m of text.matchAll(/\{\{\s*-?\s*([^},\s]+)[^}]*\}\}/g)) found.add(`{{${m[1]}}}`);
  for (const m of text.matchAll(/\$t\(([^),]+)/g)) found.add(`$t(${m[1].trim()})`);
  for (const m of text.matchAll(/<\/?([A-Za-z0-9]+)\s*\/?>/g)) found.add(`<${m[1]}>`);
  return found;
}

/** Groups a namespace's keys: plain keys, and plural bases with their forms. */
function group(entries) {
  const plain = new Map();
  const plurals = new Map();
  for (const [key, text] of entries) {
    const m = PLURAL_RE.exec(key);
    if (m) {
      if (!plurals.has(m[1])) plurals.set(m[1], new Map());
      plurals.get(m[1]).set(m[2], text);
    } else {
      plain.set(key, text);
    }
  }
  return { plain, plurals };
}

const union = (texts) => new Set([...texts].flatMap((t) => [...placeholders(t)]));
const same = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));
const show = (set) => (set.size ? [...set].sort().join(' ') : '(none)');

if (!existsSync(root)) {
  console.error(`check-i18n: ${root} does not exist`);
  process.exit(1);
}

// Load every catalogue.
const catalogues = new Map(); // lang -> ns -> Map(key -> text)
for (const lang of readdirSync(root).sort()) {
  const dir = join(root, lang);
  if (!statSync(dir).isDirectory()) continue;
  const namespaces = new Map();
  for (const name of readdirSync(dir).sort()) {
    const file = `src/locales/${lang}/${name}`;
    if (!name.endsWith('.json')) {
      problem(`${file}: only <namespace>.json files belong in a language folder`);
      continue;
    }
    let data;
    try {
      data = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch (error) {
      problem(`${file}: malformed JSON (${error.message})`);
      continue;
    }
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      problem(`${file}: must hold a JSON object`);
      continue;
    }
    namespaces.set(name.slice(0, -'.json'.length), flatten(data, file));
  }
  catalogues.set(lang, namespaces);
}

// The one list of languages against the folders.
const languagesFile = join(ui, 'src/lib/i18n/languages.ts');
const listed = [...readFileSync(languagesFile, 'utf8').matchAll(/code:\s*'([^']+)'/g)].map((m) => m[1]);
for (const lang of listed)
  if (!catalogues.has(lang)) problem(`src/lib/i18n/languages.ts lists '${lang}' but src/locales/${lang}/ is missing`);
for (const lang of catalogues.keys())
  if (!listed.includes(lang)) problem(`src/locales/${lang}/ is not listed in src/lib/i18n/languages.ts`);

const base = catalogues.get(BASE);
if (!base) {
  problem(`src/locales/${BASE}/ (the reference catalogue) is missing`);
} else {
  // Every namespace is typed.
  const resources = readFileSync(join(ui, 'src/lib/i18n/resources.ts'), 'utf8');
  for (const ns of base.keys()) {
    if (!resources.includes(`@/locales/en/${ns}.json'`))
      problem(`src/lib/i18n/resources.ts: namespace '${ns}' is not listed (add its line)`);
  }

  for (const [lang, namespaces] of catalogues) {
    const forms = new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);
    for (const ns of new Set([...base.keys(), ...namespaces.keys()])) {
      const where = `src/locales/${lang}/${ns}.json`;
      if (!base.has(ns)) {
        problem(`${where}: no such namespace in English (src/locales/${BASE}/${ns}.json)`);
        continue;
      }
      if (!namespaces.has(ns)) {
        if (lang !== BASE) problem(`${where}: missing (English has this namespace)`);
        continue;
      }
      const ref = group(base.get(ns));
      const own = group(namespaces.get(ns));

      // Plural forms this language needs, in its own catalogue (English included).
      for (const [key, have] of own.plurals) {
        for (const form of forms)
          if (!have.has(form)) problem(`${where}: "${key}_${form}" is missing (${lang} plurals need ${[...forms].join(', ')})`);
        for (const form of have.keys()) {
          if (form !== 'zero' && !forms.has(form)) problem(`${where}: "${key}_${form}" is not a plural form of ${lang}`);
        }
      }
      if (lang === BASE) continue;

      for (const key of ref.plain.keys()) if (!own.plain.has(key)) problem(`${where}: "${key}" is missing`);
      for (const key of own.plain.keys()) if (!ref.plain.has(key)) problem(`${where}: "${key}" is not in English`);
      for (const key of ref.plurals.keys()) if (!own.plurals.has(key)) problem(`${where}: plural "${key}_*" is missing`);
      for (const key of own.plurals.keys()) if (!ref.plurals.has(key)) problem(`${where}: plural "${key}_*" is not in English`);

      for (const [key, text] of ref.plain) {
        const mine = own.plain.get(key);
        if (mine === undefined) continue;
        const a = placeholders(text);
        const b = placeholders(mine);
        if (!same(a, b)) problem(`${where}: "${key}" has ${show(b)}, English has ${show(a)}`);
      }
      for (const [key, texts] of ref.plurals) {
        const mine = own.plurals.get(key);
        if (!mine) continue;
        const a = union(texts.values());
        const b = union(mine.values());
        // {{count}} may be spelled out in a form ("un", "1"), so it is not required in each.
        a.delete('{{count}}');
        b.delete('{{count}}');
        if (!same(a, b)) problem(`${where}: plural "${key}_*" has ${show(b)}, English has ${show(a)}`);
      }
    }
  }
}

if (problems.length > 0) {
  for (const line of problems) console.error(`check-i18n: ${line}`);
  console.error(`check-i18n: ${problems.length} problem(s)`);
  process.exit(1);
}
const keys = [...catalogues.values()].reduce((n, nss) => n + [...nss.values()].reduce((m, keys) => m + keys.size, 0), 0);
console.log(`check-i18n: ${catalogues.size} languages, ${base.size} namespaces, ${keys} texts: OK`);
