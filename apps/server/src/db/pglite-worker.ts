/**
 * The worker thread that owns PGlite. PGlite is PostgreSQL compiled to WebAssembly and runs on the thread
 * that calls it; on the server's own thread a chain of statements held the event loop for as long as it
 * ran, so sockets, the broker and detection waited behind the ingest (bench/alert-latency/ANALYSIS.md).
 * Here it has a thread, and a core, of its own. PGlite's own lock still orders the statements: one
 * transaction at a time, the others' statements waiting until it ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import {
  POSTGRES_ERROR_FIELDS,
  type PgliteErrorData,
  type PgliteRequest,
  type PgliteResponse,
  type PgliteWorkerData,
} from './pglite-worker-protocol';

/** Ends a transaction's callback without an error of its own, so PGlite rolls it back. */
class RollbackRequested extends Error {}

interface OpenTransaction {
  tx: Transaction;
  end: (outcome: 'commit' | 'rollback') => void;
}

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

const { dataDir } = workerData as PgliteWorkerData;
// Not a top-level await: tsx loads this file as CommonJS (see `pglite-database.ts`).
const opening = dataDir ? PGlite.create(dataDir) : PGlite.create();
let pglite: PGlite;
const transactions = new Map<number, OpenTransaction>();
/** Each transaction's end: resolves when PGlite has committed or rolled it back. */
const transactionEnds = new Map<number, Promise<void>>();

const errorDataOf = (error: unknown): PgliteErrorData => {
  const source = (error ?? {}) as Record<string, unknown>;
  const fields: Record<string, string | undefined> = {};
  for (const field of POSTGRES_ERROR_FIELDS) {
    if (typeof source[field] === 'string') fields[field] = source[field];
  }
  return { message: error instanceof Error ? error.message : String(error), fields };
};

const clientOf = (transactionId: number | undefined): Pick<PGlite, 'query' | 'exec'> => {
  if (transactionId === undefined) return pglite;
  const open = transactions.get(transactionId);
  if (!open) throw new Error(`No open transaction ${transactionId}`);
  return open.tx;
};

/** Resolves once the transaction holds PGlite; its end is kept for the 'end' request. */
const begin = (transactionId: number): Promise<void> =>
  new Promise((began, failedToBegin) => {
    const ended = pglite.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          transactions.set(transactionId, {
            tx,
            end: (outcome) => (outcome === 'commit' ? commit() : rollback(new RollbackRequested())),
          });
          began();
        }),
    );
    transactionEnds.set(
      transactionId,
      ended.then(
        () => undefined,
        (error: unknown) => {
          if (!(error instanceof RollbackRequested)) throw error;
        },
      ),
    );
    ended.catch(failedToBegin);
  });

const end = async (transactionId: number, outcome: 'commit' | 'rollback'): Promise<void> => {
  const open = transactions.get(transactionId);
  const ended = transactionEnds.get(transactionId);
  if (!open || !ended) throw new Error(`No open transaction ${transactionId}`);
  transactions.delete(transactionId);
  transactionEnds.delete(transactionId);
  open.end(outcome);
  await ended;
};

const handle = async (request: PgliteRequest): Promise<unknown[] | undefined> => {
  switch (request.kind) {
    case 'query':
      return (await clientOf(request.transactionId).query(request.sql, [...request.params])).rows;
    case 'exec':
      await clientOf(request.transactionId).exec(request.sql);
      return undefined;
    case 'begin':
      await begin(request.transactionId);
      return undefined;
    case 'end':
      await end(request.transactionId, request.outcome);
      return undefined;
    case 'close':
      await pglite.close();
      return undefined;
  }
};

/** Request 0 is the opening: no request comes before its answer. */
opening.then(
  (opened) => {
    pglite = opened;
    port.on('message', (request: PgliteRequest) => {
      handle(request).then(
        (rows) => port.postMessage({ id: request.id, ok: true, rows } satisfies PgliteResponse),
        (error: unknown) =>
          port.postMessage({ id: request.id, ok: false, error: errorDataOf(error) } satisfies PgliteResponse),
      );
    });
    port.postMessage({ id: 0, ok: true } satisfies PgliteResponse);
  },
  (error: unknown) =>
    port.postMessage({ id: 0, ok: false, error: errorDataOf(error) } satisfies PgliteResponse),
);
