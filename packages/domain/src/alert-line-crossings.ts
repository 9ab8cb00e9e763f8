// The farmer's own alert lines (`uplow`: an upper and a lower line for temperature and for activity per
// sensor, drawn on its charts): notices 204 (temperature above the line), 213 (below), 304 (activity above)
// and 305 (below). A farmer who draws a line expects to be told when the cow crosses it; the thresholds are
// theirs, so this rule adds no judgement of its own beyond telling a crossing from an artefact:
//  - A crossing is confirmed by two consecutive readings beyond the line and raised at the second. A single
//    reading beyond it is often an artefact (a bolus touching cold water, a collar knocked against a rail, a
//    radio glitch) and is gone at the next reading.
//  - The episode ends the same way, on two consecutive readings back inside: one artefact reading inside a
//    real crossing must not end it and raise the same crossing again ten minutes later.
//  - An episode is reported only when the data shows it begin: the rule starts as if the cow were already
//    beyond every line, until readings show her inside. So a run over a window that starts in the middle of
//    an episode reports nothing, and again like the other detectors, every run that sees an episode begin
//    names it by the same first reading.
//  - A hole longer than 3 hours breaks a run of readings: no data is no evidence either way.
// Activity lines compare each reading's own activity, as the form labels them ("per reading") and the charts
// draw them. On a rumen bolus, readings inside a drinking event are not judged: every drink cools the rumen by
// about 2 °C for up to two hours (drinking-detection.ts), which would cross a lower line nine times a day.

import { HOUR_MS } from './activity-series';
import { cleanTemperatures, drinkFilteredTemperatures, type TemperaturePoint } from './drinking-detection';

export type AlertLineCode = 204 | 213 | 304 | 305;

/** The user's lines of one sensor; null where no line is drawn. */
export interface AlertLineBounds {
  readonly tempUp: number | null;
  readonly tempLow: number | null;
  readonly activityUp: number | null;
  readonly activityLow: number | null;
}

/** One reading: epoch ms, °C and the reading's activity count, either possibly missing. */
export interface AlertLineReading {
  readonly time: number;
  readonly temperature: number | null;
  readonly activity: number | null;
}

export interface AlertLineOptions {
  /** Rumen bolus ("pill" sensor): readings inside drinking events are not judged. */
  readonly bolus?: boolean;
}

export interface AlertLineCrossing {
  readonly code: AlertLineCode;
  /** The second reading beyond the line: when a live system raises the notice. */
  readonly at: number;
  /** The first reading beyond the line; with the cow and the code it names the notice. */
  readonly episodeStart: number;
  /** The reading at `at`. */
  readonly value: number;
  readonly line: number;
}

/** Readings beyond a line in a row that confirm a crossing, and back inside that end it. */
export const CONFIRMING_READINGS = 2;
/** A hole longer than this between two readings of a kind breaks a run. */
export const RUN_GAP_MS = 3 * HOUR_MS;

interface Sample {
  readonly time: number;
  readonly value: number;
}

interface Line {
  readonly code: AlertLineCode;
  readonly line: number;
  readonly beyond: (value: number) => boolean;
}

/** Every confirmed crossing of one line in one series, oldest first. */
function crossingsOf(samples: readonly Sample[], { code, line, beyond }: Line): AlertLineCrossing[] {
  const crossings: AlertLineCrossing[] = [];
  let inEpisode = true;
  // Readings in a row on the other side from the current state, and the first of them.
  let streak = 0;
  let streakStart = 0;
  let previousTime = -Infinity;
  for (const { time, value } of samples) {
    if (time - previousTime > RUN_GAP_MS) streak = 0;
    previousTime = time;
    if (beyond(value) === inEpisode) {
      streak = 0;
      continue;
    }
    if (streak === 0) streakStart = time;
    streak += 1;
    if (streak < CONFIRMING_READINGS) continue;
    streak = 0;
    inEpisode = !inEpisode;
    if (inEpisode) crossings.push({ code, at: time, episodeStart: streakStart, value, line });
  }
  return crossings;
}

/** Sorted by time, one reading per time (the first), broken counts dropped. */
function activitySamples(readings: readonly AlertLineReading[]): Sample[] {
  const samples: Sample[] = [];
  // The server's readings come in time order: noticing that on the way spares the sort (see cleanTemperatures).
  let rising = true;
  let lastTime = -Infinity;
  for (const { time, activity } of readings) {
    if (activity === null || !Number.isFinite(time) || !Number.isFinite(activity) || activity < 0) continue;
    rising &&= time > lastTime;
    lastTime = time;
    samples.push({ time, value: activity });
  }
  if (rising) return samples;
  samples.sort((a, b) => a.time - b.time);
  return samples.filter((sample, index) => index === 0 || sample.time !== samples[index - 1]?.time);
}

/** Plausible temperatures in time order; on a bolus without the readings inside drinking events. */
function temperatureSamples(readings: readonly AlertLineReading[], bolus: boolean): Sample[] {
  const points: TemperaturePoint[] = [];
  for (const { time, temperature } of readings) if (temperature !== null) points.push({ time, temperature });
  const judged = bolus ? drinkFilteredTemperatures(points).readings : cleanTemperatures(points);
  const samples: Sample[] = [];
  for (const { time, temperature } of judged) samples.push({ time, value: temperature });
  return samples;
}

const above = (line: number) => (value: number) => value > line;
const below = (line: number) => (value: number) => value < line;

/**
 * Every confirmed crossing of one cow's alert lines in her readings (in any order), oldest first. A line that
 * is null is not watched; with no line drawn the readings are not even read.
 */
export function detectAlertLineCrossings(
  readings: readonly AlertLineReading[],
  bounds: AlertLineBounds,
  options: AlertLineOptions = {},
): AlertLineCrossing[] {
  const { tempUp, tempLow, activityUp, activityLow } = bounds;
  const temperatureLines: Line[] = [];
  if (tempUp !== null) temperatureLines.push({ code: 204, line: tempUp, beyond: above(tempUp) });
  if (tempLow !== null) temperatureLines.push({ code: 213, line: tempLow, beyond: below(tempLow) });
  const activityLines: Line[] = [];
  if (activityUp !== null) activityLines.push({ code: 304, line: activityUp, beyond: above(activityUp) });
  if (activityLow !== null) activityLines.push({ code: 305, line: activityLow, beyond: below(activityLow) });

  const crossings: AlertLineCrossing[] = [];
  if (temperatureLines.length > 0) {
    const samples = temperatureSamples(readings, options.bolus ?? false);
    for (const line of temperatureLines) crossings.push(...crossingsOf(samples, line));
  }
  if (activityLines.length > 0) {
    const samples = activitySamples(readings);
    for (const line of activityLines) crossings.push(...crossingsOf(samples, line));
  }
  return crossings.sort((a, b) => a.at - b.at || a.code - b.code);
}
