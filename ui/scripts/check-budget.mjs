// The first screen's weight on the wire (issue #35): what a phone downloads before `/` paints for
// a visitor and before the job feed paints for a signed-in student, brotli-compressed (quality
// 11, as scripts/precompress.mjs writes the .br copies the server sends). Fails (exit 1) when a
// screen is over the budget, so `npm run build`, hence `cargo build` and `./test`, fail too.
//
// A screen is index.html, every script and stylesheet it names (the entry, its modulepreloads,
// the CSS, registerSW.js), and the lazy route chunks that screen renders with everything they
// import statically and their CSS (Vite's build manifest, dist/.vite/manifest.json). English is
// bundled with the code, so no catalogue chunk is fetched. What loads after the first paint
// (dialogs, the bells, other routes, another language's catalogues) is not counted.
//
// Usage: node scripts/check-budget.mjs [build dir, default ../dist]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

export const BUDGET_BYTES = 70 * 1024;

/** The lazy route chunks (manifest keys: their source files) each screen renders before it paints. */
const { screens } = JSON.parse(readFileSync(new URL('./first-screen.json', import.meta.url), 'utf8'));
const SCREENS = Object.entries(screens).map(([name, chunks]) => ({ name, chunks }));

const root = process.argv[2] ?? new URL('../../dist', import.meta.url).pathname;
const manifestPath = join(root, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`check-budget: ${manifestPath} is missing (vite.config.ts must keep build.manifest on)`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(join(root, 'index.html'), 'utf8');

const brotliSizes = new Map();
function sizes(file) {
  if (!brotliSizes.has(file)) {
    const data = readFileSync(join(root, file));
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    brotliSizes.set(file, { raw: data.length, br: br.length });
  }
  return brotliSizes.get(file);
}

/** Scripts and stylesheets index.html names itself (same origin, so in the build). */
function htmlAssets() {
  const files = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const attrs = tag[0];
    const url = /\b(?:src|href)="\/([^"?#]+)"/.exec(attrs)?.[1];
    if (!url) continue;
    const isScript = tag[1] === 'script';
    const rel = /\brel="([^"]+)"/.exec(attrs)?.[1] ?? '';
    if (isScript || rel === 'modulepreload' || rel === 'stylesheet') files.push(url);
  }
  return files;
}

/** A manifest entry's file, its static imports' files (recursively) and their CSS. */
function chunkFiles(key, into, seen = new Set()) {
  if (seen.has(key)) return into;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) {
    // Bundled into the entry (no chunk of its own), else a file that is gone.
    if (existsSync(new URL(`../${key}`, import.meta.url))) return into;
    throw new Error(`check-budget: ${key} is neither in the build manifest nor in ui/ (update scripts/first-screen.json)`);
  }
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, into, seen);
  return into;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const pad = (s, n) => String(s).padStart(n);

const base = ['index.html', ...htmlAssets()];
const results = [];
for (const screen of SCREENS) {
  const files = new Set(base);
  for (const key of screen.chunks) chunkFiles(key, files);
  const rows = [...files].map((file) => ({ file, ...sizes(file) })).sort((a, b) => b.br - a.br);
  const raw = rows.reduce((n, r) => n + r.raw, 0);
  const br = rows.reduce((n, r) => n + r.br, 0);
  results.push({ ...screen, rows, raw, br });
}

for (const { name, rows, raw, br } of results) {
  console.log(`\nfirst screen, ${name}: ${rows.length} files`);
  console.log(`${'file'.padEnd(56)} ${pad('raw', 9)} ${pad('brotli', 9)}`);
  for (const r of rows) console.log(`${r.file.padEnd(56)} ${pad(r.raw, 9)} ${pad(r.br, 9)}`);
  console.log(`${'total'.padEnd(56)} ${pad(raw, 9)} ${pad(br, 9)}  (${kb(br)} of ${kb(BUDGET_BYTES)})`);
}

const over = results.filter((r) => r.br > BUDGET_BYTES);
const summary = results.map((r) => `${r.name} ${r.br} B (${kb(r.br)})`).join(', ');
console.log(`\nfirst-screen budget ${BUDGET_BYTES} B brotli: ${summary}`);
if (over.length > 0) {
  console.error(`check-budget: over budget: ${over.map((r) => `${r.name} by ${r.br - BUDGET_BYTES} B`).join(', ')}`);
  process.exit(1);
}
