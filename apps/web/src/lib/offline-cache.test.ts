import { QueryClient, QueryObserver, dehydrate, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, logIn } from '../test/render';
import { APP_VERSION } from './app-version';
import { appEvents } from './event-bus';
import {
  KEEP_FOR_MS,
  MAX_COW_PAGES,
  WRITE_DELAY_MS,
  mergeKept,
  startOfflineCache,
  type KeptRecord,
  type KeptStorage,
  type OfflineCache,
} from './offline-cache';
import { endSession, readSession } from './session';

/** IndexedDB stand-in: the record in memory, with a log of what happened to it. */
function memoryStorage(initial?: KeptRecord) {
  let record = initial;
  const log: string[] = [];
  const storage: KeptStorage = {
    read: async () => record,
    write: async (next) => {
      record = structuredClone(next);
      log.push(`write ${next.userId}`);
    },
    remove: async () => {
      record = undefined;
      log.push('remove');
    },
  };
  return { storage, log, record: () => record };
}

const COWS_KEY = ['cows', 'KR', 'F-100'];
const herd = [{ id: 12, code: '0412' }];

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });

/** The app's own parts, as app.tsx hands them in. */
const appDeps = (storage: KeptStorage) => ({
  appVersion: APP_VERSION,
  events: appEvents,
  onlineManager,
  currentUserId: () => readSession()?.user?.id ?? null,
  storage,
});

let running: OfflineCache | null = null;
async function start(client: QueryClient, storage: KeptStorage) {
  running = await startOfflineCache(client, appDeps(storage));
  return running;
}

afterEach(() => {
  running?.stop();
  running = null;
  onlineManager.setOnline(true);
});

const recordOf = (userId: number, queries: KeptRecord['queries'], savedAt = Date.now()): KeptRecord => ({
  userId,
  appVersion: APP_VERSION,
  savedAt,
  queries,
});

/** What a client that read the herd, one cow, the notices and a chart would write. */
function clientThatRead() {
  const client = newClient();
  client.setQueryData(COWS_KEY, herd);
  client.setQueryData(['cow', 12], herd[0]);
  client.setQueryData(['notices', 'sensor', 'KR', 'F-100', '010-1234-5678'], { list: [], all: [] });
  client.setQueryData(['sensor-data', 'chart', 12], [1, 2, 3]);
  client.setQueryData(['wallet', 7], { balance: 100 });
  return client;
}

describe('the data kept for offline use', () => {
  it('writes the cow list, the cow pages and the notices of the logged-in user, nothing else', async () => {
    logIn();
    const memory = memoryStorage();
    const cache = await start(clientThatRead(), memory.storage);
    await cache.flush();
    const kept = memory.record();
    expect(kept?.userId).toBe(demoUser.id);
    expect(kept?.queries.map((query) => query.queryKey[0]).sort()).toEqual(['cow', 'cows', 'notices']);
  });

  it('writes a change a moment later, gathering the changes meanwhile into one write', async () => {
    vi.useFakeTimers();
    logIn();
    const client = newClient();
    const memory = memoryStorage();
    await start(client, memory.storage);
    client.setQueryData(COWS_KEY, herd);
    client.setQueryData(['cow', 12], herd[0]);
    expect(memory.log).toEqual([]);
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS);
    expect(memory.log).toEqual(['write 7']);
    expect(memory.record()?.queries).toHaveLength(2);
  });

  it('puts the kept data back when the device goes offline, where the cache has nothing newer', async () => {
    logIn();
    const readAt = Date.now() - 60_000;
    // Written by a client that read the herd a minute ago.
    const writer = newClient();
    writer.setQueryData(COWS_KEY, herd, { updatedAt: readAt });
    writer.setQueryData(['cow', 12], { id: 12, code: 'newer here' });
    const written = memoryStorage();
    await (await startOfflineCache(writer, appDeps(written.storage))).flush();

    const client = newClient();
    client.setQueryData(['cow', 12], { id: 12, code: 'newest' });
    await start(client, written.storage);
    expect(client.getQueryData(COWS_KEY)).toBeUndefined();
    onlineManager.setOnline(false);
    expect(client.getQueryData(COWS_KEY)).toEqual(herd);
    expect(client.getQueryState(COWS_KEY)?.dataUpdatedAt).toBe(readAt);
    expect(client.getQueryData(['cow', 12])).toEqual({ id: 12, code: 'newest' });
  });

  it('shows the kept data at once when the app opens offline, and the read goes on when the network returns', async () => {
    logIn();
    const written = memoryStorage();
    await (await startOfflineCache(clientThatRead(), appDeps(written.storage))).flush();

    onlineManager.setOnline(false);
    const client = newClient();
    // As the app's provider does: the client follows the online manager.
    client.mount();
    const queryFn = vi.fn(async () => [
      { id: 12, code: '0412' },
      { id: 13, code: '0413' },
    ]);
    const observer = new QueryObserver(client, { queryKey: COWS_KEY, queryFn, staleTime: 30_000 });
    const off = observer.subscribe(() => undefined);
    // Offline the read waits (paused) instead of failing.
    expect(observer.getCurrentResult().fetchStatus).toBe('paused');
    await start(client, written.storage);
    expect(observer.getCurrentResult().data).toEqual(herd);
    expect(queryFn).not.toHaveBeenCalled();

    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toHaveLength(2));
    off();
    client.unmount();
  });

  it('forgets everything on logout, and writes nothing of a change read just before it', async () => {
    vi.useFakeTimers();
    logIn();
    const client = clientThatRead();
    const memory = memoryStorage(recordOf(demoUser.id, []));
    const cache = await start(client, memory.storage);
    await cache.flush();
    client.setQueryData(['cow', 13], { id: 13 });
    endSession('user');
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS * 2);
    expect(memory.record()).toBeUndefined();
    expect(memory.log.at(-1)).toBe('remove');
  });

  it('forgets on a refused token as on a logout', async () => {
    logIn();
    const memory = memoryStorage();
    await (await start(clientThatRead(), memory.storage)).flush();
    expect(memory.record()).toBeDefined();
    endSession('expired');
    await vi.waitFor(() => expect(memory.record()).toBeUndefined());
  });

  it("never shows another user's data: it is removed when the app starts", async () => {
    logIn({ ...demoUser, id: 8, username: 'other' });
    const memory = memoryStorage();
    await (await start(clientThatRead(), memory.storage)).flush();
    running?.stop();

    logIn();
    const client = newClient();
    await start(client, memory.storage);
    onlineManager.setOnline(false);
    expect(client.getQueryData(COWS_KEY)).toBeUndefined();
    expect(memory.record()).toBeUndefined();
  });

  it('removes the kept data when another user logs in', async () => {
    logIn();
    const memory = memoryStorage();
    await (await start(clientThatRead(), memory.storage)).flush();
    const other = { ...demoUser, id: 8, username: 'other' };
    logIn(other);
    appEvents.emit('loginSuccess', { user: other });
    await vi.waitFor(() => expect(memory.log.at(-1)).toBe('remove'));
  });

  it('drops data older than a week, and data written by another build', async () => {
    logIn();
    const old = memoryStorage(recordOf(demoUser.id, [], Date.now() - KEEP_FOR_MS - 1));
    await start(newClient(), old.storage);
    expect(old.record()).toBeUndefined();
    running?.stop();
    const otherBuild = memoryStorage({ ...recordOf(demoUser.id, []), appVersion: '0.0.1' });
    await start(newClient(), otherBuild.storage);
    expect(otherBuild.record()).toBeUndefined();
  });

  it('writes nothing when nobody is logged in', async () => {
    const memory = memoryStorage();
    await (await start(clientThatRead(), memory.storage)).flush();
    expect(memory.log).toEqual([]);
  });
});

describe('merging kept queries', () => {
  const dehydrated = (id: number, at: number) => {
    const client = newClient();
    client.setQueryData(['cow', id], { id }, { updatedAt: at });
    const [query] = dehydrate(client).queries;
    if (!query) throw new Error('no query');
    return query;
  };

  it('keeps the newer copy of each query', () => {
    const merged = mergeKept([dehydrated(12, 2_000)], [dehydrated(12, 1_000)]);
    expect(merged.map((query) => query.state.dataUpdatedAt)).toEqual([2_000]);
  });

  it(`keeps the ${MAX_COW_PAGES} cow pages read last`, () => {
    const pages = Array.from({ length: MAX_COW_PAGES + 5 }, (_, index) => dehydrated(index, 1_000 + index));
    const merged = mergeKept(pages, []);
    expect(merged).toHaveLength(MAX_COW_PAGES);
    expect(merged.map((query) => query.queryKey[1])).not.toContain(4);
    expect(merged.map((query) => query.queryKey[1])).toContain(5);
  });
});
