// Drinking from a rumen bolus ("pill" sensor) and low drinking: notices 401 (low drinking) and 402 (no drinking
// for 12 h), plus the drink filter every other temperature rule runs on.
//
// A drink of cold water cools the rumen at once: natural drinks drop rumen temperature by 2.3 ± 1.8 °C, and it
// takes up to ~100 minutes to come back; a cow drinks about nine times a day (architecture §9's research
// summary; the recovery time grows with the volume and coldness of the water, Bewley et al. 2008). So a bolus series is mostly body temperature with short, deep dents; read naively, every
// dent looks like a cold cow and drags averages down. The dents are found from the fall (architecture §9):
//  - a drinking event starts when the temperature falls >= 0.5 °C within 10 minutes, or lies >= 1.0 °C below
//    the recent level (the median of the last hour outside events);
//  - it ends when the temperature is back within 0.3 °C of that level, or 120 minutes after it started;
//  - readings inside an event are excluded from fever, baselines and calving (`withoutDrinking`).
// Fall-slope rules of this kind reach >= 90 % sensitivity and > 96 % positive predictive value against
// recorded drinks (architecture §9); smaXtec's "drinking cycles" are counted the same way.
//
// Low drinking compares the cow with herself: drinking events in the last 24 h against her own daily mean of
// the 7 days before (smaXtec alerts on "too few drinking cycles" the same way), and a 12-hour stretch without
// any. Both need the sensor to have reported most of the time: a silent bolus sees no drinks either.

import { DAY_MS, HOUR_MS, MINUTE_MS, inferCadenceMs } from './activity-series';

/** One temperature reading: `time` in epoch ms, °C. */
export interface TemperaturePoint {
  readonly time: number;
  readonly temperature: number;
}

/** A body temperature outside this range is a broken reading (or a bolus lying in cold water), not a cow. */
export const PLAUSIBLE_TEMPERATURE_CELSIUS = { min: 30, max: 45 } as const;

function isPlausible(point: TemperaturePoint): boolean {
  return (
    Number.isFinite(point.time) &&
    Number.isFinite(point.temperature) &&
    point.temperature >= PLAUSIBLE_TEMPERATURE_CELSIUS.min &&
    point.temperature <= PLAUSIBLE_TEMPERATURE_CELSIUS.max
  );
}

/** Sorted by time, one reading per time (the first), implausible values dropped. */
export function cleanTemperatures(points: readonly TemperaturePoint[]): TemperaturePoint[] {
  const plausible: TemperaturePoint[] = [];
  // Every detector cleans the same series, which nearly always comes in time order already: noticing that
  // on the way spares the sort and the duplicate pass.
  let rising = true;
  let lastTime = -Infinity;
  for (const point of points) {
    if (!isPlausible(point)) continue;
    rising &&= point.time > lastTime;
    lastTime = point.time;
    plausible.push(point);
  }
  if (rising) return plausible;
  const sorted = plausible.sort((a, b) => a.time - b.time);
  return sorted.filter((point, index) => index === 0 || point.time !== sorted[index - 1]?.time);
}

/** The block length of a temperature series (the most common gap), 10 minutes when it cannot be told. */
export function temperatureCadenceMs(points: readonly TemperaturePoint[]): number {
  return (
    inferCadenceMs(points.map((point) => ({ time: point.time, activity: point.temperature }))) ??
    10 * MINUTE_MS
  );
}

export interface DrinkingParameters {
  /** A fall of at least this much … */
  readonly fallCelsius: number;
  /** … from the previous reading no more than this long before starts an event. */
  readonly fallWithinMinutes: number;
  /** A reading this far below the recent level starts an event however slowly it got there. */
  readonly belowLevelCelsius: number;
  /** The recent level is the median of the readings outside events over this long before. */
  readonly levelMinutes: number;
  /** The event ends when the temperature is back within this of the level … */
  readonly recoveryCelsius: number;
  /** … or this long after it started. */
  readonly maxEventMinutes: number;
}

export const DEFAULT_DRINKING_PARAMETERS: DrinkingParameters = {
  fallCelsius: 0.5,
  fallWithinMinutes: 10,
  belowLevelCelsius: 1.0,
  levelMinutes: 60,
  recoveryCelsius: 0.3,
  maxEventMinutes: 120,
};

/** One drink. Readings in [start, end) belong to it. */
export interface DrinkingEvent {
  readonly start: number;
  /** The first recovered reading, or start + 120 min. */
  readonly end: number;
  /** The level before the drink, °C. */
  readonly level: number;
  /** The lowest reading of the event, °C. */
  readonly lowest: number;
  /** level − lowest, °C. */
  readonly drop: number;
}

// Clock jitter of a gateway: a reading 11 minutes after the previous one is still "within 10 minutes".
const JITTER_MS = 90_000;
// Readings have two decimals; 39.1 − 38.6 is 0.4999999… in floating point and must count as 0.5.
const EPSILON = 1e-6;

/**
 * The recent level: the median of the calm readings (outside events) of the last `spanMs`. The window holds
 * a handful of readings and moves on by one at a time, so it keeps its temperatures sorted as they come and
 * go instead of sorting a copy for every reading.
 */
class CalmLevel {
  private readonly calm: TemperaturePoint[] = [];
  private oldest = 0;
  private readonly sorted: number[] = [];

  constructor(private readonly spanMs: number) {}

  add(reading: TemperaturePoint): void {
    this.calm.push(reading);
    insertSorted(this.sorted, reading.temperature);
  }

  /** The median of the calm readings from `spanMs` before `time` on; undefined when there are none. */
  at(time: number): number | undefined {
    while (this.oldest < this.calm.length && (this.calm[this.oldest]?.time ?? 0) < time - this.spanMs) {
      removeSorted(this.sorted, this.calm[this.oldest]?.temperature ?? Number.NaN);
      this.oldest += 1;
    }
    const { sorted } = this;
    if (sorted.length === 0) return undefined;
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1
      ? sorted[middle]
      : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
  }
}

// The window holds a few readings (six at the 10-minute cadence): moving them by hand beats `splice`.

function insertSorted(sorted: number[], value: number): void {
  let index = sorted.length;
  for (; index > 0 && (sorted[index - 1] ?? 0) > value; index -= 1) sorted[index] = sorted[index - 1] ?? 0;
  sorted[index] = value;
}

function removeSorted(sorted: number[], value: number): void {
  let index = sorted.indexOf(value);
  if (index < 0) return;
  for (; index < sorted.length - 1; index += 1) sorted[index] = sorted[index + 1] ?? 0;
  sorted.pop();
}

interface OpenEvent {
  start: number;
  level: number;
  lowest: number;
}

function closedEvent(open: OpenEvent, end: number): DrinkingEvent {
  return { start: open.start, end, level: open.level, lowest: open.lowest, drop: open.level - open.lowest };
}

/** Every drinking event in one bolus series, oldest first. */
export function detectDrinkingEvents(
  points: readonly TemperaturePoint[],
  parameters: Partial<DrinkingParameters> = {},
): DrinkingEvent[] {
  const p = { ...DEFAULT_DRINKING_PARAMETERS, ...parameters };
  const maxEventMs = p.maxEventMinutes * MINUTE_MS;
  const fallWithinMs = p.fallWithinMinutes * MINUTE_MS + JITTER_MS;
  const readings = cleanTemperatures(points);
  const events: DrinkingEvent[] = [];
  const calm = new CalmLevel(p.levelMinutes * MINUTE_MS);
  let open: OpenEvent | null = null;
  let previous: TemperaturePoint | undefined;
  let beforePrevious: TemperaturePoint | undefined;
  // The reading just before a sudden fall, when it held from the reading before it: where the rumen comes back
  // to. The last hour's median lags a temperature that has just risen (a fever's first hour), and a drink
  // judged against it would end at once, its cold readings taken for the cow's.
  const heldBeforeFall = (): number | undefined =>
    previous !== undefined &&
    beforePrevious !== undefined &&
    previous.time - beforePrevious.time <= fallWithinMs &&
    Math.abs(previous.temperature - beforePrevious.temperature) < p.fallCelsius - EPSILON
      ? previous.temperature
      : undefined;

  for (const reading of readings) {
    if (open !== null) {
      const timedOut = reading.time >= open.start + maxEventMs;
      const recovered = reading.temperature >= open.level - p.recoveryCelsius - EPSILON;
      if (timedOut || recovered) {
        events.push(closedEvent(open, timedOut ? open.start + maxEventMs : reading.time));
        open = null;
      } else {
        open.lowest = Math.min(open.lowest, reading.temperature);
        beforePrevious = previous;
        previous = reading;
        continue;
      }
    }
    const level = calm.at(reading.time);
    const fell =
      previous !== undefined &&
      reading.time - previous.time <= fallWithinMs &&
      previous.temperature - reading.temperature >= p.fallCelsius - EPSILON;
    const below = level !== undefined && level - reading.temperature >= p.belowLevelCelsius - EPSILON;
    if (fell || below) {
      const calmLevel = level ?? previous?.temperature ?? reading.temperature;
      const held = fell ? heldBeforeFall() : undefined;
      open = {
        start: reading.time,
        level: held === undefined ? calmLevel : Math.max(calmLevel, held),
        lowest: reading.temperature,
      };
    } else {
      calm.add(reading);
    }
    beforePrevious = previous;
    previous = reading;
  }
  // An event still open at the end of the data ends at its time limit: it is cut, not recovered.
  if (open !== null) events.push(closedEvent(open, open.start + maxEventMs));
  return events;
}

/** The readings outside drinking events: what fever, low temperature, calving and baselines look at. */
export function withoutDrinking(
  points: readonly TemperaturePoint[],
  events: readonly DrinkingEvent[],
): TemperaturePoint[] {
  const readings = cleanTemperatures(points);
  const kept: TemperaturePoint[] = [];
  let index = 0;
  for (const reading of readings) {
    while (index < events.length && (events[index]?.end ?? 0) <= reading.time) index += 1;
    const event = events[index];
    if (event === undefined || reading.time < event.start) kept.push(reading);
  }
  return kept;
}

/**
 * A bolus's temperature now: her newest reading outside a drinking event. An implausible reading counts (it
 * is no drink): a bolus lying in cold water or out of the cow must show as what it reads, not as the last body
 * temperature it saw.
 */
export function newestOutsideDrinking(
  points: readonly TemperaturePoint[],
  events: readonly DrinkingEvent[],
): TemperaturePoint | undefined {
  let newest: TemperaturePoint | undefined;
  // Backwards: the series nearly always comes in time order, so the first reading outside a drink ends it.
  for (let index = points.length - 1; index >= 0; index -= 1) {
    const point = points[index];
    if (point === undefined || !Number.isFinite(point.temperature)) continue;
    if (newest !== undefined && point.time <= newest.time) continue;
    if (!events.some((event) => point.time >= event.start && point.time < event.end)) newest = point;
  }
  return newest;
}

/** The drink filter in one step: detect the events, drop their readings. */
export function drinkFilteredTemperatures(
  points: readonly TemperaturePoint[],
  parameters: Partial<DrinkingParameters> = {},
): { readings: TemperaturePoint[]; events: DrinkingEvent[] } {
  const events = detectDrinkingEvents(points, parameters);
  return { readings: withoutDrinking(points, events), events };
}

// ---- how much a cow drinks -------------------------------------------------------------------------------

export interface DrinkingSummary {
  /** Drinking events that started in the 24 hours up to `at`. */
  readonly last24Hours: number;
  /** Events per day over the 7 days up to `at` (over the days the data covers when it covers fewer). */
  readonly perDayLast7Days: number;
}

/** Events that started in (from, to]. */
function startedIn(events: readonly DrinkingEvent[], from: number, to: number): number {
  let count = 0;
  for (const { start } of events) if (start > from && start <= to) count += 1;
  return count;
}

/** The cow's drink values (`drink_current`, `drink` on the wire) at `at`. */
export function drinkingSummary(
  events: readonly DrinkingEvent[],
  at: number,
  dataStart: number,
): DrinkingSummary {
  const since = (ms: number) => startedIn(events, at - ms, at);
  const coveredDays = Math.min(7, Math.max(1, (at - dataStart) / DAY_MS));
  return {
    last24Hours: since(DAY_MS),
    perDayLast7Days: Math.round((since(7 * DAY_MS) / coveredDays) * 10) / 10,
  };
}

// ---- low drinking: 401 and 402 ----------------------------------------------------------------------------

export interface LowDrinkingParameters {
  /** 401 when the last 24 h hold at most this share of the cow's own daily mean … */
  readonly lowShare: number;
  /** … and the episode ends when they are back above this share. */
  readonly recoveredShare: number;
  /** Days before the last 24 h that the daily mean is taken over (§9: the cow's own 7-day mean). */
  readonly baselineDays: number;
  /** Days of those that must be covered by readings. */
  readonly minBaselineDays: number;
  /**
   * A cow whose bolus sees fewer drinks a day than this cannot be judged (a bolus that sits where drinks do not
   * reach it, a calf): "half of almost nothing" is noise.
   */
  readonly minDailyMean: number;
  /** 402 after this long without a drinking event. */
  readonly noDrinkHours: number;
  /** Share of the expected readings a window must hold to be judged: a silent sensor sees no drinks either. */
  readonly minCoverage: number;
}

export const DEFAULT_LOW_DRINKING_PARAMETERS: LowDrinkingParameters = {
  lowShare: 0.5,
  recoveredShare: 0.7,
  baselineDays: 7,
  minBaselineDays: 3,
  minDailyMean: 3,
  noDrinkHours: 12,
  minCoverage: 0.8,
};

export type LowDrinkingCode = 401 | 402;

export interface LowDrinkingAlert {
  readonly code: LowDrinkingCode;
  /** The reading at which the rule first held: the notice time. */
  readonly at: number;
  /**
   * What names the episode: the start of her last drink before it (the moment the dry spell began), or `at`
   * when the data holds none. The time the rule first holds depends on which readings a detection saw (a
   * window not yet covered is not judged); the last drink does not, so two views of one dry spell name it
   * alike.
   */
  readonly episodeStart: number;
  /** Drinking events in the 24 h up to `at`. */
  readonly eventsLast24Hours: number;
  /** The cow's own mean per day over the days before. */
  readonly dailyMean: number;
  /** Hours since the last drinking event (null: none in the data). */
  readonly hoursSinceLastDrink: number | null;
}

/**
 * How many values of an ascending array lie at or below t − offset, for a few fixed offsets, as t moves forward
 * through a series: each count only moves on, so a whole pass walks the array once per offset instead of
 * searching it for every reading. Windows that share a bound (one day's start is the next day's end) share
 * its count.
 */
class TrailingCounts {
  private readonly counts: Int32Array;

  constructor(
    private readonly sorted: readonly number[],
    private readonly offsets: readonly number[],
  ) {
    this.counts = new Int32Array(offsets.length);
  }

  /** Moves every count to time `time`. */
  advanceTo(time: number): void {
    const { sorted, offsets, counts } = this;
    for (let slot = 0; slot < offsets.length; slot += 1) {
      const bound = time - (offsets[slot] ?? 0);
      let count = counts[slot] ?? 0;
      while (count < sorted.length && (sorted[count] ?? Infinity) <= bound) count += 1;
      counts[slot] = count;
    }
  }

  /** Values in (t − offsets[older], t − offsets[newer]]. */
  between(older: number, newer: number): number {
    return (this.counts[newer] ?? 0) - (this.counts[older] ?? 0);
  }
}

function lowDrinkingAlert(
  code: LowDrinkingCode,
  at: number,
  eventsLast24Hours: number,
  dailyMean: number,
  lastDrink: number | undefined,
): LowDrinkingAlert {
  const hoursSince = lastDrink === undefined ? null : (at - lastDrink) / HOUR_MS;
  return {
    code,
    at,
    episodeStart: lastDrink ?? at,
    eventsLast24Hours,
    dailyMean: Math.round(dailyMean * 10) / 10,
    hoursSinceLastDrink: hoursSince === null ? null : Math.round(hoursSince * 10) / 10,
  };
}

/** How many whole days 1, 2, … fit in `days` (none when it is not a number). */
function wholeDaysUpTo(days: number): number {
  return days >= 1 ? Math.floor(days) : 0;
}

/**
 * Low-drinking episodes of one bolus series, as the alerts that open them, oldest first. An episode is
 * reported only when the data shows it begin (a judged reading without the condition comes first), so a
 * window that starts in the middle of one never reports it again.
 */
export function detectLowDrinking(
  points: readonly TemperaturePoint[],
  options: {
    /** The series' drinking events when already found, oldest first (as `detectDrinkingEvents` gives them). */
    readonly events?: readonly DrinkingEvent[];
    readonly parameters?: Partial<LowDrinkingParameters>;
  } = {},
): LowDrinkingAlert[] {
  const p = { ...DEFAULT_LOW_DRINKING_PARAMETERS, ...options.parameters };
  const readings = cleanTemperatures(points);
  const events = options.events ?? detectDrinkingEvents(readings);
  const cadence = temperatureCadenceMs(readings);
  const noDrinkWindow = p.noDrinkHours * HOUR_MS;
  const baselineDays = wholeDaysUpTo(p.baselineDays);
  // The bounds counted, as offsets back from each reading (the reading itself, the no-drink window, whole days
  // 1 … baselineDays + 1), and their slots.
  const atReading = 0;
  const noDrinkFrom = 1;
  const daysBack = (days: number) => 1 + days;
  const offsets = [
    0,
    noDrinkWindow,
    ...Array.from({ length: baselineDays + 1 }, (_, day) => (day + 1) * DAY_MS),
  ];
  // Readings are in time order, so every bound only moves forward (see `TrailingCounts`).
  const readingCounts = new TrailingCounts(
    readings.map((reading) => reading.time),
    offsets,
  );
  const eventCounts = new TrailingCounts(
    events.map((event) => event.start),
    offsets,
  );
  const expectedPerDay = DAY_MS / cadence;
  const coveredBetween = (older: number, newer: number, expected: number) =>
    readingCounts.between(older, newer) >= p.minCoverage * expected;

  const dailyMean = (): number | undefined => {
    let drinks = 0;
    let days = 0;
    for (let back = 1; back <= baselineDays; back += 1) {
      if (coveredBetween(daysBack(back + 1), daysBack(back), expectedPerDay)) {
        drinks += eventCounts.between(daysBack(back + 1), daysBack(back));
        days += 1;
      }
    }
    return days >= p.minBaselineDays ? drinks / days : undefined;
  };

  const alerts: LowDrinkingAlert[] = [];
  // Per code: undefined = not judged yet, false = judged and not in an episode, true = in an episode.
  const state: Record<LowDrinkingCode, boolean | undefined> = { 401: undefined, 402: undefined };
  let lastDrink: number | undefined;
  let eventIndex = 0;
  for (const { time } of readings) {
    while (eventIndex < events.length && (events[eventIndex]?.start ?? Infinity) <= time) {
      lastDrink = events[eventIndex]?.start;
      eventIndex += 1;
    }
    readingCounts.advanceTo(time);
    eventCounts.advanceTo(time);
    const mean = dailyMean();
    if (mean === undefined || mean < p.minDailyMean) continue;
    const last24 = eventCounts.between(daysBack(1), atReading);
    if (coveredBetween(daysBack(1), atReading, expectedPerDay)) {
      const low = last24 <= p.lowShare * mean;
      const recovered = last24 > p.recoveredShare * mean;
      if (state[401] === false && low) alerts.push(lowDrinkingAlert(401, time, last24, mean, lastDrink));
      if (state[401] === undefined) state[401] = low;
      else if (low) state[401] = true;
      else if (recovered) state[401] = false;
    }
    if (coveredBetween(noDrinkFrom, atReading, noDrinkWindow / cadence)) {
      const dry = eventCounts.between(noDrinkFrom, atReading) === 0;
      if (state[402] === false && dry) alerts.push(lowDrinkingAlert(402, time, last24, mean, lastDrink));
      state[402] = dry;
    }
  }
  return alerts;
}
