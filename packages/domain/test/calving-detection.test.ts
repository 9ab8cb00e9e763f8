import { describe, expect, it } from 'vitest';
import { calvingWatchPeriod, detectCalvingAlerts } from '../src/calving-detection';
import { detectDrinkingEvents } from '../src/drinking-detection';
import { bolusCow, DAY, HOUR, iso, neckCow, START, step } from './detection-fixtures';

// The fall starts on day 16 at 18:00; the cow is expected to calve on day 18.
const FALL = START + 16 * DAY + 18 * HOUR;
const EXPECTED = START + 18 * DAY;
const DAYS = 20;

describe('calving within 24 h (501): the same-hour temperature falls against the day before', () => {
  it.each([
    {
      name: 'neck collar, a fall of 0.4 °C: at 0.3 °C once 18 of the 24 hours compared are after the fall',
      readings: neckCow({ days: DAYS, rhythm: 0.2, shift: step(FALL, Infinity, -0.4) }),
      bolus: false,
      expected: [{ at: FALL + 18 * HOUR, drop: 0.3, daysToExpected: 0.5 }],
    },
    {
      name: 'bolus, a fall of 0.25 °C: the bolus threshold 0.2 °C is reached after 20 hours',
      readings: bolusCow({ days: DAYS, shift: step(FALL, Infinity, -0.25) }),
      bolus: true,
      expected: [{ at: FALL + 20 * HOUR, drop: 0.21, daysToExpected: 0.4 }],
    },
    {
      name: 'neck collar, a fall of 0.2 °C: below the threshold',
      readings: neckCow({ days: DAYS, rhythm: 0.2, shift: step(FALL, Infinity, -0.2) }),
      bolus: false,
      expected: [],
    },
    {
      name: 'a bolus without the filter would see every drink; with it, a steady cow shows nothing',
      readings: bolusCow({ days: DAYS }),
      bolus: true,
      expected: [],
    },
  ])('$name', ({ readings, bolus, expected }) => {
    const alerts = detectCalvingAlerts(readings, { expectedCalving: EXPECTED, bolus });
    expect(alerts).toEqual(
      expected.map((alert) => ({ code: 501, episodeStart: alert.at, pairedHours: 24, ...alert })),
    );
    // The drinking events found beforehand give the same alerts as finding them here.
    const drinkingEvents = detectDrinkingEvents(readings);
    expect(detectCalvingAlerts(readings, { expectedCalving: EXPECTED, bolus, drinkingEvents })).toEqual(
      alerts,
    );
  });

  it.each([
    // 24 hours compared, 3 without a pair: 19 hours after the fall, 16 of the 21 left are after it (0.4 × 16/21).
    { name: 'a hole on the day of the fall', holeFrom: FALL + 10 * HOUR, after: 19 },
    // 12:00-15:00 the day before, so 12:00-15:00 of the fall day have no pair: already 16 hours after the fall,
    // 16 of the 21 left are after it.
    { name: 'a hole on the day before', holeFrom: FALL - 30 * HOUR, after: 16 },
  ])('leaves out hours without a reading on either day: $name', ({ holeFrom, after }) => {
    const readings = neckCow({
      days: DAYS,
      rhythm: 0.2,
      shift: step(FALL, Infinity, -0.4),
      missing: (time) => time >= holeFrom && time < holeFrom + 3 * HOUR,
    });
    const alerts = detectCalvingAlerts(readings, { expectedCalving: EXPECTED });
    expect(alerts.map(({ at, drop, pairedHours }) => ({ at: iso(at), drop, pairedHours }))).toEqual([
      { at: iso(FALL + after * HOUR), drop: 0.3, pairedHours: 21 },
    ]);
  });

  it('sends one notice for one fall, even as the temperature stays low for days', () => {
    const alerts = detectCalvingAlerts(neckCow({ days: DAYS, shift: step(FALL - 3 * DAY, Infinity, -0.5) }), {
      expectedCalving: EXPECTED,
    });
    expect(alerts.map(({ at }) => iso(at))).toEqual([iso(FALL - 3 * DAY + 15 * HOUR)]);
  });

  it('watches only late pregnancy: 10 days before the expected date, or from day 270 of gestation', () => {
    const readings = neckCow({ days: DAYS, shift: step(FALL, Infinity, -0.5) });
    expect(detectCalvingAlerts(readings, { expectedCalving: EXPECTED + 20 * DAY })).toEqual([]);
    // Service 270 days before day 15: the watch has started by the fall on day 16.
    const alerts = detectCalvingAlerts(readings, {
      expectedCalving: EXPECTED + 20 * DAY,
      serviceDate: START + 15 * DAY - 270 * DAY,
    });
    expect(alerts.map(({ at, daysToExpected }) => [iso(at), daysToExpected])).toEqual([
      [iso(FALL + 15 * HOUR), 20.6],
    ]);
  });

  it('computes the watched period', () => {
    expect(calvingWatchPeriod({ expectedCalving: EXPECTED })).toEqual({
      from: EXPECTED - 10 * DAY,
      to: EXPECTED + 15 * DAY,
    });
  });
});
