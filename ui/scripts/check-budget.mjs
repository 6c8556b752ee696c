// The first screen's weight on the wire (issue #35): what a phone downloads before a first
// screen paints, brotli-compressed (quality 11, as scripts/precompress.mjs writes the .br
// copies the server sends). Fails (exit 1) when a screen is over the budget, so
// `npm run build`, hence `cargo build` and `./test`, fail too.
//
// The first screens are the pages the server sends on their routes (vite.config.ts,
// screenPages: the feed, the landing page, browse, external jobs): each screen-<name>.html with
// every script and stylesheet it names (its entry, the modulepreloads of everything that entry
// imports, the CSS, registerSW.js). English is bundled with the code, so no catalogue chunk is
// fetched. What loads after the first paint (dialogs, the bells, other routes, another
// language's catalogues) is not counted.
//
// Usage: node scripts/check-budget.mjs [build dir, default ../dist]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

export const BUDGET_BYTES = 125 * 1024;
/**
 * The screens held to the budget: the student's feed and the visitor's landing page, the two
 * every phone opens. Browse and external jobs are weighed and printed: their screens import
 * the feed's card parts and the report dialog, which they render on their first screen.
 */
const BUDGETED = new Set(['feed', 'landing']);

const root = process.argv[2] ?? new URL('../../dist', import.meta.url).pathname;
const pages = readdirSync(root)
  .filter((file) => /^screen-[\w-]+\.html$/.test(file))
  .sort();
if (pages.length === 0) {
  console.error(`check-budget: no screen-*.html in ${root} (vite.config.ts, screenPages)`);
  process.exit(1);
}

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

/** Scripts and stylesheets a page names itself (same origin, so in the build). */
function htmlAssets(html) {
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

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const pad = (s, n) => String(s).padStart(n);

const results = [];
for (const page of pages) {
  const files = new Set([page, ...htmlAssets(readFileSync(join(root, page), 'utf8'))]);
  const rows = [...files].map((file) => ({ file, ...sizes(file) })).sort((a, b) => b.br - a.br);
  const raw = rows.reduce((n, r) => n + r.raw, 0);
  const br = rows.reduce((n, r) => n + r.br, 0);
  results.push({ name: page.replace(/^screen-|\.html$/g, ''), rows, raw, br });
}

for (const { name, rows, raw, br } of results) {
  console.log(`\nfirst screen, ${name}: ${rows.length} files`);
  console.log(`${'file'.padEnd(56)} ${pad('raw', 9)} ${pad('brotli', 9)}`);
  for (const r of rows) console.log(`${r.file.padEnd(56)} ${pad(r.raw, 9)} ${pad(r.br, 9)}`);
  console.log(`${'total'.padEnd(56)} ${pad(raw, 9)} ${pad(br, 9)}  (${kb(br)} of ${kb(BUDGET_BYTES)})`);
}

const over = results.filter((r) => BUDGETED.has(r.name) && r.br > BUDGET_BYTES);
const summary = results.map((r) => `${r.name} ${r.br} B (${kb(r.br)})${BUDGETED.has(r.name) ? '' : ', not budgeted'}`).join(', ');
console.log(`\nfirst-screen budget ${BUDGET_BYTES} B brotli: ${summary}`);
if (over.length > 0) {
  console.error(`check-budget: over budget: ${over.map((r) => `${r.name} by ${r.br - BUDGET_BYTES} B`).join(', ')}`);
  process.exit(1);
}
