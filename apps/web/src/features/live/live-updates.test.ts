import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { User } from '@cowcare/contract/schemas';
import { clearSession, getUser, saveSession } from '../../lib/session';
import { createEventBus, type AppEvents } from '../../lib/event-bus';
import { cowQueryKey, cowsQueryKey, sensorDataQueryPrefix, type Notice } from '../../lib/farm-queries';
import { makeCow } from '../../test/cows';
import { makeNotice } from '../../test/notices';
import { startLiveUpdates } from './live-updates';

const farm = { country: 'KR', FarmNumber: 'F-100' };

function setup(cows: Cow[], loadCow = vi.fn(async (id: number) => makeCow({ id, code: `C${id}` }))) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(cowsQueryKey(farm), cows);
  const bus = createEventBus<AppEvents>();
  const stop = startLiveUpdates(queryClient, {
    bus,
    loadCow,
    subscriptionDelayMs: 300_000,
    refreshIntervalMs: 1_800_000,
    pauseBetweenCowsMs: 500,
  });
  const list = () => queryClient.getQueryData<Cow[]>(cowsQueryKey(farm)) ?? [];
  return { queryClient, bus, stop, list, loadCow };
}

afterEach(() => vi.useRealTimers());

describe('live updates', () => {
  it('sets sensorzt on the cow of a sensorzt event, by cow id or by sensor', () => {
    const a = makeCow({ id: 1, sensor: 40001 });
    const b = makeCow({ id: 2, sensor: 12 });
    const { bus, list, stop } = setup([a, b]);
    bus.emit('socket_sensorzt', { cowId: 1, sensor: 40001, sensorzt: 0 });
    expect(list().map((cow) => cow.sensorzt)).toEqual([0, 1]);
    bus.emit('socket_sensorzt', { cowId: null, sensor: 12, sensorzt: 0 });
    expect(list().map((cow) => cow.sensorzt)).toEqual([0, 0]);
    bus.emit('socket_sensorzt', { cowId: 1, sensor: 40001, sensorzt: 7 });
    expect(list()[0]?.sensorzt).toBe(0);
    stop();
  });

  it('merges cowinfo fields at once and reloads the cow by id only after the 5-minute subscription', async () => {
    vi.useFakeTimers();
    const { bus, list, loadCow, queryClient, stop } = setup([makeCow({ id: 3, temp_current: 39 })]);
    bus.emit('socket_cowinfo', { id: 3, temp_current: 40.2 });
    expect(list()[0]?.temp_current).toBe(40.2);
    expect(loadCow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300_000);
    bus.emit('socket_cowinfo', { id: 3, status: '임신' });
    bus.emit('socket_cowinfo', { id: 4, fever: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadCow).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData<Cow>(cowQueryKey(3))?.code).toBe('C3');
    // The background load pauses 500 ms between cows.
    await vi.advanceTimersByTimeAsync(499);
    expect(loadCow).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loadCow).toHaveBeenLastCalledWith(4);
    stop();
  });

  it('clears chart answers and refetches the cows every 30 minutes', async () => {
    vi.useFakeTimers();
    const { queryClient, stop } = setup([makeCow({ id: 5 })]);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await vi.advanceTimersByTimeAsync(1_800_000 - 1);
    queryClient.setQueryData([...sensorDataQueryPrefix, 'line', 40005, '2025-06-01'], []);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(queryClient.getQueryData([...sensorDataQueryPrefix, 'line', 40005, '2025-06-01'])).toBeUndefined();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['cows'] });
    stop();
  });

  it('reloads the charts on screen every 30 minutes, even answers that never go stale', async () => {
    vi.useFakeTimers();
    const { queryClient, stop } = setup([makeCow({ id: 5 })]);
    const chartKey = [...sensorDataQueryPrefix, 'herd-hourly', 'KR', 'Hongseong', '2025-06-01'];
    let answers = 0;
    const onScreen = new QueryObserver(queryClient, {
      queryKey: chartKey,
      queryFn: () => Promise.resolve((answers += 1)),
      staleTime: Infinity,
    });
    const shown: unknown[] = [];
    const unsubscribe = onScreen.subscribe((result) => shown.push(result.data));
    await vi.advanceTimersByTimeAsync(1_800_000 - 1);
    expect(answers).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(answers).toBe(2);
    expect(queryClient.getQueryData(chartKey)).toBe(2);
    expect(shown.at(-1)).toBe(2);
    // Once loaded, the old line stays on screen while the new one loads.
    expect(shown.slice(shown.indexOf(1))).not.toContain(undefined);
    unsubscribe();
    stop();
  });

  describe('another session of the farm changed something', () => {
    /** Each query of these keys, cached and stale or not: whether the change made it reload. */
    const staleness = (queryClient: QueryClient, keys: readonly (readonly unknown[])[]) =>
      keys.map((queryKey) => queryClient.getQueryState(queryKey)?.isInvalidated ?? 'not cached');

    const seed = (queryClient: QueryClient, keys: readonly (readonly unknown[])[]) => {
      for (const queryKey of keys) queryClient.setQueryData(queryKey, {});
    };

    it("reloads the changed cow, her history, the families and the list, and no other cow's page", () => {
      const { queryClient, bus, stop } = setup([makeCow({ id: 3 }), makeCow({ id: 4 })]);
      const keys = [
        cowQueryKey(3),
        ['cow-history', 3],
        ['cow-family', 9],
        cowQueryKey(4),
        ['cow-history', 4],
      ];
      seed(queryClient, keys);
      bus.emit('socket_cowchange', { change: 'calving', cowIds: [3] });
      expect(staleness(queryClient, keys)).toEqual([true, true, true, false, false]);
      expect(queryClient.getQueryState(cowsQueryKey(farm))?.isInvalidated).toBe(true);
      stop();
    });

    it.each(['cow', 'status', 'estrus', 'fertilization', 'pregnancy', 'healthCase'] as const)(
      'a %s change reloads that cow',
      (change) => {
        const { queryClient, bus, stop } = setup([]);
        seed(queryClient, [cowQueryKey(8)]);
        bus.emit('socket_cowchange', { change, cowIds: [8] });
        expect(staleness(queryClient, [cowQueryKey(8)])).toEqual([true]);
        stop();
      },
    );

    it('a cow type change with no cows named reloads every cow, the types and the wallet', () => {
      const { queryClient, bus, stop } = setup([]);
      const keys = [cowQueryKey(1), cowQueryKey(2), ['cow-types', 'F-100'], ['wallet', 7], ['sensors', 'KR']];
      seed(queryClient, keys);
      bus.emit('socket_cowchange', { change: 'cowType', cowIds: [] });
      expect(staleness(queryClient, keys)).toEqual([true, true, true, true, false]);
      stop();
    });

    it('a cow added or a status changed reloads the sensor page (the sensors of the herd)', () => {
      const { queryClient, bus, stop } = setup([]);
      seed(queryClient, [['sensors', 'KR', 'F-100']]);
      bus.emit('socket_cowchange', { change: 'added', cowIds: [12] });
      expect(staleness(queryClient, [['sensors', 'KR', 'F-100']])).toEqual([true]);
      stop();
    });

    it('ignores a malformed change', () => {
      const { queryClient, bus, stop } = setup([]);
      seed(queryClient, [cowQueryKey(1)]);
      bus.emit('socket_cowchange', { cowIds: [1] });
      bus.emit('socket_cowchange', { change: 'cow', cowIds: 'all' });
      bus.emit('socket_cowchange', null);
      expect(staleness(queryClient, [cowQueryKey(1)])).toEqual([false]);
      expect(queryClient.getQueryState(cowsQueryKey(farm))?.isInvalidated).toBe(false);
      stop();
    });

    it('names the cow of a live notice by the code the server sent, though no cached list holds her', () => {
      const { queryClient, bus, stop } = setup([makeCow({ id: 1, code: 'C1' })]);
      const sensorKey = ['notices', 'sensor', 'KR', 'F-100', '010'];
      queryClient.setQueryData(sensorKey, { list: [], all: [] });
      const fence = {
        cowid: 42,
        sensor: 40042,
        noticecode: 306,
        time: new Date().toISOString(),
        details: {},
      };
      bus.emit('socket_notice', { ...fence, id: 501, code: 'C1042' });
      // A server from before the field: the cached cow's code, else none (shown as the farm's).
      bus.emit('socket_notice', { ...fence, id: 502, cowid: 1 });
      bus.emit('socket_notice', { ...fence, id: 503 });
      const codes = queryClient
        .getQueryData<{ list: Notice[] }>(sensorKey)
        ?.list.map((notice) => [notice.id, notice.code]);
      expect(codes).toEqual([
        [503, null],
        [502, 'C1'],
        [501, 'C1042'],
      ]);
      stop();
    });

    it('shows notices read elsewhere read in every list, so the unread badge drops to what is left', () => {
      const { queryClient, bus, stop } = setup([]);
      const sensorKey = ['notices', 'sensor', 'KR', 'F-100', '010'];
      const reproductionKey = ['notices', 'reproduction', 'KR', 'F-100', '010'];
      const [a, b, c] = [1, 2, 3].map((id) => makeNotice({ id, readed: 0 }));
      queryClient.setQueryData(sensorKey, { list: [a, b], all: [a, b] });
      queryClient.setQueryData(reproductionKey, { listb: [c], allb: [c] });
      bus.emit('socket_noticesread', { ids: [1, 3, 99] });
      const unread = (key: readonly unknown[]) =>
        Object.values(queryClient.getQueryData<Record<string, Notice[]>>(key) ?? {})
          .flat()
          .filter((notice) => notice.readed === 0)
          .map((notice) => notice.id);
      expect(unread(sensorKey)).toEqual([2, 2]);
      expect(unread(reproductionKey)).toEqual([]);
      bus.emit('socket_noticesread', { ids: 'all' });
      expect(unread(sensorKey)).toEqual([2, 2]);
      stop();
    });
  });
});

describe('a member role change', () => {
  const member = {
    id: 7,
    username: 'hana',
    name: 'Hana',
    FarmNumber: 'F-100',
    city: '',
    country: 'KR',
    phone: '01012345678',
    avatar: '',
    language: 'en',
    cid: '',
    sensorfilter: '',
    isadmin: false,
    role: 'owner',
  } satisfies User;

  afterEach(() => clearSession());

  it("takes the new role into this session when it is this user's, and no one else's", () => {
    saveSession({ token: 't', refreshToken: 'r', user: member }, false);
    const { bus, stop } = setup([]);
    bus.emit('socket_memberrole', { userId: 8, role: 'staff' });
    expect(getUser()?.role).toBe('owner');
    bus.emit('socket_memberrole', { userId: 7, role: 'staff' });
    expect(getUser()?.role).toBe('staff');
    bus.emit('socket_memberrole', { userId: 7, role: 'boss' });
    expect(getUser()?.role).toBe('staff');
    stop();
  });
});
