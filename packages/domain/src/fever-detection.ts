// Fever (notices 201 slight, 202 moderate, 203 severe) and low temperature (211 below baseline, 212 sudden drop).
//
// Fever uses the spec's own deviation rule (§5): deviation = temperature − (average + tempadd), with the bands
// 0.5 / 1 / 1.5 °C of the cow list's temperature filter, so an alert and the list always agree. A cow without a
// tempadd adds 0, not the spec's 0.45: her average already leaves a bolus's drinks out (decision 0013).
// Architecture §9 adds what makes it an alert rather than a reading: the average is the cow's own over the
// previous 10 days, and a band must hold for 2 hours. A +0.8 °C rise over a 10-day mean found clinical mastitis
// with 67 % sensitivity and 77 % specificity (Adams et al. 2013, rumen boluses); a single high reading is
// usually a sensor artefact, a hot afternoon or exercise, and is gone within the hour.
//
// On a rumen bolus every drink dents the temperature for up to two hours (drinking-detection.ts), so bolus
// readings are drink-filtered first: readings inside a drinking event are neither judged nor averaged.
//
// Low temperature (§6 codes 211/212; §9 gives no rule, so this one is ours, to tune): a body temperature held
// 1 °C or more below the cow's own 10-day average for 2 hours (211), or a fall of 1 °C or more below the level of
// the 3 hours before, held for an hour once drinks are filtered out (212). Normal rumen temperature swings about
// ±0.4 °C over a day; a sustained fall of a degree is what hypocalcaemia (milk fever: 36-38 °C), shock or a
// sensor out of the body look like.
//
// Every alert belongs to an episode, and an episode is reported only when the data shows it begin (a judged
// calm reading comes before it), so a detector run over a window that starts in the middle of an episode never
// reports it again. Within a fever episode each band is reported at most once and only upwards: a fever that
// climbs from slight to severe sends 201 and then 203, never 201 twice. A low-temperature episode sends one
// notice, 212 when the fall was sudden, else 211. A higher band comes at least an hour after the previous
// notice of the episode, so a fever climbing within the hour sends one notice now and one update later.

import { DAY_MS, HOUR_MS } from './activity-series';
import { DEFAULT_TEMPERATURE_OFFSET_CELSIUS } from './constants';
import { TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS } from './cow-filter';
import {
  cleanTemperatures,
  detectDrinkingEvents,
  temperatureCadenceMs,
  withoutDrinking,
  type DrinkingEvent,
  type TemperaturePoint,
} from './drinking-detection';

export type FeverCode = 201 | 202 | 203;
export type LowTemperatureCode = 211 | 212;
export type TemperatureAlertCode = FeverCode | LowTemperatureCode;

export interface TemperatureParameters {
  /** The average is taken over this many days before each reading (§9). */
  readonly averageDays: number;
  /** Hours of readings the average needs (at the series' cadence, half of them present). */
  readonly minAverageHours: number;
  /** A fever band must hold this long (§9). */
  readonly holdHours: number;
  /** A hole longer than this breaks a run: no data is no evidence either way. */
  readonly runGapHours: number;
  /** A fever episode ends once the deviation has stayed below the slight band this long. */
  readonly recoveryHours: number;
  /** … or after a hole this long in the data. */
  readonly episodeGapHours: number;
  /** A higher band of an episode is reported no sooner than this after its previous notice. */
  readonly escalationGapHours: number;
  /** 211: this far below the average … */
  readonly lowBelowAverageCelsius: number;
  /** … held this long. */
  readonly lowHoldHours: number;
  /** 212: this far below the mean of the hours before … */
  readonly dropCelsius: number;
  readonly dropReferenceHours: number;
  /** … held this long. */
  readonly dropHoldHours: number;
  /** A low-temperature episode ends once the temperature has been back above average − this for `recoveryHours`. */
  readonly lowRecoveredBelowAverageCelsius: number;
}

export const DEFAULT_TEMPERATURE_PARAMETERS: TemperatureParameters = {
  averageDays: 10,
  minAverageHours: 24,
  holdHours: 2,
  runGapHours: 3,
  recoveryHours: 2,
  episodeGapHours: 12,
  escalationGapHours: 1,
  lowBelowAverageCelsius: 1.0,
  lowHoldHours: 2,
  dropCelsius: 1.0,
  dropReferenceHours: 3,
  dropHoldHours: 1,
  lowRecoveredBelowAverageCelsius: 0.5,
};

export interface TemperatureOptions {
  /** The cow's tempadd; null or absent means the default, 0 °C (decision 0013). */
  readonly offset?: number | null;
  /** Rumen bolus ("pill" sensor): drink-filter the readings first. */
  readonly bolus?: boolean;
  /** A bolus's drinking events when already found, oldest first (`detectDrinkingEvents`); else found here. */
  readonly drinkingEvents?: readonly DrinkingEvent[];
  readonly parameters?: Partial<TemperatureParameters>;
}

export interface TemperatureAlert {
  readonly code: TemperatureAlertCode;
  /** The reading at which the rule first held: when a live system raises the notice. */
  readonly at: number;
  /** The first reading of the episode (back-dated onset); with the cow and the code it names the notice. */
  readonly episodeStart: number;
  /** Since when the alerting band (or drop) has held. */
  readonly heldSince: number;
  /** The reading at `at`, °C. */
  readonly temperature: number;
  /** The cow's 10-day average at `at`, °C. */
  readonly average: number;
  /** Fever: the spec's deviation, temperature − (average + offset). Low temperature: temperature − average. */
  readonly deviation: number;
  /**
   * The value that held throughout: the lowest deviation over the held time (fever), the highest
   * temperature − average (211), minus the smallest fall below the reference (212).
   */
  readonly heldDeviation: number;
  /** 212 only: the level the temperature fell from. */
  readonly reference?: number;
}

const FEVER_BANDS: readonly { code: FeverCode; bound: number }[] = [
  { code: 201, bound: TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS.slight },
  { code: 202, bound: TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS.moderate },
  { code: 203, bound: TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS.severe },
];

// Readings have two decimals; float subtraction must not move a reading on a band edge out of its band.
const EPSILON = 1e-6;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The parameters in the units the loop compares, tolerance included, worked out once per series: the loop
 * runs for every reading of every cow on each pass, so it does no unit conversion of its own.
 */
interface TemperatureLimits {
  readonly offset: number;
  readonly cadence: number;
  readonly averageWindowMs: number;
  readonly minAverageReadings: number;
  readonly referenceWindowMs: number;
  readonly runGapMs: number;
  readonly episodeGapMs: number;
  readonly recoveryMs: number;
  /** How long a run must last, less the tolerance, for each rule. */
  readonly feverHoldMs: number;
  readonly escalationGapMs: number;
  readonly lowHoldMs: number;
  readonly dropHoldMs: number;
  /** Temperature − average at or below which a reading counts for 211 … */
  readonly lowBelowAverage: number;
  /** … and for staying in a low-temperature episode. */
  readonly stillLowBelowAverage: number;
  /** The fall below the reference that counts for 212. */
  readonly dropAtLeast: number;
}

function temperatureLimits(options: TemperatureOptions, cadence: number): TemperatureLimits {
  const p = { ...DEFAULT_TEMPERATURE_PARAMETERS, ...options.parameters };
  const holdMs = (hours: number) => hours * HOUR_MS - EPSILON;
  return {
    offset:
      typeof options.offset === 'number' && Number.isFinite(options.offset)
        ? options.offset
        : DEFAULT_TEMPERATURE_OFFSET_CELSIUS,
    cadence,
    averageWindowMs: p.averageDays * DAY_MS,
    minAverageReadings: Math.max(1, Math.ceil((p.minAverageHours * HOUR_MS) / cadence / 2)),
    referenceWindowMs: p.dropReferenceHours * HOUR_MS,
    runGapMs: p.runGapHours * HOUR_MS,
    episodeGapMs: p.episodeGapHours * HOUR_MS,
    recoveryMs: p.recoveryHours * HOUR_MS,
    feverHoldMs: holdMs(p.holdHours),
    escalationGapMs: holdMs(p.escalationGapHours),
    lowHoldMs: holdMs(p.lowHoldHours),
    dropHoldMs: holdMs(p.dropHoldHours),
    lowBelowAverage: -p.lowBelowAverageCelsius + EPSILON,
    stillLowBelowAverage: -p.lowRecoveredBelowAverageCelsius + EPSILON,
    dropAtLeast: p.dropCelsius - EPSILON,
  };
}

/** Whether a run that began at `since` has lasted `heldMs` by the reading at `now` (which covers a block). */
function heldLongEnough(since: number | undefined, now: number, limits: TemperatureLimits, heldMs: number) {
  return since !== undefined && now - since + limits.cadence >= heldMs;
}

interface AlertFacts {
  readonly code: TemperatureAlertCode;
  readonly episodeStart: number;
  readonly heldSince: number;
  readonly heldDeviation: number;
  readonly reference?: number;
}

function temperatureAlert(
  reading: TemperaturePoint,
  average: number,
  deviation: number,
  facts: AlertFacts,
): TemperatureAlert {
  return {
    code: facts.code,
    at: reading.time,
    episodeStart: facts.episodeStart,
    heldSince: facts.heldSince,
    temperature: reading.temperature,
    average: round2(average),
    deviation: round2(deviation),
    heldDeviation: round2(facts.heldDeviation),
    ...(facts.reference === undefined ? {} : { reference: round2(facts.reference) }),
  };
}

/**
 * A sliding window of readings with its running sum. Readings go in in time order and at most once, so the
 * window is a stretch of two flat arrays sized for the whole series up front.
 */
class Window {
  private readonly times: Float64Array;
  private readonly temperatures: Float64Array;
  private head = 0;
  private tail = 0;
  private sum = 0;

  constructor(capacity: number) {
    this.times = new Float64Array(capacity);
    this.temperatures = new Float64Array(capacity);
  }

  push(point: TemperaturePoint): void {
    this.times[this.tail] = point.time;
    this.temperatures[this.tail] = point.temperature;
    this.tail += 1;
    this.sum += point.temperature;
  }

  dropBefore(time: number): void {
    while (this.head < this.tail && (this.times[this.head] ?? Infinity) < time) {
      this.sum -= this.temperatures[this.head] ?? 0;
      this.head += 1;
    }
  }

  get count(): number {
    return this.tail - this.head;
  }

  mean(): number | undefined {
    return this.count === 0 ? undefined : this.sum / this.count;
  }
}

/** A stretch of readings in one fever band. */
interface FeverRun {
  readonly code: FeverCode;
  /** The band's lower bound, less the tolerance. */
  readonly from: number;
  /** When the run began; undefined while the deviation is below the band. */
  since: number | undefined;
  /** The lowest deviation of the run. */
  lowest: number;
}

interface FeverEpisode {
  start: number;
  reportable: boolean;
  alertedBand: number;
  alertedAt: number;
  lastFever: number;
}

/** Fever runs and episodes over the judged readings, one reading at a time (codes 201-203). */
class FeverTracker {
  private readonly runs: FeverRun[] = FEVER_BANDS.map(({ code, bound }) => ({
    code,
    from: bound - EPSILON,
    since: undefined,
    lowest: Infinity,
  }));
  private episode: FeverEpisode | undefined;
  /** The last calm judged reading: an episode is reported only when one comes before it. */
  private lastCalm: TemperaturePoint | undefined;
  /** Whether the last reading was in the slight band or above. */
  isFever = false;

  constructor(private readonly limits: TemperatureLimits) {}

  get inEpisode(): boolean {
    return this.episode !== undefined;
  }

  /** Takes the next judged reading; returns the alert it raises, if any. */
  observe(reading: TemperaturePoint, average: number, gap: number): TemperatureAlert | undefined {
    const { time } = reading;
    const deviation = reading.temperature - (average + this.limits.offset);
    this.isFever = deviation >= (this.runs[0]?.from ?? 0);
    // The common case, kept cheap: a calm reading outside an episode. The bands are ascending, so below the
    // slight band every band's run is over.
    if (!this.isFever && !this.episode) {
      for (const run of this.runs) run.since = undefined;
      this.lastCalm = reading;
      return undefined;
    }
    this.extendRuns(time, deviation, gap);
    if (this.episode && this.ended(this.episode, time, gap)) this.episode = undefined;
    const heldBand = this.highestHeldBand(time);
    if (!this.episode && heldBand >= 0) {
      const start = this.runs[0]?.since ?? time;
      this.episode = {
        start,
        reportable: this.lastCalm !== undefined && this.lastCalm.time < start,
        alertedBand: -1,
        alertedAt: -Infinity,
        lastFever: time,
      };
    }
    if (!this.episode) {
      if (!this.isFever) this.lastCalm = reading;
      return undefined;
    }
    if (this.isFever) this.episode.lastFever = time;
    return this.escalate(this.episode, heldBand, reading, average, deviation);
  }

  private ended(episode: FeverEpisode, time: number, gap: number): boolean {
    return (
      gap > this.limits.episodeGapMs || (!this.isFever && time - episode.lastFever >= this.limits.recoveryMs)
    );
  }

  private extendRuns(time: number, deviation: number, gap: number): void {
    const broken = gap > this.limits.runGapMs;
    for (const run of this.runs) {
      if (broken) run.since = undefined;
      if (deviation >= run.from) {
        if (run.since === undefined) {
          run.since = time;
          run.lowest = Infinity;
        }
        run.lowest = Math.min(run.lowest, deviation);
      } else run.since = undefined;
    }
  }

  private highestHeldBand(time: number): number {
    for (let band = this.runs.length - 1; band >= 0; band -= 1) {
      if (heldLongEnough(this.runs[band]?.since, time, this.limits, this.limits.feverHoldMs)) return band;
    }
    return -1;
  }

  // A fever that climbs within the hour would otherwise send 201, 202 and 203 minutes apart: a higher band is
  // reported once the last notice is an hour old, as the highest band held by then. An hour, not a hold
  // period: a severe fever is the most urgent notice there is, and a slight one must not hold it back long.
  private escalate(
    episode: FeverEpisode,
    heldBand: number,
    reading: TemperaturePoint,
    average: number,
    deviation: number,
  ): TemperatureAlert | undefined {
    const escalationDue = reading.time - episode.alertedAt >= this.limits.escalationGapMs;
    const run = this.runs[heldBand];
    if (heldBand <= episode.alertedBand || !escalationDue || !run) return undefined;
    episode.alertedBand = heldBand;
    episode.alertedAt = reading.time;
    if (!episode.reportable) return undefined;
    return temperatureAlert(reading, average, deviation, {
      code: run.code,
      episodeStart: episode.start,
      heldSince: run.since ?? reading.time,
      heldDeviation: run.lowest,
    });
  }
}

interface Drop {
  readonly start: number;
  readonly reference: number;
  smallest: number;
}

interface LowEpisode {
  reportable: boolean;
  lastLow: number;
}

/** Low-temperature runs, sudden drops and episodes over the judged readings (codes 211 and 212). */
class LowTemperatureTracker {
  /** Since when the temperature has been at least `lowBelowAverageCelsius` below the average (211) … */
  private run: number | undefined;
  /** … and the highest temperature − average since. */
  private runHighest = -Infinity;
  private drop: Drop | undefined;
  private episode: LowEpisode | undefined;
  /** The last calm judged reading: an episode is reported only when one comes before it. */
  private lastCalm: TemperaturePoint | undefined;
  private isLow = false;

  constructor(private readonly limits: TemperatureLimits) {}

  get inEpisode(): boolean {
    return this.episode !== undefined;
  }

  /** Whether the last reading may be the start of a low-temperature episode. */
  get suspect(): boolean {
    return this.isLow || this.drop !== undefined;
  }

  /** Takes the next judged reading; returns the alert it raises, if any. */
  observe(
    reading: TemperaturePoint,
    average: number,
    gap: number,
    reference: number | undefined,
  ): TemperatureAlert | undefined {
    const { time } = reading;
    const below = reading.temperature - average;
    if (gap > this.limits.runGapMs) {
      this.run = undefined;
      this.drop = undefined;
    }
    this.extendRun(time, below);
    this.extendDrop(reading, reference);
    this.isLow = below <= this.limits.stillLowBelowAverage;
    if (this.episode && this.ended(this.episode, time, gap)) this.episode = undefined;
    const alert = this.episode ? undefined : this.begin(reading, average, below);
    if (this.episode) {
      if (this.isLow) this.episode.lastLow = time;
    } else if (!this.isLow && this.drop === undefined) this.lastCalm = reading;
    return alert;
  }

  private ended(episode: LowEpisode, time: number, gap: number): boolean {
    return (
      gap > this.limits.episodeGapMs || (!this.isLow && time - episode.lastLow >= this.limits.recoveryMs)
    );
  }

  private extendRun(time: number, below: number): void {
    if (below <= this.limits.lowBelowAverage) {
      if (this.run === undefined) {
        this.run = time;
        this.runHighest = -Infinity;
      }
      this.runHighest = Math.max(this.runHighest, below);
    } else this.run = undefined;
  }

  private extendDrop({ time, temperature }: TemperaturePoint, reference: number | undefined): void {
    const { dropAtLeast } = this.limits;
    if (this.drop && this.drop.reference - temperature >= dropAtLeast) {
      this.drop.smallest = Math.min(this.drop.smallest, this.drop.reference - temperature);
    } else if (!this.drop && reference !== undefined && reference - temperature >= dropAtLeast) {
      this.drop = { start: time, reference, smallest: reference - temperature };
    } else this.drop = undefined;
  }

  /** Opens an episode when a rule holds; the alert when the data showed it begin. */
  private begin(reading: TemperaturePoint, average: number, below: number): TemperatureAlert | undefined {
    const { time } = reading;
    // A fall that ends at the cow's normal level is a fever breaking, not a low temperature.
    const drop = this.isLow ? this.drop : undefined;
    const sudden =
      drop !== undefined && heldLongEnough(drop.start, time, this.limits, this.limits.dropHoldMs);
    const sustained = heldLongEnough(this.run, time, this.limits, this.limits.lowHoldMs);
    if (!sudden && !sustained) return undefined;
    const start = sudden ? drop.start : (this.run ?? time);
    this.episode = { reportable: this.lastCalm !== undefined && this.lastCalm.time < start, lastLow: time };
    if (!this.episode.reportable) return undefined;
    const facts: AlertFacts = sudden
      ? {
          code: 212,
          episodeStart: start,
          heldSince: drop.start,
          heldDeviation: -drop.smallest,
          reference: drop.reference,
        }
      : { code: 211, episodeStart: start, heldSince: this.run ?? time, heldDeviation: this.runHighest };
    return temperatureAlert(reading, average, below, facts);
  }
}

// Setting an array's length is a runtime call even when it is already 0; this runs for every reading.
function clear(items: TemperaturePoint[]): void {
  if (items.length > 0) items.length = 0;
}

/**
 * Every fever and low-temperature alert in one cow's temperature series, oldest first. Give the whole recent
 * history (the 10 days the average needs and then some); alerts come only from the part the history covers.
 */
export function detectTemperatureAlerts(
  points: readonly TemperaturePoint[],
  options: TemperatureOptions = {},
): TemperatureAlert[] {
  const cleaned = cleanTemperatures(points);
  const limits = temperatureLimits(options, temperatureCadenceMs(cleaned));
  const readings = options.bolus
    ? withoutDrinking(cleaned, options.drinkingEvents ?? detectDrinkingEvents(cleaned))
    : cleaned;
  return judgeReadings(readings, limits);
}

/** The alerts of clean (and, on a bolus, drink-filtered) readings, judged in time order. */
function judgeReadings(readings: readonly TemperaturePoint[], limits: TemperatureLimits): TemperatureAlert[] {
  const baseline = new Window(readings.length);
  const recent = new Window(readings.length);
  const fever = new FeverTracker(limits);
  const low = new LowTemperatureTracker(limits);
  const alerts: TemperatureAlert[] = [];
  const pending: TemperaturePoint[] = [];
  let previousTime: number | undefined;

  for (const reading of readings) {
    const { time } = reading;
    const gap = previousTime === undefined ? 0 : time - previousTime;
    previousTime = time;
    baseline.dropBefore(time - limits.averageWindowMs);
    recent.dropBefore(time - limits.referenceWindowMs);
    const average = baseline.count >= limits.minAverageReadings ? baseline.mean() : undefined;
    const reference = recent.mean();
    recent.push(reading);
    if (average === undefined) {
      baseline.push(reading);
      continue;
    }
    const feverAlert = fever.observe(reading, average, gap);
    if (feverAlert) alerts.push(feverAlert);
    const lowAlert = low.observe(reading, average, gap, reference);
    if (lowAlert) alerts.push(lowAlert);

    // A reading that may belong to an episode waits: it joins the average only once the run turns out to be
    // nothing, so a fever never raises the average it is judged against.
    if (fever.inEpisode || low.inEpisode) clear(pending);
    else if (fever.isFever || low.suspect) pending.push(reading);
    else {
      for (const waiting of pending) baseline.push(waiting);
      clear(pending);
      baseline.push(reading);
    }
  }
  return alerts;
}
