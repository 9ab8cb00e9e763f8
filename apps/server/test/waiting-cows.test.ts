import { describe, expect, it } from 'vitest';
import { WaitingCows } from '../src/detection/waiting-cows';
import type { StoredReading } from '../src/ingest/stored-reading';

const FARM = 7;
const reading = (cowId: number, minute: number, temperature: number): StoredReading => ({
  sensorId: 1000 + cowId,
  cowId,
  sequenceNumber: minute,
  measuredAt: new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString(),
  temperature,
  activity: null,
  drink: null,
});
const neverDetected = () => -Infinity;

describe('cows put back from a round that gave way', () => {
  it('go again with the readings noted for them meanwhile, oldest first', async () => {
    const waiting = new WaitingCows(true);
    waiting.note(FARM, [reading(1, 0, 38.6), reading(2, 0, 38.7)], new Set(), neverDetected);
    const round = waiting.take(10);
    expect(round?.cows.size).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2));
    // While the round ran, cow 2 reported again and cow 3 turned feverish.
    waiting.note(FARM, [reading(2, 10, 38.8), reading(3, 10, 40.5)], new Set([3]), neverDetected);
    waiting.putBack(FARM, round?.cows ?? new Map());

    const next = waiting.take(10);
    expect([...(next?.cows.keys() ?? [])][0]).toBe(3);
    const cow2 = next?.cows.get(2);
    expect(cow2?.since).toBe(Date.UTC(2026, 10, 1, 0, 0));
    expect(cow2?.told?.map((told) => told.temperature)).toEqual([38.7, 38.8]);
    expect(next?.cows.get(1)?.told?.map((told) => told.temperature)).toEqual([38.6]);
    // How long she waited counts from when she was first noted, not from her second batch.
    expect(cow2?.notedAt).toBe(round?.cows.get(2)?.notedAt);
    expect(next?.cows.get(3)?.notedAt).toBeGreaterThan(cow2?.notedAt ?? Infinity);
    expect(waiting.isEmpty).toBe(true);
    expect(waiting.hasUrgent).toBe(false);
  });

  it('stay urgent when they were', () => {
    const waiting = new WaitingCows(false);
    waiting.note(FARM, [reading(1, 0, 40.5)], new Set([1]), neverDetected);
    const round = waiting.take(10);
    expect(waiting.hasUrgent).toBe(false);
    waiting.putBack(FARM, round?.cows ?? new Map());
    expect(waiting.hasUrgent).toBe(true);
    expect(waiting.take(10)?.cows.get(1)?.told).toBeUndefined();
  });
});

describe('cows handed over by another instance', () => {
  it('join the readings stored here: the oldest new reading counts, an urgent one goes first', () => {
    const waiting = new WaitingCows(false);
    waiting.note(FARM, [reading(1, 20, 38.6), reading(2, 20, 38.7)], new Set(), neverDetected);
    const becameUrgent = waiting.noteCows(
      FARM,
      [
        { cowId: 2, since: Date.UTC(2026, 10, 1, 0, 10), urgent: true },
        { cowId: 3, since: Date.UTC(2026, 10, 1, 0, 30), urgent: false },
      ],
      neverDetected,
    );
    expect(becameUrgent).toBe(true);
    expect(waiting.hasUrgent).toBe(true);
    const round = waiting.take(10);
    expect([...(round?.cows.keys() ?? [])][0]).toBe(2);
    expect(round?.cows.get(2)?.since).toBe(Date.UTC(2026, 10, 1, 0, 10));
    expect(round?.cows.get(3)?.since).toBe(Date.UTC(2026, 10, 1, 0, 30));
    expect(waiting.hasUrgent).toBe(false);
  });

  it('read their new readings from the database, even where some were told here', () => {
    const waiting = new WaitingCows(true);
    waiting.note(FARM, [reading(1, 0, 38.6)], new Set(), neverDetected);
    waiting.noteCows(FARM, [{ cowId: 1, since: Date.UTC(2026, 10, 1, 0, 10), urgent: false }], neverDetected);
    expect(waiting.take(10)?.cows.get(1)?.told).toBeUndefined();
  });
});
