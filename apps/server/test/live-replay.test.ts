// The live replay (issue 38): a cow's readings fed one at a time through the server's detection on ingest,
// with its history window, as `npm run detect -- --live` does. Synthetic cows, so each test knows the heat.

import type { ActivityPoint } from '@cowcare/domain/activity-series';
import { seededRandom } from '@cowcare/domain/seeded-random';
import { describe, expect, it } from 'vitest';
import { replayEstrusNotices } from '../src/detection/live-replay';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2024, 2, 1);

interface Rise {
  start: number;
  hours: number;
  factor: number;
}

/** Quiet nights, busy days, peaks at the two milkings; ±8 % noise a reading, the same cow for a seed. */
function cow({
  days,
  cadenceMinutes = 120,
  rises = [],
  seed = 1,
}: {
  days: number;
  cadenceMinutes?: number;
  rises?: Rise[];
  seed?: number;
}): ActivityPoint[] {
  const random = seededRandom(seed);
  const points: ActivityPoint[] = [];
  for (let time = START; time < START + days * DAY; time += cadenceMinutes * MINUTE) {
    const hour = new Date(time).getUTCHours();
    const level =
      hour < 4 || hour >= 22 ? 10 : (hour >= 5 && hour < 7) || (hour >= 16 && hour < 18) ? 45 : 28;
    const raised = rises.find((rise) => time >= rise.start && time < rise.start + rise.hours * HOUR);
    const noise = 1 + 0.16 * (random() - 0.5);
    points.push({ time, activity: (level * noise * (raised?.factor ?? 1) * cadenceMinutes) / 120 });
  }
  return points;
}

const replay = (points: ActivityPoint[], calvings: number[] = []) =>
  replayEstrusNotices({ id: 7, points, calvings });
const codes = (notices: ReturnType<typeof replay>) => notices.map((notice) => notice.code);

describe('replayEstrusNotices', () => {
  const heat: Rise = { start: START + 12 * DAY + 8 * HOUR, hours: 12, factor: 2.5 };

  it('sends one heat notice (101) while the heat goes on, and the window notice (102) 13 h after its onset', () => {
    const notices = replay(cow({ days: 16, rises: [heat] }));
    expect(codes(notices)).toEqual([101, 102]);
    const [raised, window] = notices;
    expect(raised?.occurredAt).toBeGreaterThan(heat.start);
    expect(raised?.occurredAt).toBeLessThan(heat.start + heat.hours * HOUR);
    expect(Math.abs((raised?.episodeStart ?? 0) - heat.start)).toBeLessThanOrEqual(2 * HOUR);
    expect(window?.occurredAt).toBe((raised?.episodeStart ?? 0) + 13 * HOUR);
    expect(raised?.episodeKey).toBe(`estrus:cow:7:101:${new Date(raised?.episodeStart ?? 0).toISOString()}`);
  });

  it('never looks ahead: the readings up to the notice raise the same notice', () => {
    const points = cow({ days: 16, rises: [heat] });
    const [raised] = replay(points);
    const upToIt = points.filter((point) => point.time <= (raised?.occurredAt ?? 0));
    expect(replay(upToIt)).toEqual([raised]);
    const beforeIt = points.filter((point) => point.time < (raised?.occurredAt ?? 0));
    expect(replay(beforeIt)).toEqual([]);
  });

  it('says the same at 10-minute readings, at most one 2-hour block later', () => {
    const [every2h] = replay(cow({ days: 16, rises: [heat] }));
    const tenMinute = replay(cow({ days: 16, cadenceMinutes: 10, rises: [heat] }));
    expect(codes(tenMinute)).toEqual([101, 102]);
    const raised = tenMinute[0]?.occurredAt ?? 0;
    expect(raised).toBeGreaterThanOrEqual(every2h?.occurredAt ?? 0);
    expect(raised - (every2h?.occurredAt ?? 0)).toBeLessThanOrEqual(2 * HOUR);
  });

  it('sends nothing for a cow with ordinary days', () => {
    expect(replay(cow({ days: 20, seed: 3 }))).toEqual([]);
  });

  it('judges from the first full day of her record: a heat on her second day is noticed', () => {
    const early: Rise = { start: START + DAY + 10 * HOUR, hours: 12, factor: 2.5 };
    expect(codes(replay(cow({ days: 5, rises: [early] })))).toEqual([101, 102]);
  });

  it('sends one notice per heat, however many readings follow it, and again for the next heat', () => {
    const next: Rise = { ...heat, start: heat.start + 21 * DAY };
    expect(codes(replay(cow({ days: 40, rises: [heat, next] })))).toEqual([101, 102, 101, 102]);
  });

  it('sends nothing in the 10 days after a calving', () => {
    const calving = heat.start - 3 * DAY - 8 * HOUR;
    expect(replay(cow({ days: 16, rises: [heat] }), [calving])).toEqual([]);
  });
});
