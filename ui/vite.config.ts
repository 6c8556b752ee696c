import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Paths the server answers itself: a navigation there must reach the server, never the
 * cached app shell (the /api/login redirect, video and image files, the WebSocket).
 */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/videos\//, /^\/images\//];

/** Each first screen's roots: the app's entry and the route chunks it renders (scripts/first-screen.json). */
const FIRST_SCREENS: string[][] = Object.values<string[]>(
  JSON.parse(readFileSync(new URL('./scripts/first-screen.json', import.meta.url), 'utf8')).screens,
).map((chunks) => ['src/main.tsx', ...chunks].map((path) => fileURLToPath(new URL(`./${path}`, import.meta.url))));

const LUCIDE = /node_modules[\\/]lucide-react[\\/]/;

/**
 * `import { Heart, X as Close } from 'lucide-react'` becomes one import per icon file
 * (`lucide-react/dist/esm/icons/heart.mjs`) in the build, so the module graph says which screen
 * draws which icon (through the package's index every module would import all 1,700 of them)
 * and `iconChunk` can keep the first screens' icons apart. Types and non-icon exports stay.
 */
function lucideIconImports(): Plugin {
  const index = fileURLToPath(new URL('./node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url));
  const files = new Map<string, string>();
  for (const [, names, file] of readFileSync(index, 'utf8').matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    for (const name of names.matchAll(/default as (\w+)/g)) files.set(name[1], file);
  }
  return {
    name: 'internreel:lucide-icon-imports',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]src[\\/].*\.tsx?$/, code: 'lucide-react' },
      handler(code) {
        return code.replace(/import \{([^}]*)\} from 'lucide-react';/g, (_statement, list: string) => {
          const kept: string[] = [];
          const icons: string[] = [];
          for (const spec of list
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)) {
            const [name, local = name] = spec.split(/\s+as\s+/);
            const file = files.get(name);
            if (file && !name.startsWith('type ')) icons.push(`import ${local} from 'lucide-react/dist/esm/icons/${file}.mjs';`);
            else kept.push(spec);
          }
          // Only types left: an `import type`, which leaves no import of the index behind.
          const typesOnly = kept.every((spec) => spec.startsWith('type '));
          const rest = typesOnly ? kept.map((spec) => spec.slice('type '.length)) : kept;
          if (rest.length > 0) icons.push(`import ${typesOnly ? 'type ' : ''}{ ${rest.join(', ')} } from 'lucide-react';`);
          return icons.join(' ');
        });
      },
    },
  };
}

/**
 * The modules the first screens import statically: those of any of them (their icons go to a chunk
 * of their own) and those every one of them needs (one chunk with the entry: one request, and
 * better compressed than a dozen small shared chunks). Found once the module graph is complete,
 * before the chunks are made.
 */
const firstScreen = { any: new Set<string>(), every: new Set<string>(), chunkOf: new Map<string, string>() };
function findFirstScreenModules(): Plugin {
  return {
    name: 'internreel:first-screen-modules',
    apply: 'build',
    buildEnd() {
      const reach = (roots: string[]) => {
        const seen = new Set<string>();
        const queue = roots.filter((root) => this.getModuleInfo(root));
        while (queue.length > 0) {
          const next = queue.pop()!;
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(...(this.getModuleInfo(next)?.importedIds ?? []));
        }
        return seen;
      };
      const screens = FIRST_SCREENS.map(reach);
      firstScreen.any = new Set(screens.flatMap((screen) => [...screen]));
      firstScreen.every = new Set([...screens[0]].filter((id) => screens.every((screen) => screen.has(id))));
      // The rest by the screens that need it: 'first-landing' (the visitor's), 'first-job-feed' (the student's).
      firstScreen.chunkOf.clear();
      // The screens' own route modules keep chunks of their own (Vite's manifest names them by
      // source file: scripts/check-budget.mjs looks them up there).
      const routes = new Set(FIRST_SCREENS.flatMap((roots) => roots.slice(1)));
      for (const id of routes) firstScreen.every.delete(id);
      for (const id of firstScreen.any) {
        if (firstScreen.every.has(id) || routes.has(id)) continue;
        const names = FIRST_SCREENS.filter((_, i) => screens[i].has(id)).map((roots) =>
          basename(roots[roots.length - 1]).replace(/(-page)?\.tsx?$/, ''),
        );
        firstScreen.chunkOf.set(id, `first-${[...new Set(names)].join('-')}`);
      }
    },
  };
}

/** The first screens with an entry of their own (src/screens/<name>.tsx), sent by the server on their routes. */
const SCREEN_ENTRIES = ['feed', 'landing', 'browse', 'external-jobs'];
const ENTRY_MODULES = new Set(
  ['src/main.tsx', ...SCREEN_ENTRIES.map((name) => `src/screens/${name}.tsx`)].map((path) =>
    fileURLToPath(new URL(`./${path}`, import.meta.url)),
  ),
);

/**
 * `screen-<name>.html` beside index.html for each first screen's entry: index.html with its
 * scripts, modulepreloads and stylesheets replaced by the entry's. scripts/prerender.mjs then
 * writes the screen's frame into its #root, so the browser paints before the script has run.
 */
function screenPages(): Plugin {
  const ownTag =
    /<(?:script type="module"|link rel="(?:modulepreload|stylesheet)")[^>]*\b(?:src|href)="\/assets\/[^"]+"[^>]*>(?:<\/script>)?\s*/g;
  return {
    name: 'internreel:screen-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('screen-pages: index.html is not in the bundle');
      const html = String(index.source);
      const at = html.search(ownTag);
      const bare = html.replace(ownTag, '');
      for (const name of SCREEN_ENTRIES) {
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === `screen-${name}`);
        if (!entry || entry.type !== 'chunk') throw new Error(`screen-pages: no entry chunk screen-${name}`);
        const chunks: string[] = [];
        const css = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || chunks.includes(fileName)) return;
          chunks.push(fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          chunk.imports.forEach(visit);
        };
        visit(entry.fileName);
        const tags = [
          `<script type="module" crossorigin src="/${entry.fileName}"></script>`,
          ...chunks.slice(1).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ].join('\n    ');
        this.emitFile({ type: 'asset', fileName: `screen-${name}.html`, source: `${bare.slice(0, at)}${tags}\n    ${bare.slice(at)}` });
      }
    },
  };
}

// The Rust server embeds the built UI from the repository's top-level dist/.
export default defineConfig({
  plugins: [
    // React's automatic JSX runtime, and fast refresh in `npm run dev`.
    react(),
    lucideIconImports(),
    findFirstScreenModules(),
    screenPages(),
    tailwindcss(),
    // Installable on a phone (#23): a web manifest, and a Workbox service worker that precaches
    // the app shell. API answers are never cached (no runtime caching at all): the app reads
    // live, per-user data, and personal answers are no-store.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      // A <script src="/registerSW.js"> (an inline script would break the CSP's script-src 'self').
      injectRegister: 'script-defer',
      // The icons are precached by globPatterns already (listed twice they would repeat).
      includeManifestIcons: false,
      manifest: {
        name: 'InternReel',
        short_name: 'InternReel',
        // One manifest for every reader (it is installed once, whatever the page's language):
        // the app's name and a description in each of its languages, no `lang` (undefined drops
        // the plugin's default 'en').
        description: 'Internships for high-school students, in short videos · Prácticas para estudiantes de preparatoria, en videos cortos',
        lang: undefined,
        start_url: '/job-feed',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#6d28d9',
        background_color: '#020618',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The precompressed copies are the server's business, not the cache's; so are the first
        // screens' pages, which the server sends with their data on their routes.
        globIgnores: ['**/*.br', '**/*.gz', 'screen-*.html'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [],
        // Web Push: the push and notificationclick handlers (public/push-sw.js).
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  resolve: {
    alias: [{ find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` }],
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // .vite/manifest.json: which files each route needs (scripts/check-budget.mjs weighs the first screen with it).
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports has <link rel=modulepreload>: no polyfill in the first screen.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // index.html (main.tsx: any route) and each first screen's own entry (screenPages).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        ...Object.fromEntries(
          SCREEN_ENTRIES.map((name) => [`screen-${name}`, fileURLToPath(new URL(`./src/screens/${name}.tsx`, import.meta.url))]),
        ),
      },
      // Libraries' "use client" lines mean nothing in a client-only bundle.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
        handler(level, log);
      },
      output: {
        // A language's catalogue (src/locales/<lang>/<ns>.json, loaded only when that language is
        // chosen) is named for what it is: assets/locale-es-common-<hash>.js.
        chunkFileNames: (chunk) => {
          const catalogue = /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return catalogue ? `assets/locale-${catalogue[1]}-${catalogue[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          groups: [
            // What every first screen needs (React, the router, i18next, TanStack Query, the
            // shared components and icons): one chunk beside the entry; what only the visitor's
            // or only the student's needs: one chunk each. One request each, and better compressed
            // than a dozen small shared chunks. First: a module goes to the first group that takes
            // it, with what it imports.
            // Not the entries themselves: each runs the app when imported.
            {
              name: 'app',
              test: (id) =>
                (firstScreen.every.has(id) && !ENTRY_MODULES.has(id)) || id.includes('rolldown:runtime') || id.includes('rolldown/runtime'),
            },
            { name: (id) => firstScreen.chunkOf.get(id) ?? null, test: (id) => firstScreen.chunkOf.has(id) },
            // Every other icon in one chunk (left to the automatic splitting, each icon shared by a
            // few screens became a chunk of its own, and a screen waited for a dozen 800-byte requests).
            { name: 'icons', test: LUCIDE },
          ],
        },
      },
    },
  },
  server: {
    // The Host header is passed through unchanged, so the server's same-origin checks (the
    // WebSocket handshake compares Origin with Host) accept the dev server's pages.
    proxy: {
      '/api': { target: 'http://127.0.0.1:18080' },
      '/ws': { target: 'http://127.0.0.1:18080', ws: true },
    },
  },
});
