// Writes each first screen's frame into its page, in every language (ui/README.md, "First
// paint"): screen-<name>.html (English) and screen-<name>.<lang>.html (and index.<lang>.html
// for every other route), with the title and
// description of that language's catalogue (common.json, `app`), their #root holding
// the screen as src/screens/frames.tsx renders it with react-dom/server. The browser paints
// it as the HTML arrives, before any script has run; the app's first render replaces it.
// The frame is `inert` until then: nothing in it can be clicked, focused or read out while
// the live screen is on its way.
//
// Usage: node scripts/prerender.mjs [build dir, default ../dist] (after `vite build`).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const ui = fileURLToPath(new URL('..', import.meta.url));
const root = process.argv[2] ?? join(ui, '..', 'dist');
// Inside ui/ so Node resolves react-dom and the rest from ui/node_modules.
const out = join(ui, 'node_modules', '.prerender');

await build({
  configFile: false,
  root: ui,
  logLevel: 'error',
  plugins: [react()],
  resolve: { alias: [{ find: /^@\//, replacement: `${join(ui, 'src')}/` }] },
  build: { ssr: 'src/screens/frames.tsx', outDir: out, emptyOutDir: true, minify: false },
});

const { renderFrames } = await import(pathToFileURL(join(out, 'frames.js')).href);

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** The page's title and description in `language`, from its `common` catalogue's `app`. */
function head(page, language) {
  const { title, description } = JSON.parse(readFileSync(join(ui, 'src', 'locales', language, 'common.json'), 'utf8')).app;
  const TITLE = /<title>[^<]*<\/title>/;
  const DESCRIPTION = /<meta name="description" content="[^"]*" \/>/;
  if (!TITLE.test(page) || !DESCRIPTION.test(page)) throw new Error('prerender: a page without its <title> or description');
  return page
    .replace(TITLE, `<title>${escapeHtml(title)}</title>`)
    .replace(DESCRIPTION, `<meta name="description" content="${escapeHtml(description)}" />`);
}
const EMPTY_ROOT = '<div id="root"></div>';
const frames = await renderFrames();
// Every page is made from the screen's page as Vite wrote it, read before any is written.
const templates = new Map(frames.map(({ screen }) => [screen, readFileSync(join(root, `screen-${screen}.html`), 'utf8')]));
for (const { screen, language, html } of frames) {
  const page = templates.get(screen);
  if (!page.includes(EMPTY_ROOT)) throw new Error(`prerender: screen-${screen}.html has no empty ${EMPTY_ROOT}`);
  const framed = head(page, language)
    .replace(EMPTY_ROOT, `<div id="root"><div inert data-first-paint>${html}</div></div>`)
    .replace('<html lang="en">', `<html lang="${language}">`);
  writeFileSync(join(root, language === 'en' ? `screen-${screen}.html` : `screen-${screen}.${language}.html`), framed);
}
// Every other route's page (index.html) in each other language too, with that language's title,
// description and <html lang> (its #root stays empty: the app renders it): index.<lang>.html,
// which the server sends a reader of that language (src/http/first_screen.rs).
const index = readFileSync(join(root, 'index.html'), 'utf8');
const others = [...new Set(frames.map(({ language }) => language))].filter((language) => language !== 'en');
for (const language of others) {
  writeFileSync(join(root, `index.${language}.html`), head(index, language).replace('<html lang="en">', `<html lang="${language}">`));
}
rmSync(out, { recursive: true, force: true });
console.log(`prerender: ${frames.length} first-screen pages framed, ${others.length} other-language index pages`);
