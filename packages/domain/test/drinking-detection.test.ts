import { describe, expect, it } from 'vitest';
import {
  cleanTemperatures,
  detectDrinkingEvents,
  detectLowDrinking,
  drinkingSummary,
  newestOutsideDrinking,
  temperatureCadenceMs,
  withoutDrinking,
  type TemperaturePoint,
} from '../src/drinking-detection';
import { bolusCow, DAY, HOUR, iso, MINUTE, START } from './detection-fixtures';

const at = (minutes: number) => START + minutes * MINUTE;
/** Readings every 10 minutes from START with these temperatures. */
const series = (...temperatures: number[]): TemperaturePoint[] =>
  temperatures.map((temperature, index) => ({ time: at(index * 10), temperature }));

describe('drinking events', () => {
  it.each([
    {
      name: 'a fall of 0.5 °C in 10 minutes starts an event; it ends on the first reading within 0.3 °C of the level',
      readings: series(39, 39, 39, 38.5, 38.3, 38.6, 38.7, 39),
      events: [{ start: at(30), end: at(60), level: 39, lowest: 38.3, drop: 0.7 }],
    },
    {
      name: 'after a rise that held, the drink comes back to the reading before it, not to the older median',
      readings: series(39, 39, 39, 39, 41, 41, 39.4, 39.6, 40.6, 41),
      events: [{ start: at(60), end: at(90), level: 41, lowest: 39.4, drop: 1.6 }],
    },
    {
      name: 'a single high reading before a fall is no level: the drink comes back to the median',
      readings: series(39, 39, 39, 39, 41, 39, 39),
      events: [{ start: at(50), end: at(60), level: 39, lowest: 39, drop: 0 }],
    },
    {
      name: 'a fall of 0.4 °C is not a drink',
      readings: series(39, 39, 39, 38.6, 38.6, 39),
      events: [],
    },
    {
      name: 'a slow slide to 1.0 °C below the level of the last hour is one',
      readings: series(39, 39, 39, 39, 38.7, 38.4, 38, 38.2, 38.8),
      events: [{ start: at(60), end: at(80), level: 39, lowest: 38, drop: 1 }],
    },
    {
      name: 'an event that does not recover ends 120 minutes after it started',
      readings: series(39, 39, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37),
      events: [{ start: at(20), end: at(140), level: 39, lowest: 37, drop: 2 }],
    },
    {
      name: 'a second fall inside an event is the same drink',
      readings: series(39, 39, 38, 37.4, 38.2, 38.8),
      events: [{ start: at(20), end: at(50), level: 39, lowest: 37.4, drop: 1.6 }],
    },
    {
      name: 'a fall across a 40-minute hole is not a fall "within 10 minutes"',
      readings: [
        { time: at(0), temperature: 39 },
        { time: at(40), temperature: 38.5 },
      ],
      events: [],
    },
  ])('$name', ({ readings, events }) => {
    expect(detectDrinkingEvents(readings)).toEqual(
      events.map((event) => ({ ...event, drop: expect.closeTo(event.drop, 6) as number })),
    );
  });

  it('judges a reading against the last hour: a cow that settled lower over an hour ago is not drinking', () => {
    // Three hours at 40 °C, a slide to 39 °C too slow to count as a fall, an hour at 39 °C, then 38.6 °C:
    // 1.4 °C below the old level but only 0.4 °C below the last hour's.
    const settled = series(
      ...Array<number>(18).fill(40),
      39.8,
      39.6,
      39.4,
      39.2,
      ...Array<number>(7).fill(39),
      38.6,
    );
    expect(detectDrinkingEvents(settled)).toEqual([]);
  });

  it('finds the same drinks when readings arrive late, twice or broken', () => {
    const readings = bolusCow({ days: 2 });
    const resent = readings
      .filter((_, index) => index % 7 === 0)
      .map(({ time }) => ({ time, temperature: 36 }));
    const broken = [
      { time: START + 5 * MINUTE, temperature: Number.NaN },
      { time: START + 15 * MINUTE, temperature: 20 },
    ];
    const messy = [...readings].reverse().concat(resent, broken);
    const events = detectDrinkingEvents(readings);
    expect(events).toHaveLength(18);
    expect(detectDrinkingEvents(messy)).toEqual(events);
  });

  it('finds the nine drinks of every day of a bolus cow, and drops exactly their readings', () => {
    const readings = bolusCow({ days: 3 });
    const events = detectDrinkingEvents(readings);
    expect(events).toHaveLength(27);
    // The drink at hh:05 shows at the hh:10 reading; the dent lasts 40 minutes, so hh:50 is back at the level.
    expect(events.slice(0, 2).map(({ start, end }) => [iso(start), iso(end)])).toEqual([
      ['2024-03-01T00:10:00.000Z', '2024-03-01T00:50:00.000Z'],
      ['2024-03-01T03:10:00.000Z', '2024-03-01T03:50:00.000Z'],
    ]);
    const kept = withoutDrinking(readings, events);
    expect(kept).toHaveLength(readings.length - 27 * 4);
    expect(new Set(kept.map((reading) => reading.temperature))).toEqual(new Set([38.9]));
  });

  it('summarises drinks per day as the cow list shows them', () => {
    const readings = bolusCow({ days: 8, stopDrinkingAt: START + 7 * DAY + 12 * HOUR });
    const events = detectDrinkingEvents(readings);
    const end = START + 8 * DAY - 10 * MINUTE;
    // The last day holds the drinks of 00:05-10:05 only (0, 3, 6, 8, 10 h): five.
    expect(drinkingSummary(events, end, START)).toEqual({ last24Hours: 5, perDayLast7Days: 8.4 });
  });
});

describe("a bolus's temperature now", () => {
  it('is her newest reading outside a drink', () => {
    const readings = series(39, 39, 39, 37.4, 37.6);
    expect(newestOutsideDrinking(readings, detectDrinkingEvents(readings))).toEqual({
      time: at(20),
      temperature: 39,
    });
  });

  it('is what she reads when that is no body temperature: a bolus out of the cow shows as one', () => {
    const readings = series(39, 39, 39, 18, 17.5);
    expect(detectDrinkingEvents(readings)).toEqual([]);
    expect(newestOutsideDrinking(readings, [])).toEqual({ time: at(40), temperature: 17.5 });
  });

  it('is the newest by time in whatever order the readings come, and none without readings', () => {
    const readings = series(39.1, 39.2, 39.3);
    expect(newestOutsideDrinking([...readings].reverse(), [])).toEqual({ time: at(20), temperature: 39.3 });
    expect(newestOutsideDrinking([], [])).toBeUndefined();
  });
});

describe('temperature readings as the detectors see them', () => {
  it('sorts by time, keeps the first reading sent for a time, and drops implausible values', () => {
    const first = { time: at(10), temperature: 38.5 };
    const earlier = { time: at(0), temperature: 38.6 };
    const cleaned = cleanTemperatures([
      first,
      earlier,
      { time: at(10), temperature: 39.9 },
      { time: at(20), temperature: Number.NaN },
      { time: at(30), temperature: 50 },
      { time: Number.NaN, temperature: 38.7 },
    ]);
    expect(cleaned).toEqual([earlier, first]);
  });

  it('tells the block length from the most common gap, in whatever order the readings come', () => {
    const everyTwoHours = [0, 2, 4, 8, 10, 12].map((hour) => ({
      time: START + hour * HOUR,
      temperature: 38.6,
    }));
    expect(temperatureCadenceMs(everyTwoHours)).toBe(2 * HOUR);
    expect(temperatureCadenceMs([...everyTwoHours].reverse())).toBe(2 * HOUR);
    expect(temperatureCadenceMs(everyTwoHours.slice(0, 1))).toBe(10 * MINUTE);
  });
});

describe('low drinking (401, 402)', () => {
  const lastDrink = START + 10 * DAY + 12 * HOUR + 5 * MINUTE;
  const stopped = bolusCow({ days: 12, stopDrinkingAt: lastDrink + 1 });

  it('raises 402 twelve hours after the last drink and 401 when the day holds half her usual drinks, once each', () => {
    const alerts = detectLowDrinking(stopped);
    expect(alerts.map(({ code, at: time }) => [code, iso(time)])).toEqual([
      // The last drink shows at 12:10; twelve hours on, nothing has started since 00:10 next day.
      [402, '2024-03-12T00:10:00.000Z'],
      // Usual: 9 a day. At 00:10 on day 12 the last 24 h hold the 6 drinks since 00:10 … 12:10 minus the one
      // that left: 5 > 4.5. At 03:10 the 03:10 drink of the day before leaves: 4 <= 4.5.
      [401, '2024-03-12T03:10:00.000Z'],
    ]);
    expect(alerts[0]).toMatchObject({ eventsLast24Hours: 5, dailyMean: 9, hoursSinceLastDrink: 12 });
    expect(alerts[1]).toMatchObject({ eventsLast24Hours: 4, dailyMean: 9, hoursSinceLastDrink: 15 });
  });

  it('says nothing about a cow that drinks as usual', () => {
    expect(detectLowDrinking(bolusCow({ days: 12 }))).toEqual([]);
  });

  it('says nothing while the sensor was silent: missing readings are no evidence of missing drinks', () => {
    const silent = bolusCow({
      days: 12,
      missing: (time) => time >= START + 10 * DAY && time < START + 11 * DAY,
    });
    expect(detectLowDrinking(silent)).toEqual([]);
  });

  it('needs a few days of history before judging', () => {
    const short = bolusCow({ days: 3, stopDrinkingAt: START + 1 * DAY });
    expect(detectLowDrinking(short)).toEqual([]);
  });

  it('names a dry spell by its last drink, whenever a detection first saw the rule hold', () => {
    const [dry, low] = detectLowDrinking(stopped);
    // The last drink starts at 12:10 (its first cooled reading); both episodes began there.
    expect([dry?.episodeStart, low?.episodeStart].map((time) => iso(time ?? 0))).toEqual([
      '2024-03-11T12:10:00.000Z',
      '2024-03-11T12:10:00.000Z',
    ]);
    // A detection that missed an hour of readings (another server still writing them) judges the no-drink
    // window only once it is covered again: later, yet the same episode.
    const withHole = stopped.filter(
      (reading) =>
        reading.time < START + 10 * DAY + 20 * HOUR || reading.time >= START + 10 * DAY + 23 * HOUR,
    );
    const late = detectLowDrinking(withHole).find((alert) => alert.code === 402);
    expect(late?.at).toBeGreaterThan(dry?.at ?? Infinity);
    expect(late?.episodeStart).toBe(dry?.episodeStart);
  });

  it('gives the same alerts whatever part of the past the window holds', () => {
    const window = stopped.filter((reading) => reading.time >= START + 2 * DAY);
    expect(detectLowDrinking(window)).toEqual(detectLowDrinking(stopped));
  });
});
