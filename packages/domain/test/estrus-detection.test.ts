import { describe, expect, it } from 'vitest';
import {
  blocksIn,
  DAY_MS,
  HOUR_MS,
  inferCadenceMs,
  MINUTE_MS,
  toClockBlocks,
  toRegularSeries,
  type ActivityBlocks,
  type ActivityPoint,
} from '../src/activity-series';
import { DEFAULT_COLLAR_OFF_PARAMETERS, withoutCollarOff } from '../src/collar-off';
import {
  ARCHITECTURE_ESTRUS_PARAMETERS,
  detectEstrusEpisodes,
  estrusAlertAtLatest,
  findEstrus,
  type EstrusEpisode,
} from '../src/estrus-detection';

// ---- synthetic cows --------------------------------------------------------------------------------------

const START = Date.UTC(2024, 2, 1); // a midnight

/** mulberry32: deterministic noise, so every run sees the same cow. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Activity per hour over the day: quiet nights, busy days, peaks at the two milkings (05-07 h, 16-18 h). */
function hourlyLevel(hourOfDay: number): number {
  if (hourOfDay < 4 || hourOfDay >= 22) return 10;
  if ((hourOfDay >= 5 && hourOfDay < 7) || (hourOfDay >= 16 && hourOfDay < 18)) return 45;
  return 28;
}

interface Rise {
  readonly start: number;
  readonly hours: number;
  readonly factor: number;
}

interface CowSpec {
  readonly days: number;
  readonly cadenceMinutes: number;
  readonly rises?: readonly Rise[];
  /** Relative noise per block, uniform in ±noise. */
  readonly noise?: number;
  /** Relative day-to-day variation, uniform in ±dayNoise for each whole day: how much a cow's days differ. */
  readonly dayNoise?: number;
  readonly seed?: number;
  /** Blocks for which this returns true are not reported by the collar. */
  readonly missing?: (time: number, random: () => number) => boolean;
}

function cow({
  days,
  cadenceMinutes,
  rises = [],
  noise = 0.1,
  dayNoise = 0,
  seed = 7,
  missing,
}: CowSpec): ActivityPoint[] {
  const random = seeded(seed);
  const dayRandom = seeded(seed + 1);
  const dayFactors = Array.from({ length: days }, () => 1 + dayNoise * (2 * dayRandom() - 1));
  const cadence = cadenceMinutes * MINUTE_MS;
  const points: ActivityPoint[] = [];
  for (let time = START; time < START + days * DAY_MS; time += cadence) {
    // The block's activity: the hourly level over the block's minutes, with noise and any rise.
    let activity = 0;
    for (let minute = 0; minute < cadenceMinutes; minute += 10) {
      const at = time + minute * MINUTE_MS;
      const rise = rises.find((r) => at >= r.start && at < r.start + r.hours * HOUR_MS);
      activity += (hourlyLevel(new Date(at).getUTCHours()) / 6) * (rise?.factor ?? 1);
    }
    activity *= (1 + noise * (2 * random() - 1)) * (dayFactors[Math.floor((time - START) / DAY_MS)] ?? 1);
    if (missing?.(time, random)) continue;
    points.push({ time, activity: Math.round(activity * 10) / 10 });
  }
  return points;
}

const at = (day: number, hour: number, minute = 0) =>
  START + day * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS;
const heat = (day: number, hour: number, hours = 12, factor = 3): Rise => ({
  start: at(day, hour),
  hours,
  factor,
});
const iso = (time: number) => new Date(time).toISOString().slice(0, 16);
const summary = (episodes: EstrusEpisode[]) =>
  episodes.map(({ onset, confidence }) => `${iso(onset)} ${confidence}`);

const CADENCES = [10, 15, 30, 60, 120];
/** Activity is judged in 2-hour clock blocks: an onset is known to its block, or to the reading when longer. */
const resolution = (minutes: number) => Math.max(minutes * MINUTE_MS, 2 * HOUR_MS);

// ---- activity-series --------------------------------------------------------------------------------------

describe('inferCadenceMs', () => {
  const times = (...minutes: number[]) =>
    minutes.map((minute) => ({ time: minute * MINUTE_MS, activity: 1 }));
  it.each([
    ['10-minute blocks', times(0, 10, 20, 30, 40), 10],
    ['2-hour blocks with a missing block', times(0, 120, 240, 480, 600, 720), 120],
    ['unsorted, with a duplicate', times(40, 0, 20, 10, 10, 30), 10],
    ['a late reading does not change the mode', times(0, 10, 20, 33, 40, 50, 60), 10],
  ])('%s', (_, points, minutes) => {
    expect(inferCadenceMs(points)).toBe(minutes * MINUTE_MS);
  });

  it.each([
    [[]],
    [[{ time: 0, activity: 1 }]],
    [
      [
        { time: 5, activity: 1 },
        { time: 5, activity: 2 },
      ],
    ],
  ])('is null without two distinct times (%j)', (points) => {
    expect(inferCadenceMs(points)).toBeNull();
  });
});

describe('toRegularSeries', () => {
  it('places readings on the grid: holes are NaN, jitter snaps, a duplicate keeps the first, bad values drop', () => {
    const series = toRegularSeries([
      { time: 30 * MINUTE_MS + 20_000, activity: 4 }, // 20 s late
      { time: 0, activity: 1 },
      { time: 10 * MINUTE_MS, activity: 2 },
      { time: 10 * MINUTE_MS, activity: 99 },
      { time: 40 * MINUTE_MS, activity: -3 },
      { time: 50 * MINUTE_MS, activity: Number.NaN },
      { time: 60 * MINUTE_MS, activity: 6 },
    ]);
    expect(series?.cadenceMs).toBe(10 * MINUTE_MS);
    expect(series?.start).toBe(0);
    expect(series?.values).toEqual([1, 2, Number.NaN, 4, Number.NaN, Number.NaN, 6]);
  });

  it('is null when there is nothing to place', () => {
    expect(toRegularSeries([])).toBeNull();
    expect(toRegularSeries([{ time: 0, activity: 1 }])).toBeNull();
  });

  it.each([
    [HOUR_MS, 10 * MINUTE_MS, 6],
    [HOUR_MS, 2 * HOUR_MS, 1],
    [12 * HOUR_MS, 2 * HOUR_MS, 6],
    [DAY_MS, 15 * MINUTE_MS, 96],
  ])('blocksIn(%i, %i) = %i', (duration, cadence, blocks) => {
    expect(blocksIn(duration, cadence)).toBe(blocks);
  });
});

// ---- detection ------------------------------------------------------------------------------------------

describe('detectEstrusEpisodes', () => {
  it.each(CADENCES)(
    'finds a clear 3× heat at %i-minute blocks once, with its onset and window',
    (minutes) => {
      const rise = heat(10, 20); // 20:00 to 08:00, across midnight and the morning milking
      const episodes = detectEstrusEpisodes(cow({ days: 14, cadenceMinutes: minutes, rises: [rise] }));
      expect(episodes).toHaveLength(1);
      const [episode] = episodes as [EstrusEpisode];
      const block = minutes * MINUTE_MS;
      expect(episode.confidence).toBe('detected');
      expect(Math.abs(episode.onset - rise.start)).toBeLessThanOrEqual(block);
      expect(episode.windowStart).toBe(episode.onset + 13 * HOUR_MS);
      expect(episode.windowEnd).toBe(episode.onset + 24 * HOUR_MS);
      expect(Math.abs(episode.end - (rise.start + 12 * HOUR_MS - block))).toBeLessThanOrEqual(block);
      expect(episode.peak).toBeGreaterThanOrEqual(episode.onset);
      expect(episode.peak).toBeLessThanOrEqual(episode.end + HOUR_MS);
      expect(episode.peakRatio).toBeGreaterThan(2.5);
      expect(episode.riseRatio).toBeGreaterThan(2.5);
      // Raised once six raised hours are in (the block that completes them), long before the window opens.
      expect(episode.alertAt + block).toBeGreaterThanOrEqual(rise.start + 6 * HOUR_MS);
      expect(episode.alertAt).toBeLessThanOrEqual(rise.start + 7 * HOUR_MS);
    },
  );

  it.each([10, 15, 30, 60])(
    'finds the same heats in the same 2-hour activity read at %i-minute blocks',
    (minutes) => {
      // Two heats near the heat level, in 40 noisy cows: where a rule that judged every reading differed.
      const rises = [heat(9, 21, 8, 1.55), heat(17, 3, 10, 1.7)];
      const onsets = (points: ActivityPoint[]) =>
        detectEstrusEpisodes(points).map(({ onset, confidence }) => `${iso(onset)} ${confidence}`);
      for (let seed = 1; seed <= 40; seed += 1) {
        const blocks = cow({ days: 21, cadenceMinutes: 120, rises, noise: 0.25, dayNoise: 0.1, seed });
        // Each block's count spread evenly over its readings: the same activity, finer.
        const finer = blocks.flatMap(({ time, activity }) =>
          Array.from({ length: 120 / minutes }, (_, slot) => ({
            time: time + slot * minutes * MINUTE_MS,
            activity: (activity * minutes) / 120,
          })),
        );
        expect(onsets(finer), `seed ${seed}`).toEqual(onsets(blocks));
      }
    },
  );

  it.each(CADENCES)('finds nothing in a flat cow at %i-minute blocks', (minutes) => {
    expect(detectEstrusEpisodes(cow({ days: 21, cadenceMinutes: minutes, noise: 0.2, seed: 3 }))).toEqual([]);
  });

  it.each([
    [10, 10],
    [120, 4],
  ])('takes a single noisy block at %i minutes (%i× its level) for no heat', (minutes, factor) => {
    const spike = { start: at(9, 13), hours: minutes / 60, factor };
    const points = cow({ days: 12, cadenceMinutes: minutes, rises: [spike] });
    expect(detectEstrusEpisodes(points)).toEqual([]);
    if (minutes === 120) {
      // Why the sustained-rise check exists: the plain §9 rule takes this 2-hour block for a heat.
      expect(detectEstrusEpisodes(points, { parameters: ARCHITECTURE_ESTRUS_PARAMETERS })).toHaveLength(1);
    }
  });

  it.each([10, 120])('reports two heats 21 days apart as two episodes (%i minutes)', (minutes) => {
    const rises = [heat(8, 6), heat(29, 9)]; // 09:00 falls inside the 08:00 block at 2-hour cadence
    const episodes = detectEstrusEpisodes(cow({ days: 33, cadenceMinutes: minutes, rises }));
    expect(episodes.map((episode) => episode.confidence)).toEqual(['detected', 'detected']);
    episodes.forEach((episode, index) => {
      expect(Math.abs(episode.onset - (rises[index]?.start ?? 0))).toBeLessThanOrEqual(resolution(minutes));
    });
  });

  it.each([10, 120])('reports two rises 6 h apart as one episode (%i minutes)', (minutes) => {
    const first = heat(10, 6, 6);
    const second = heat(10, 18, 6); // 6 h after the first ends
    const episodes = detectEstrusEpisodes(cow({ days: 13, cadenceMinutes: minutes, rises: [first, second] }));
    expect(summary(episodes)).toEqual([`${iso(first.start)} detected`]);
    expect(episodes[0]?.end).toBe(second.start + 6 * HOUR_MS - minutes * MINUTE_MS);
  });

  it('keeps a long heat with a lull inside it as one episode', () => {
    const rises = [heat(10, 8, 7), heat(10, 17, 9, 2.5)]; // a 2-hour dip at 15:00
    const episodes = detectEstrusEpisodes(cow({ days: 13, cadenceMinutes: 10, rises }));
    expect(summary(episodes)).toEqual([`${iso(rises[0]!.start)} detected`]);
  });

  it.each([
    [
      '10-minute blocks, 5 % lost at random, a 6-hour outage the day before and a 2-hour one inside the heat',
      10,
      (time: number, random: () => number) =>
        random() < 0.05 || (time >= at(9, 18) && time < at(10, 0)) || (time >= at(11, 0) && time < at(11, 2)),
    ],
    [
      '2-hour blocks with the weekly 22:00 export block missing and a 3-day outage',
      120,
      (time: number) =>
        (new Date(time).getUTCHours() === 22 && new Date(time).getUTCDay() === 0) ||
        (time >= at(4, 0) && time < at(7, 0)),
    ],
    [
      'a day with no data at all just before the heat',
      10,
      (time: number) => time >= at(9, 0) && time < at(10, 0),
    ],
  ])('tolerates gaps: %s', (_, minutes, missing) => {
    const rise = heat(10, 19);
    const episodes = detectEstrusEpisodes(cow({ days: 14, cadenceMinutes: minutes, rises: [rise], missing }));
    expect(episodes).toHaveLength(1);
    expect(Math.abs((episodes[0]?.onset ?? 0) - rise.start)).toBeLessThanOrEqual(resolution(minutes));
  });

  it('reports nothing across a long outage in a flat cow', () => {
    const points = cow({
      days: 20,
      cadenceMinutes: 10,
      missing: (time) => time >= at(6, 3) && time < at(9, 15),
    });
    expect(detectEstrusEpisodes(points)).toEqual([]);
  });

  it('ignores the first 10 days after a calving when the calving is given', () => {
    const calving = at(5, 4);
    const rises = [heat(8, 10, 12, 2.5), heat(20, 8)]; // restlessness 3 days after calving, then a heat
    const points = cow({ days: 23, cadenceMinutes: 30, rises });
    expect(summary(detectEstrusEpisodes(points, { calvings: [calving] }))).toEqual([
      `${iso(rises[1]!.start)} detected`,
    ]);
    expect(summary(detectEstrusEpisodes(points))).toEqual([
      `${iso(rises[0]!.start)} detected`,
      `${iso(rises[1]!.start)} detected`,
    ]);
  });

  it('does not back-date a heat to a burst of activity that ended 5 hours before it', () => {
    const burst = { start: at(10, 2), hours: 1, factor: 3 }; // over at 03:00
    const rise = heat(10, 8);
    const points = cow({ days: 13, cadenceMinutes: 10, rises: [burst, rise] });
    expect(summary(detectEstrusEpisodes(points))).toEqual([`${iso(rise.start)} detected`]);
    // The plain §9 rule back-dates the onset to the first raised hour of the 12-hour window: the burst.
    expect(summary(detectEstrusEpisodes(points, { parameters: ARCHITECTURE_ESTRUS_PARAMETERS }))).toEqual([
      `${iso(burst.start)} detected`,
    ]);
  });

  it('finds a heat a week after a day of unusual activity, which the plain mean baseline hides', () => {
    const unusualDay = { start: at(3, 0), hours: 24, factor: 3 }; // a regrouping, say
    const rise = heat(9, 8, 12, 1.8);
    const points = cow({ days: 12, cadenceMinutes: 30, rises: [unusualDay, rise], noise: 0.04 });
    const found = (episodes: EstrusEpisode[]) =>
      episodes.filter((episode) => episode.onset >= at(9, 0)).map((episode) => episode.confidence);
    expect(found(detectEstrusEpisodes(points))).toEqual(['detected']);
    expect(found(detectEstrusEpisodes(points, { parameters: { baselineCenter: 'mean' } }))).not.toContain(
      'detected',
    );
  });

  describe("judges a moderate rise against the cow's own day-to-day spread", () => {
    // The same +45 % for 14 hours: a heat in a cow whose days are alike, only suspected in one whose days
    // differ by up to ±50 %, where +45 % is within her ordinary spread.
    const rise = heat(10, 8, 14, 1.45);
    const moderate = (minutes: number, dayNoise: number) =>
      cow({ days: 13, cadenceMinutes: minutes, rises: [rise], noise: 0.04, dayNoise });

    it.each([10, 120])('a steady cow: a heat (%i minutes)', (minutes) => {
      const episodes = detectEstrusEpisodes(moderate(minutes, 0));
      expect(episodes.map((episode) => episode.confidence)).toEqual(['detected']);
      expect(episodes[0]?.riseRatio).toBeGreaterThan(1.4);
      expect(episodes[0]?.riseRatio).toBeLessThan(1.5);
      // Known to its 2-hour block, or to the reading when readings are longer.
      expect(Math.abs((episodes[0]?.onset ?? 0) - rise.start)).toBeLessThanOrEqual(resolution(minutes));
      // The fixed §9 level (+50 % for every cow) calls it only suspected.
      const fixed = detectEstrusEpisodes(moderate(minutes, 0), {
        parameters: { alertSpreads: Number.POSITIVE_INFINITY },
      });
      expect(fixed.map((episode) => episode.confidence)).toEqual(['suspected']);
    });

    it.each([10, 120])('a cow whose days differ: suspected (%i minutes)', (minutes) => {
      const episodes = detectEstrusEpisodes(moderate(minutes, 0.5));
      expect(episodes.map((episode) => episode.confidence)).toEqual(['suspected']);
      expect(episodes[0]?.riseRatio).toBeLessThan(1.5);
      expect(Math.abs((episodes[0]?.onset ?? 0) - rise.start)).toBeLessThanOrEqual(resolution(minutes));
    });

    it.each([10, 120])('never a heat below 1.4×, however steady the cow (%i minutes)', (minutes) => {
      const weak = heat(10, 8, 14, 1.3);
      const points = cow({ days: 13, cadenceMinutes: minutes, rises: [weak], noise: 0.02 });
      expect(detectEstrusEpisodes(points)).toEqual([]);
    });

    it('a cow whose days differ keeps the §9 level (1.5×), and her clear heat is found', () => {
      const rise = heat(10, 20);
      const points = cow({ days: 14, cadenceMinutes: 30, rises: [rise], noise: 0.1, dayNoise: 0.5 });
      // Days ±50 % apart make a day-to-day jump look like a weaker rise now and then (suspected, 103).
      const heats = detectEstrusEpisodes(points).filter((episode) => episode.confidence === 'detected');
      expect(heats.map((episode) => episode.onset)).toEqual([rise.start]);
    });
  });

  it('finds a heat in the first days of a record by looking ahead, and only then', () => {
    const rise = heat(1, 14);
    const points = cow({ days: 12, cadenceMinutes: 60, rises: [rise] });
    expect(summary(detectEstrusEpisodes(points))).toEqual([`${iso(rise.start)} detected`]);
    expect(detectEstrusEpisodes(points, { parameters: { lookAhead: false } })).toEqual([]);
  });

  it('returns nothing for too little data', () => {
    expect(detectEstrusEpisodes([])).toEqual([]);
    expect(detectEstrusEpisodes([{ time: START, activity: 5 }])).toEqual([]);
    expect(detectEstrusEpisodes(cow({ days: 1, cadenceMinutes: 10 }))).toEqual([]);
  });
});

describe('estrusAlertAtLatest', () => {
  /** Replays a series reading by reading, as the server receives it, keeping `historyDays` of history. */
  function replay(points: ActivityPoint[], from: number, historyDays = 9) {
    const events: { time: number; kind: string; confidence: string; onset: number }[] = [];
    for (let end = 0; end < points.length; end += 1) {
      const latest = points[end]!;
      if (latest.time < from) continue;
      const history = points
        .slice(0, end + 1)
        .filter((point) => point.time > latest.time - historyDays * DAY_MS);
      const alert = estrusAlertAtLatest(history);
      if (alert) {
        events.push({
          time: latest.time,
          kind: alert.kind,
          confidence: alert.episode.confidence,
          onset: alert.episode.onset,
        });
      }
    }
    return events;
  }

  it('fires once per heat, at the reading where the whole-series detector raised it', () => {
    const rises = [heat(9, 10), heat(30, 2)];
    const points = cow({ days: 33, cadenceMinutes: 120, rises });
    const episodes = detectEstrusEpisodes(points);
    expect(replay(points, 0)).toEqual(
      episodes.map((episode) => ({
        time: episode.alertAt,
        kind: 'started',
        confidence: 'detected',
        onset: episode.onset,
      })),
    );
  });

  it('fires once at 10-minute blocks, at the reading that completes a 2-hour block', () => {
    const rise = heat(9, 22);
    const points = cow({ days: 11, cadenceMinutes: 10, rises: [rise] });
    const events = replay(points, rise.start + 4 * HOUR_MS);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'started', confidence: 'detected', onset: rise.start });
    expect((events[0]?.time ?? 0) % (2 * HOUR_MS)).toBe(110 * MINUTE_MS);
  });

  it('fires at the next reading when the one that would complete the block is lost', () => {
    const rise = heat(9, 22);
    const points = cow({ days: 11, cadenceMinutes: 10, rises: [rise] });
    const [heatAlert] = replay(points, rise.start);
    const lost = points.filter((point) => point.time !== heatAlert?.time);
    const events = replay(lost, rise.start);
    expect(events).toEqual([{ ...heatAlert, time: (heatAlert?.time ?? 0) + 10 * MINUTE_MS }]);
  });

  it('says suspected first and confirmed once when a weak rise grows into a heat', () => {
    // In a cow whose days differ, so that +45 % is only suspected (a steady cow's would be a heat at once).
    const rises = [heat(10, 6, 10, 1.45), heat(10, 16, 10, 2.5)];
    const points = cow({ days: 12, cadenceMinutes: 60, rises, noise: 0.04, dayNoise: 0.5 });
    const events = replay(points, at(9, 0)); // her days differ by ±50 %: her first week has rises of its own
    expect(events.map(({ kind, confidence }) => `${kind} ${confidence}`)).toEqual([
      'started suspected',
      'confirmed detected',
    ]);
    const heats = detectEstrusEpisodes(points).filter((episode) => episode.onset >= at(9, 0));
    expect(heats.map((episode) => episode.confidence)).toEqual(['detected']);
  });

  it('says nothing when the latest reading starts nothing', () => {
    expect(estrusAlertAtLatest(cow({ days: 10, cadenceMinutes: 10 }))).toBeNull();
    expect(estrusAlertAtLatest([])).toBeNull();
  });
});

describe('findEstrus: a heat building', () => {
  /** `heatBuilding` at each reading from `from` on, as a server that holds the readings up to it sees it. */
  const buildingTimes = (points: readonly ActivityPoint[], from: number) =>
    points.flatMap((point, index) => {
      if (point.time < from) return [];
      const seen = points.slice(0, index + 1);
      return findEstrus(seen, { parameters: { lookAhead: false } }).heatBuilding ? [point.time] : [];
    });

  it('says so from half the raised hours a heat needs until it ends, before the heat is raised', () => {
    const rise = heat(9, 22);
    const points = cow({ days: 11, cadenceMinutes: 10, rises: [rise] });
    const [episode] = findEstrus(points, { parameters: { lookAhead: false } }).episodes;
    const alertAt = episode?.alertAt ?? 0;
    const building = buildingTimes(points, at(8, 0));
    // Never on the ordinary days before; from the reading that completes the 2-hour block in which the raised
    // hours reach half of what a heat needs (22:00-02:00), hours before the rule holds.
    expect(building[0]).toBe(rise.start + 4 * HOUR_MS - 10 * MINUTE_MS);
    expect(building).toContain(alertAt - 10 * MINUTE_MS);
    expect(alertAt - (building[0] ?? 0)).toBeGreaterThanOrEqual(2 * HOUR_MS);
    // It stops once 4 quiet hours follow the rise (the fourth is complete at its last reading).
    expect(building.at(-1)).toBeLessThan(rise.start + (rise.hours + 5) * HOUR_MS);
  });

  it('never says so for a cow with ordinary noisy days', () => {
    const points = cow({ days: 21, cadenceMinutes: 10, noise: 0.2, dayNoise: 0.1, seed: 5 });
    expect(buildingTimes(points, at(9, 0))).toEqual([]);
  });

  it('is false without readings', () => {
    expect(findEstrus([])).toEqual({ episodes: [], heatBuilding: false });
  });
});

describe('a collar off the cow', () => {
  /** A 10-minute cow whose collar lies in a drawer (counts of 0 or 1) from `from` for `days`, then is back on. */
  function collarOffFor(days: number, from = at(14, 10), spec: Partial<CowSpec> = {}) {
    const drawer = seeded(99);
    return cow({ days: from / DAY_MS - START / DAY_MS + days + 12, cadenceMinutes: 10, ...spec }).map(
      (point) =>
        point.time >= from && point.time < from + days * DAY_MS
          ? { ...point, activity: Math.floor(drawer() * 2) }
          : point,
    );
  }
  const plainRule = { parameters: { collarOff: null } };

  it.each([4, 10])('raises no heat when the collar is put back on after %i days', (days) => {
    const points = collarOffFor(days);
    expect(summary(detectEstrusEpisodes(points))).toEqual([]);
    // Taken for the cow, the drawer's week sinks her baseline and the day she has her collar again is a heat.
    expect(summary(detectEstrusEpisodes(points, plainRule)).length).toBeGreaterThan(0);
  });

  it('sends no notice in the live check either, reading by reading', () => {
    const points = collarOffFor(10);
    const backOn = at(24, 10);
    // The server's 11.5 days of history at every reading from the day she has her collar again.
    const alerts = (options: Parameters<typeof estrusAlertAtLatest>[1]) =>
      points
        .map((_, end) => points.slice(Math.max(0, end + 1 - 11.5 * 144), end + 1))
        .filter((history) => (history.at(-1)?.time ?? 0) >= backOn)
        .filter((history) => estrusAlertAtLatest(history, options) !== null);
    expect(alerts({})).toHaveLength(0);
    expect(alerts(plainRule).length).toBeGreaterThan(0);
  });

  it('still finds a heat five days after the collar is back on', () => {
    const points = collarOffFor(4, at(14, 10), { rises: [heat(23, 8)] });
    expect(summary(detectEstrusEpisodes(points))).toEqual(['2024-03-24T08:00 detected']);
  });

  it('keeps a quiet cow that still wears her collar: a third of her usual activity for two days', () => {
    const points = cow({ days: 30, cadenceMinutes: 10 }).map((point) =>
      point.time >= at(14, 10) && point.time < at(16, 10)
        ? { ...point, activity: point.activity / 3 }
        : point,
    );
    const series = toClockBlocks(toRegularSeries(points)!, 2 * HOUR_MS, 0.5)!;
    expect(withoutCollarOff(series, DEFAULT_COLLAR_OFF_PARAMETERS)).toEqual(new Float64Array(series.values));
  });

  it('takes out the whole stretch, across missing blocks, and nothing shorter than 12 hours', () => {
    const blocks = (values: number[]): ActivityBlocks => ({
      start: START,
      cadenceMs: 2 * HOUR_MS,
      values,
      completedAt: values.map((_, index) => START + index * 2 * HOUR_MS),
      readingCadenceMs: 2 * HOUR_MS,
    });
    const worn = Array.from({ length: 12 }, () => 40);
    const off = [2, 1, Number.NaN, 3, 0, 2, 1];
    const short = [2, 1, 3, 0, 2];
    const masked = withoutCollarOff(
      blocks([...worn, ...off, 40, ...short, 40]),
      DEFAULT_COLLAR_OFF_PARAMETERS,
    );
    expect([...masked.slice(12)]).toEqual([...off.map(() => Number.NaN), 40, ...short, 40]);
  });
});
