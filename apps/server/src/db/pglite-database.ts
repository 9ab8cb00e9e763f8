import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database, Queryable } from './database';
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock';
import type {
  PgliteErrorData,
  PgliteRequest,
  PgliteResponse,
  PgliteWorkerData,
} from './pglite-worker-protocol';

/** Distributes a union over its members, so each request kind keeps its own fields without its id. */
type WithoutId<Request> = Request extends unknown ? Omit<Request, 'id'> : never;

/** A PostgreSQL error from the worker, with the fields the server reads (`code`, `constraint`, …). */
const errorOf = ({ message, fields }: PgliteErrorData): Error => Object.assign(new Error(message), fields);

/**
 * The worker is TypeScript like the rest of the server, so it starts from two lines that let tsx compile it
 * in that thread: Node 20 gives a worker none of the module loaders registered here (nor those of vitest).
 * tsx's CommonJS hook is the one that works inside a worker on Node 20.
 */
const workerSource = () => {
  const require = createRequire(import.meta.url);
  const tsx = require.resolve('tsx/cjs/api');
  const worker = fileURLToPath(new URL('./pglite-worker.ts', import.meta.url));
  return `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(worker)});`;
};

/** The thread that owns PGlite, asked by numbered requests and answering each once. */
const startWorker = async (dataDir: string | undefined) => {
  const worker = new Worker(workerSource(), {
    eval: true,
    workerData: { dataDir } satisfies PgliteWorkerData,
  });
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | undefined;
  const failAll = (error: Error) => {
    failure = error;
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (response: PgliteResponse) => {
    const request = waiting.get(response.id);
    if (!request) return;
    waiting.delete(response.id);
    if (response.ok) request.resolve(response.rows ?? []);
    else request.reject(errorOf(response.error));
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The PGlite worker stopped (exit code ${code})`)));

  const ask = (request: WithoutId<PgliteRequest>): Promise<unknown[]> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return { ask, terminate: () => worker.terminate() };
};

const queryableOf = (
  ask: (request: WithoutId<PgliteRequest>) => Promise<unknown[]>,
  transactionId?: number,
): Queryable => ({
  async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
    return (await ask({ kind: 'query', sql, params, transactionId })) as Row[];
  },
  async execScript(sql: string) {
    await ask({ kind: 'exec', sql, transactionId });
  },
});

/**
 * PGlite in a data directory, or in memory when `dataDir` is undefined (tests), on a worker thread of its
 * own (`pglite-worker.ts` says why). The directory lock stays on this thread: it belongs to the process.
 */
export const openPgliteDatabase = async (dataDir: string | undefined): Promise<Database> => {
  const lock: DirectoryLock | undefined = dataDir ? acquireDirectoryLock(dataDir) : undefined;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  try {
    worker = await startWorker(dataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const { ask } = worker;
  let nextTransactionId = 1;
  return {
    kind: 'pglite',
    ...queryableOf(ask),
    async transaction(work) {
      const transactionId = nextTransactionId++;
      await ask({ kind: 'begin', transactionId });
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(queryableOf(ask, transactionId));
      } catch (error) {
        await ask({ kind: 'end', transactionId, outcome: 'rollback' });
        throw error;
      }
      await ask({ kind: 'end', transactionId, outcome: 'commit' });
      return result;
    },
    async serverVersion() {
      const [row] = (await ask({ kind: 'query', sql: 'SHOW server_version', params: [] })) as {
        server_version: string;
      }[];
      return `PGlite (PostgreSQL ${row?.server_version ?? 'unknown'})`;
    },
    async close() {
      await ask({ kind: 'close' });
      await worker.terminate();
      lock?.release();
    },
  };
};
