import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Rust server embeds the built UI from the repository's top-level dist/.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
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
