import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { writeFileSync } from 'node:fs';
import { routeTableWithoutSchemas } from './scripts/route-table-plugin';
export default defineConfig({
  plugins: [react(), routeTableWithoutSchemas(), {
    name: 'analyze',
    generateBundle(_o, bundle) {
      const out: Record<string, Record<string, number>> = {};
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        out[file] = Object.fromEntries(Object.entries(chunk.modules).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm:').replace('/work/wt/perf/', ''), m.renderedLength]));
      }
      writeFileSync('/tmp/analyze.json', JSON.stringify(out));
    },
  }],
  build: { outDir: '/tmp/analyze-dist', emptyOutDir: true, manifest: true },
});
