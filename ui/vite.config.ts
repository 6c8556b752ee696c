import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Paths the server answers itself: a navigation there must reach the server, never the
 * cached app shell (the /api/login redirect, video and image files, the WebSocket).
 */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/videos\//, /^\/images\//];

// The Rust server embeds the built UI from the repository's top-level dist/.
export default defineConfig({
  plugins: [
    react(),
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
        description: 'Internships for high-school students, shown as short vertical videos.',
        lang: 'en',
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
        // The precompressed copies are the server's business, not the cache's.
        globIgnores: ['**/*.br', '**/*.gz'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [],
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // A language's catalogue (src/locales/<lang>/<ns>.json, loaded only when that language is
        // chosen) is named for what it is: assets/locale-es-common-<hash>.js.
        chunkFileNames: (chunk) => {
          const catalogue = /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return catalogue ? `assets/locale-${catalogue[1]}-${catalogue[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          // Icons are shared by many lazily loaded screens: left to the automatic splitting,
          // each became a chunk of its own (a screen waited for a dozen 800-byte requests).
          groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ }],
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
