import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// The UI's unit tests (`npm run test:unit`, run by ./test): src/**/*.test.ts(x), in happy-dom.
// The browser suite (e2e/, Playwright) covers the screens end to end.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: [{ find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` }] },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
