import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { routeTableWithoutSchemas } from './scripts/route-table-plugin.ts';
import { installableApp } from './scripts/pwa-plugin.ts';

const server = process.env.COWCARE_SERVER ?? 'http://localhost:4499';

export default defineConfig({
  plugins: [react(), routeTableWithoutSchemas(), installableApp()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/check-bundle-budget.ts (issue 39): which chunks each page loads before it draws.
    manifest: true,
    rolldownOptions: {
      // TypeBox's `Type.Object(…)` and the like only build schema objects: a schema module's constants the
      // web does not use (ErrorBody beside ERROR_CODES) are dropped, and TypeBox with them.
      treeshake: { manualPureFunctions: ['Type'] },
    },
  },
  server: {
    // `vite dev` talks to the real server: the API and the sockets (/socket, /socket/support, /chat/:id) are proxied.
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket': { target: server.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
      '^/chat/\\d+': { target: server.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Form tests type field by field, a render per key; on a busy two-core runner that passed 5 s. The limit
    // is there to stop a hung test, not to time one (speed lives in bench/).
    testTimeout: 20_000,
    // Files in a worker share its loaded modules (Mantine, React, the catalogues) instead of importing them
    // again for each of 77 files: 130 s instead of 340 s on CI's machine. src/test/setup.ts clears what a
    // test leaves behind (the DOM, notifications, storage, stubs, the session).
    isolate: false,
  },
});
