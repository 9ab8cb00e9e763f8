// Vitest global setup: one fresh PGlite cluster, dumped to a file that every test database starts from.
// initdb in WebAssembly is most of a PGlite's start (about 2 s of the 2.5 s on the 2-core CI machine); the
// server suite opens some 140 of them. The dump is an empty cluster (no migrations), so each test database
// is as fresh as one made from scratch.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE === 'postgres') {
    project.provide('pgliteTemplate', '');
    return async () => {};
  }
  const directory = await mkdtemp(path.join(tmpdir(), 'cowcare-pglite-template-'));
  const file = path.join(directory, 'fresh-cluster.tar');
  const cluster = await PGlite.create();
  await writeFile(file, Buffer.from(await (await cluster.dumpDataDir('none')).arrayBuffer()));
  await cluster.close();
  project.provide('pgliteTemplate', file);
  return () => rm(directory, { recursive: true, force: true });
}
