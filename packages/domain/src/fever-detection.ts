// Fever (notices 201 slight, 202 moderate, 203 severe) and low temperature (211 below baseline, 212 sudden drop).
//
// Fever uses the spec's own deviation rule (§5): deviation = temperature − (average + tempadd, default 0.45),
// with the bands 0.5 / 1 / 1.5 °C of the cow list's temperature filter, so an alert and the list always agree.
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
// notice, 212 when the fall was sudden, else 211. A higher band comes at least 2 hours after the previous
// notice of the episode, so a fever climbing within the hour sends one notice now and one update later.

import { DAY_MS, HOUR_MS } from './activity-series';
import { DEFAULT_TEMPERATURE_OFFSET_CELSIUS } from './constants';
import { TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS } from './cow-filter';
import {
  cleanTemperatures,
  drinkFilteredTemperatures,
  temperatureCadenceMs,
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
  lowBelowAverageCelsius: 1.0,
  lowHoldHours: 2,
  dropCelsius: 1.0,
  dropReferenceHours: 3,
  dropHoldHours: 1,
  lowRecoveredBelowAverageCelsius: 0.5,
};

export interface TemperatureOptions {
  /** The cow's tempadd; null or absent means the default 0.45 °C. */
  readonly offset?: number | null;
  /** Rumen bolus ("pill" sensor): drink-filter the readings first. */
  readonly bolus?: boolean;
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

/** A sliding window of readings with its running sum. */
class Window {
  private readonly items: TemperaturePoint[] = [];
  private head = 0;
  private sum = 0;

  push(point: TemperaturePoint): void {
    this.items.push(point);
    this.sum += point.temperature;
  }

  dropBefore(time: number): void {
    while (this.head < this.items.length && (this.items[this.head]?.time ?? Infinity) < time) {
      this.sum -= this.items[this.head]?.temperature ?? 0;
      this.head += 1;
    }
  }

  get count(): number {
    return this.items.length - this.head;
  }

  mean(): number | undefined {
    return this.count === 0 ? undefined : this.sum / this.count;
  }
}

interface FeverEpisode {
  start: number;
  reportable: boolean;
  alertedBand: number;
  alertedAt: number;
  lastFever: number;
}

interface LowEpisode {
  reportable: boolean;
  lastLow: number;
}

/**
 * Every fever and low-temperature alert in one cow's temperature series, oldest first. Give the whole recent
 * history (the 10 days the average needs and then some); alerts come only from the part the history covers.
 */
export function detectTemperatureAlerts(
  points: readonly TemperaturePoint[],
  options: TemperatureOptions = {},
): TemperatureAlert[] {
  const p = { ...DEFAULT_TEMPERATURE_PARAMETERS, ...options.parameters };
  const offset =
    typeof options.offset === 'number' && Number.isFinite(options.offset)
      ? options.offset
      : DEFAULT_TEMPERATURE_OFFSET_CELSIUS;
  const cleaned = cleanTemperatures(points);
  const cadence = temperatureCadenceMs(cleaned);
  const readings = options.bolus ? drinkFilteredTemperatures(cleaned).readings : cleaned;
  const minAverageReadings = Math.max(1, Math.ceil((p.minAverageHours * HOUR_MS) / cadence / 2));
  const held = (since: number | undefined, now: number, hours: number) =>
    since !== undefined && now - since + cadence >= hours * HOUR_MS - EPSILON;

  const baseline = new Window();
  const recent = new Window();
  const alerts: TemperatureAlert[] = [];
  const feverRuns: (number | undefined)[] = FEVER_BANDS.map(() => undefined);
  const feverRunLows: number[] = FEVER_BANDS.map(() => Infinity);
  let lowRun: number | undefined;
  let lowRunHighest = -Infinity;
  let drop: { start: number; reference: number; smallest: number } | undefined;
  let fever: FeverEpisode | undefined;
  let low: LowEpisode | undefined;
  let lastCalmForFever: number | undefined;
  let lastCalmForLow: number | undefined;
  let previousTime: number | undefined;
  const pending: TemperaturePoint[] = [];

  for (const reading of readings) {
    const { time, temperature } = reading;
    const gap = previousTime === undefined ? 0 : time - previousTime;
    previousTime = time;
    baseline.dropBefore(time - p.averageDays * DAY_MS);
    recent.dropBefore(time - p.dropReferenceHours * HOUR_MS);
    const average = baseline.count >= minAverageReadings ? baseline.mean() : undefined;
    const reference = recent.mean();
    recent.push(reading);
    if (average === undefined) {
      baseline.push(reading);
      continue;
    }
    const deviation = temperature - (average + offset);
    const below = temperature - average;
    const alert = (
      code: TemperatureAlertCode,
      episodeStart: number,
      heldSince: number,
      heldDeviation: number,
    ) =>
      alerts.push({
        code,
        at: time,
        episodeStart,
        heldSince,
        temperature,
        average: round2(average),
        deviation: round2(code < 210 ? deviation : below),
        heldDeviation: round2(heldDeviation),
        ...(code === 212 && drop ? { reference: round2(drop.reference) } : {}),
      });

    // ---- fever
    if (gap > p.runGapHours * HOUR_MS) feverRuns.fill(undefined);
    FEVER_BANDS.forEach(({ bound }, band) => {
      if (deviation >= bound - EPSILON) {
        if (feverRuns[band] === undefined) feverRunLows[band] = Infinity;
        feverRuns[band] ??= time;
        feverRunLows[band] = Math.min(feverRunLows[band] ?? Infinity, deviation);
      } else feverRuns[band] = undefined;
    });
    const isFever = deviation >= (FEVER_BANDS[0]?.bound ?? 0) - EPSILON;
    if (
      fever &&
      (gap > p.episodeGapHours * HOUR_MS || (!isFever && time - fever.lastFever >= p.recoveryHours * HOUR_MS))
    ) {
      fever = undefined;
    }
    let heldBand = -1;
    FEVER_BANDS.forEach((_band, band) => {
      if (held(feverRuns[band], time, p.holdHours)) heldBand = band;
    });
    if (!fever && heldBand >= 0) {
      const start = feverRuns[0] ?? time;
      fever = {
        start,
        reportable: lastCalmForFever !== undefined && lastCalmForFever < start,
        alertedBand: -1,
        alertedAt: -Infinity,
        lastFever: time,
      };
    }
    if (fever) {
      if (isFever) fever.lastFever = time;
      // A fever that climbs within the hour would otherwise send 201, 202 and 203 minutes apart: a higher
      // band is reported once the last notice is a hold period old, as the highest band held by then.
      const escalationDue = time - fever.alertedAt >= p.holdHours * HOUR_MS - EPSILON;
      if (heldBand > fever.alertedBand && escalationDue) {
        const band = FEVER_BANDS[heldBand];
        if (fever.reportable && band) {
          alert(band.code, fever.start, feverRuns[heldBand] ?? time, feverRunLows[heldBand] ?? deviation);
        }
        fever.alertedBand = heldBand;
        fever.alertedAt = time;
      }
    } else if (!isFever) lastCalmForFever = time;

    // ---- low temperature
    if (gap > p.runGapHours * HOUR_MS) {
      lowRun = undefined;
      drop = undefined;
    }
    if (below <= -p.lowBelowAverageCelsius + EPSILON) {
      if (lowRun === undefined) lowRunHighest = -Infinity;
      lowRun ??= time;
      lowRunHighest = Math.max(lowRunHighest, below);
    } else lowRun = undefined;
    if (drop && drop.reference - temperature >= p.dropCelsius - EPSILON) {
      drop.smallest = Math.min(drop.smallest, drop.reference - temperature);
    } else if (!drop && reference !== undefined && reference - temperature >= p.dropCelsius - EPSILON) {
      drop = { start: time, reference, smallest: reference - temperature };
    } else drop = undefined;
    const isLow = below <= -p.lowRecoveredBelowAverageCelsius + EPSILON;
    if (
      low &&
      (gap > p.episodeGapHours * HOUR_MS || (!isLow && time - low.lastLow >= p.recoveryHours * HOUR_MS))
    ) {
      low = undefined;
    }
    // A fall that ends at the cow's normal level is a fever breaking, not a low temperature.
    const sudden = drop !== undefined && isLow && held(drop.start, time, p.dropHoldHours);
    const sustained = held(lowRun, time, p.lowHoldHours);
    if (!low && (sudden || sustained)) {
      const start = sudden && drop ? drop.start : (lowRun ?? time);
      low = { reportable: lastCalmForLow !== undefined && lastCalmForLow < start, lastLow: time };
      if (low.reportable) {
        if (sudden && drop) alert(212, start, drop.start, -drop.smallest);
        else alert(211, start, lowRun ?? time, lowRunHighest);
      }
    }
    if (low) {
      if (isLow) low.lastLow = time;
    } else if (!isLow && drop === undefined) lastCalmForLow = time;

    // A reading that may belong to an episode waits: it joins the average only once the run turns out to be
    // nothing, so a fever never raises the average it is judged against.
    const suspect = isFever || isLow || drop !== undefined;
    if (fever || low) pending.length = 0;
    else if (suspect) pending.push(reading);
    else {
      for (const waiting of pending.splice(0)) baseline.push(waiting);
      baseline.push(reading);
    }
  }
  return alerts;
}
