import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type onlineManager as OnlineManager,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { appEvents as AppEvents } from './event-bus';
import { isKeptOffline } from './offline-kept';

/**
 * The user's last farm data, kept on the device so the app shows it with no network (issue 39, decision
 * 0031). What TanStack Query holds of the kept reads (lib/offline-kept.ts) is written to IndexedDB a moment
 * after it changes, for the logged-in user only; when the device goes offline (or the app opens offline)
 * it is put back into the query cache where the cache has nothing newer, and the screens draw it as usual.
 * Back online, the reads go on by themselves and replace it.
 *
 * It belongs to one user: it is removed on logout (by the user, by a refused token, by a password change)
 * and when another user logs in, and it is never read for a user other than the one who wrote it.
 */

/** The stored record: whose data it is, from which build, and the kept queries. */
export interface KeptRecord {
  userId: number;
  appVersion: string;
  savedAt: number;
  queries: DehydratedState['queries'];
}

/** Where the record lives: IndexedDB in the browser, a map in the tests. */
export interface KeptStorage {
  read(): Promise<KeptRecord | undefined>;
  write(record: KeptRecord): Promise<void>;
  remove(): Promise<void>;
}

/** A week: data older than that is not worth showing as "the last data" and is dropped. */
export const KEEP_FOR_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Writes are gathered: the live updates change a large herd's list many times a minute, and each write
 * copies the whole list. The app also writes at once when it goes to the background (a phone may end it
 * there).
 */
export const WRITE_DELAY_MS = 5_000;
/** The cow pages kept, the most recently read first: a farmer looks at a few cows, not the herd. */
export const MAX_COW_PAGES = 50;

const RECORD_KEY = 'kept-queries';

export function indexedDbStorage(store: UseStore = createStore('cowcare-offline', 'kept')): KeptStorage {
  return {
    read: () => get<KeptRecord>(RECORD_KEY, store),
    write: (record) => set(RECORD_KEY, record, store),
    remove: () => del(RECORD_KEY, store),
  };
}

type KeptQuery = DehydratedState['queries'][number];

const isCowPage = (query: KeptQuery) => query.queryKey[0] === 'cow';

/** The newer of each query by its hash, the cow pages cut to the most recent. */
export function mergeKept(older: readonly KeptQuery[], newer: readonly KeptQuery[]): KeptQuery[] {
  const byHash = new Map<string, KeptQuery>();
  for (const query of [...older, ...newer]) {
    const known = byHash.get(query.queryHash);
    if (!known || known.state.dataUpdatedAt <= query.state.dataUpdatedAt) byHash.set(query.queryHash, query);
  }
  const all = [...byHash.values()];
  const cowPages = all
    .filter(isCowPage)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_COW_PAGES);
  return [...all.filter((query) => !isCowPage(query)), ...cowPages];
}

const shouldKeep = (query: Query) => isKeptOffline(query.queryKey) && query.state.status === 'success';

export interface OfflineCache {
  /** Write what the cache holds now (the delayed write, done at once). */
  flush(): Promise<void>;
  stop(): void;
}

/**
 * What the cache uses of the rest of the app, handed in by the caller: this module is fetched after the
 * first page has drawn, and a module of the first load imported here would be split out of its chunk
 * into one of its own, growing the first load (issue 39's budget).
 */
export interface OfflineCacheDeps {
  appVersion: string;
  events: Pick<typeof AppEvents, 'on'>;
  onlineManager: Pick<typeof OnlineManager, 'isOnline' | 'subscribe'>;
  currentUserId: () => number | null;
  storage?: KeptStorage;
  now?: () => number;
}

/** Starts keeping the user's last data for offline use; returns once the stored record is read. */
export async function startOfflineCache(
  queryClient: QueryClient,
  deps: OfflineCacheDeps,
): Promise<OfflineCache> {
  const { appVersion, events, currentUserId, storage = indexedDbStorage(), now = Date.now } = deps;
  const isOnline = () => deps.onlineManager.isOnline();
  /** What the stored record holds (the other session's cow pages too), by query hash. */
  let kept: KeptQuery[] = [];
  let owner: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const forget = () => {
    clearTimeout(timer);
    timer = undefined;
    kept = [];
    owner = null;
    writing = writing.then(() => storage.remove()).catch(() => undefined);
    return writing;
  };

  const write = async () => {
    timer = undefined;
    const userId = currentUserId();
    // No session (logged out meanwhile): nothing of the last user may be written after the logout.
    if (userId === null) return;
    if (owner !== userId) kept = [];
    owner = userId;
    kept = mergeKept(kept, dehydrate(queryClient, { shouldDehydrateQuery: shouldKeep }).queries);
    const record: KeptRecord = { userId, appVersion: appVersion, savedAt: now(), queries: kept };
    writing = writing.then(() => storage.write(record)).catch(() => undefined);
    await writing;
  };

  const scheduleWrite = () => {
    timer ??= setTimeout(() => void write(), WRITE_DELAY_MS);
  };

  /** Puts the kept queries back where the cache has nothing newer (hydrate compares their times). */
  const restore = (queries: readonly KeptQuery[] = kept) => {
    if (queries.length > 0) hydrate(queryClient, { queries: [...queries], mutations: [] });
  };

  try {
    const record = await storage.read();
    const userId = currentUserId();
    const usable =
      record !== undefined &&
      record.userId === userId &&
      record.appVersion === appVersion &&
      now() - record.savedAt < KEEP_FOR_MS;
    if (usable) {
      kept = record.queries;
      owner = record.userId;
    } else if (record !== undefined) {
      await forget();
    }
  } catch {
    // No IndexedDB (a private window of some browsers): the app works, only not offline.
  }

  const offCache = queryClient.getQueryCache().subscribe((event) => {
    const query = event.query as Query;
    if (!isKeptOffline(query.queryKey)) return;
    if (event.type === 'updated' && event.action.type === 'success') scheduleWrite();
    // A screen opened offline asks for a query the cache dropped meanwhile (its gcTime passed): put it back.
    if (event.type === 'added' && !isOnline()) {
      restore(kept.filter((candidate) => candidate.queryHash === query.queryHash));
    }
  });
  const offOnline = deps.onlineManager.subscribe((online) => {
    if (!online) restore();
  });
  const offLogout = events.on('logout', () => void forget());
  const offLogin = events.on('loginSuccess', ({ user }) => {
    if (owner !== null && owner !== user.id) void forget();
  });

  const onHidden = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) {
      clearTimeout(timer);
      void write();
    }
  };
  document.addEventListener('visibilitychange', onHidden);

  if (!isOnline()) restore();
  // What was read before this started (the first screen) is written too.
  scheduleWrite();

  return {
    flush: async () => {
      clearTimeout(timer);
      await write();
    },
    stop: () => {
      clearTimeout(timer);
      offCache();
      offOnline();
      offLogout();
      offLogin();
      document.removeEventListener('visibilitychange', onHidden);
    },
  };
}
