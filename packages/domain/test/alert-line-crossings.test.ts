import { describe, expect, it } from 'vitest';
import {
  detectAlertLineCrossings,
  type AlertLineBounds,
  type AlertLineReading,
} from '../src/alert-line-crossings';
import { bolusCow, DAY, HOUR, MINUTE, START, step } from './detection-fixtures';

const NO_LINES: AlertLineBounds = { tempUp: null, tempLow: null, activityUp: null, activityLow: null };
const at = (minutes: number) => START + minutes * MINUTE;

/** Readings every 10 minutes from START with these temperatures (null: the reading has none). */
const temperatures = (...values: (number | null)[]): AlertLineReading[] =>
  values.map((temperature, index) => ({ time: at(index * 10), temperature, activity: null }));
const activities = (...values: (number | null)[]): AlertLineReading[] =>
  values.map((activity, index) => ({ time: at(index * 10), temperature: null, activity }));

const FEVER_LINE: AlertLineBounds = { ...NO_LINES, tempUp: 39.5 };

describe('alert line crossings', () => {
  it.each([
    {
      name: '204 when the temperature stays above the upper line',
      bounds: { ...NO_LINES, tempUp: 39.5 },
      readings: temperatures(39, 39, 39.6, 39.8, 39.9),
      crossing: { code: 204, at: at(30), episodeStart: at(20), value: 39.8, line: 39.5 },
    },
    {
      name: '213 when the temperature stays below the lower line',
      bounds: { ...NO_LINES, tempLow: 38 },
      readings: temperatures(38.6, 38.5, 37.9, 37.5, 37.4),
      crossing: { code: 213, at: at(30), episodeStart: at(20), value: 37.5, line: 38 },
    },
    {
      name: '304 when the activity of readings stays above the upper line',
      bounds: { ...NO_LINES, activityUp: 40 },
      readings: activities(20, 25, 41, 60, 55),
      crossing: { code: 304, at: at(30), episodeStart: at(20), value: 60, line: 40 },
    },
    {
      name: '305 when the activity of readings stays below the lower line',
      bounds: { ...NO_LINES, activityLow: 5 },
      readings: activities(20, 8, 4, 0, 3),
      crossing: { code: 305, at: at(30), episodeStart: at(20), value: 0, line: 5 },
    },
  ])('$name, at the second reading beyond it', ({ bounds, readings, crossing }) => {
    expect(detectAlertLineCrossings(readings, bounds)).toEqual([crossing]);
  });

  it('reads a reading on the line as inside it', () => {
    expect(detectAlertLineCrossings(temperatures(39, 39, 39.5, 39.5, 39.5), FEVER_LINE)).toEqual([]);
    expect(detectAlertLineCrossings(activities(20, 20, 5, 5, 5), { ...NO_LINES, activityLow: 5 })).toEqual(
      [],
    );
  });

  it('raises an episode once however long it lasts, and the next crossing again', () => {
    const readings = temperatures(
      ...[39, 39],
      ...Array<number>(30).fill(40),
      ...[39, 39, 39],
      ...[39.7, 39.9, 40],
    );
    expect(detectAlertLineCrossings(readings, FEVER_LINE).map(({ at: time }) => time)).toEqual([
      at(30),
      at(360),
    ]);
  });

  it('ignores a single reading beyond the line: one reading is often an artefact', () => {
    expect(detectAlertLineCrossings(temperatures(39, 39, 41, 39, 39, 42, 39), FEVER_LINE)).toEqual([]);
  });

  it('does not end an episode on a single reading back inside, so it is not raised twice', () => {
    const readings = temperatures(39, 39, 40, 40, 39.2, 40, 40, 39.1, 40, 40);
    expect(detectAlertLineCrossings(readings, FEVER_LINE)).toEqual([
      { code: 204, at: at(30), episodeStart: at(20), value: 40, line: 39.5 },
    ]);
  });

  it('reports nothing for an episode already going on when the readings start', () => {
    expect(detectAlertLineCrossings(temperatures(40, 40, 40, 40.2, 40.1), FEVER_LINE)).toEqual([]);
    // Nor when one reading inside interrupts it: that is no proof the episode ended.
    expect(detectAlertLineCrossings(temperatures(40, 40, 39, 40, 40), FEVER_LINE)).toEqual([]);
    // Once the cow is seen inside, the next crossing counts.
    expect(
      detectAlertLineCrossings(temperatures(40, 40, 39, 39, 40, 40), FEVER_LINE).map(({ at: time }) => time),
    ).toEqual([at(50)]);
  });

  it('finds in any later window the same crossings as in the whole series, or none of them', () => {
    const readings = bolusCow({
      days: 3,
      shift: (time) =>
        step(START + DAY + 90 * MINUTE, START + DAY + 6 * HOUR, 1.2)(time) +
        step(START + 2 * DAY, START + 2 * DAY + 3 * HOUR, 1)(time),
      rhythm: 0.3,
    }).map(({ time, temperature }) => ({ time, temperature, activity: null }));
    const bounds = { ...NO_LINES, tempUp: 39.6, tempLow: 38.7 };
    const whole = detectAlertLineCrossings(readings, bounds, { bolus: true });
    expect(new Set(whole.map(({ code }) => code))).toEqual(new Set([204, 213]));
    for (let skip = 0; skip < readings.length; skip += 7) {
      const window = detectAlertLineCrossings(readings.slice(skip), bounds, { bolus: true });
      for (const crossing of window) expect(whole).toContainEqual(crossing);
    }
  });

  it('lets a hole of more than 3 hours break a run, but not one of 3 hours', () => {
    const across = (holeMinutes: number): AlertLineReading[] => [
      ...temperatures(39, 39, 40),
      { time: at(20 + holeMinutes), temperature: 40, activity: null },
    ];
    expect(detectAlertLineCrossings(across(3 * 60 + 10), FEVER_LINE)).toEqual([]);
    expect(detectAlertLineCrossings(across(3 * 60), FEVER_LINE)).toEqual([
      { code: 204, at: at(200), episodeStart: at(20), value: 40, line: 39.5 },
    ]);
  });

  it('counts consecutive readings of the kind the line is about, skipping readings without it', () => {
    expect(detectAlertLineCrossings(temperatures(39, 39, 40, null, 40), FEVER_LINE)).toEqual([
      { code: 204, at: at(40), episodeStart: at(20), value: 40, line: 39.5 },
    ]);
  });

  it('finds the same crossings in readings that arrive out of order or twice', () => {
    const readings = temperatures(39, 39, 40, 40, 39, 39, 40, 40).map((reading, index) => ({
      ...reading,
      activity: index < 2 ? 30 : 60,
    }));
    const bounds = { ...FEVER_LINE, activityUp: 50 };
    const inOrder = detectAlertLineCrossings(readings, bounds);
    expect(inOrder.map(({ code, at: time }) => [code, time])).toEqual([
      [204, at(30)],
      [304, at(30)],
      [204, at(70)],
    ]);
    const resent = readings.map((reading) => ({ ...reading, temperature: 41, activity: 99 }));
    expect(detectAlertLineCrossings([...readings].reverse().concat(resent), bounds)).toEqual(inOrder);
  });

  it('does nothing without lines, and watches only the lines that are drawn', () => {
    const wild: AlertLineReading[] = [39, 39, 42, 42, 35, 35, 39, 39].map((temperature, index) => ({
      time: at(index * 10),
      temperature,
      activity: index % 4 < 2 ? 10 : 900,
    }));
    expect(detectAlertLineCrossings(wild, NO_LINES)).toEqual([]);
    expect(detectAlertLineCrossings(wild, { ...NO_LINES, tempLow: 36 }).map(({ code }) => code)).toEqual([
      213,
    ]);
  });

  it('does not take the drinks of a bolus for a temperature below the lower line', () => {
    // Nine drinks a day, each cooling the rumen from 38.9 to 37.4 °C for 40 minutes; from day 2 at 06:00 she
    // stops drinking and falls to 37.6 °C for good.
    const fall = START + 2 * DAY + 6 * HOUR;
    const readings = bolusCow({ days: 3, stopDrinkingAt: fall, shift: step(fall, Infinity, -1.3) }).map(
      ({ time, temperature }) => ({ time, temperature, activity: null }),
    );
    const lowLine = { ...NO_LINES, tempLow: 38 };
    expect(detectAlertLineCrossings(readings, lowLine).length).toBeGreaterThan(15);
    const onBolus = detectAlertLineCrossings(readings, lowLine, { bolus: true });
    // The fall looks like a drink for its first two hours; then it is a cow below her line.
    expect(onBolus).toEqual([
      { code: 213, at: fall + 130 * MINUTE, episodeStart: fall + 120 * MINUTE, value: 37.6, line: 38 },
    ]);
  });
});
