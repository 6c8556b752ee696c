// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, so
// the server sends the smallest one a browser accepts without compressing on each request.
// Usage: node scripts/precompress.mjs [build dir, default ../dist]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? new URL('../../dist', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
// Below this the headers outweigh the saving.
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    // .vite/ holds the build manifest (scripts/check-budget.mjs reads it), never sent to a browser.
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const data = readFileSync(path);
    if (data.length < MIN_BYTES) continue;
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = gzipSync(data, { level: 9 });
    // A copy no smaller than the original is not worth sending.
    if (br.length < data.length) writeFileSync(`${path}.br`, br);
    if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
    files += 1;
    before += data.length;
    after += br.length;
  }
}
walk(root);
console.log(`precompressed ${files} files: ${Math.round(before / 1024)} KB, ${Math.round(after / 1024)} KB as brotli`);
