import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = process.env.COWCARE_SERVER ?? 'http://localhost:4499';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
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
    include: ['src/**/*.test.{ts,tsx}'],
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
