import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { createEventBus, type AppEvents } from '../../lib/event-bus';
import { cowQueryKey, cowsQueryKey, sensorDataQueryPrefix } from '../../lib/farm-queries';
import { makeCow } from '../../test/cows';
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
});
