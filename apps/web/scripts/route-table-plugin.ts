// Issue 39: the contract's route table carries every route's TypeBox schemas (the server validates with
// them); with TypeBox itself that was some 38 kB of gzip in every page's first load, and the client reads
// none of it: a call needs the method, the path and whether it takes a token. In the web build and in the
// app's modules under test, `@cowcare/contract/api` is this table with only those three, made from the
// real one at build time; test files themselves keep the real one. Types still come from the contract. A
// web module that needs a body's rules for a form imports that route from its own module
// (`@cowcare/contract/routes/auth`), in its own chunk.
import type { Plugin } from 'vite';

const VIRTUAL_ID = '\0cowcare-route-table';
/** What the client reads of a route (api-client.ts); schemas, summaries and the server's flags stay out. */
export const CLIENT_PARTS = ['method', 'path', 'access'] as const;

type Table = Record<string, Record<string, Record<string, unknown>>>;

/** The route table with only what the client reads of each route. */
export function withoutSchemas(api: Table): Table {
  return Object.fromEntries(
    Object.entries(api).map(([area, routes]) => [
      area,
      Object.fromEntries(
        Object.entries(routes).map(([name, route]) => [
          name,
          Object.fromEntries(
            Object.entries(route).filter(([part]) => (CLIENT_PARTS as readonly string[]).includes(part)),
          ),
        ]),
      ),
    ]),
  );
}

export function routeTableWithoutSchemas(): Plugin {
  return {
    name: 'cowcare-route-table-without-schemas',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@cowcare/contract/api') return null;
      // The contract's own modules keep the real table (none of them is in the web build today), and so do
      // tests, which check the client against the schemas (field-labels.test.ts).
      if (importer?.includes('/packages/contract/') || /\.test\.tsx?$/.test(importer ?? '')) return null;
      return VIRTUAL_ID;
    },
    async load(id) {
      if (id !== VIRTUAL_ID) return null;
      // The contract is TypeScript; tsx (the repository's runner) loads it in this Node process.
      const { tsImport } = await import('tsx/esm/api');
      const contract = (await tsImport('@cowcare/contract/api', import.meta.url)) as { api: Table };
      return `export const api = ${JSON.stringify(withoutSchemas(contract.api))};\n`;
    },
  };
}
