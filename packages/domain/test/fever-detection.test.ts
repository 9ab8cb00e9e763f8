import { describe, expect, it } from 'vitest';
import { detectDrinkingEvents } from '../src/drinking-detection';
import { detectTemperatureAlerts, type TemperatureAlert } from '../src/fever-detection';
import { bolusCow, DAY, HOUR, iso, MINUTE, neckCow, START, step, sumOf } from './detection-fixtures';

// Twelve days of a bolus cow at 38.9 °C with nine drinks a day; things happen on day 11 (2024-03-12) at 22:10,
// an hour after the evening drink (21:05-21:45) and before the midnight one (00:10 reading).
const T0 = START + 11 * DAY + 22 * HOUR + 10 * MINUTE;
const DAYS = 13;

const summary = (alerts: readonly TemperatureAlert[]) =>
  alerts.map(({ code, at, episodeStart }) => ({ code, at: iso(at), episodeStart: iso(episodeStart) }));

describe('fever (201-203): the spec deviation held 2 hours on drink-filtered temperature', () => {
  // deviation = temperature − (38.9 + tempadd), and a cow without a tempadd adds 0 (decision 0013: her average
  // already leaves the drinks out): a rise of r gives r.
  it.each([
    { name: 'slight (deviation 0.70)', rise: 0.7, code: 201, deviation: 0.7 },
    { name: 'moderate (deviation 1.25)', rise: 1.25, code: 202, deviation: 1.25 },
    { name: 'severe (deviation 1.75)', rise: 1.75, code: 203, deviation: 1.75 },
    { name: 'exactly on the slight edge (deviation 0.50)', rise: 0.5, code: 201, deviation: 0.5 },
  ])(
    '$name: one notice, with its values, 110 minutes after the first raised reading',
    ({ rise, code, deviation }) => {
      const alerts = detectTemperatureAlerts(bolusCow({ days: DAYS, shift: step(T0, T0 + 6 * HOUR, rise) }), {
        bolus: true,
      });
      expect(alerts).toEqual([
        {
          code,
          at: T0 + 110 * MINUTE,
          episodeStart: T0,
          heldSince: T0,
          temperature: Math.round((38.9 + rise) * 100) / 100,
          average: 38.9,
          deviation,
          heldDeviation: deviation,
        },
      ]);
    },
  );

  it.each([
    { name: 'a deviation of 0.45 is normal', shift: step(T0, T0 + 6 * HOUR, 0.45) },
    { name: 'a rise held 100 minutes is not a fever', shift: step(T0, T0 + 100 * MINUTE, 1.75) },
    { name: 'no change', shift: () => 0 },
  ])('$name: nothing', ({ shift }) => {
    expect(detectTemperatureAlerts(bolusCow({ days: DAYS, shift }), { bolus: true })).toEqual([]);
  });

  it('takes the drinking events already found, and judges as it does when it finds them itself', () => {
    const readings = bolusCow({ days: DAYS, shift: step(T0, T0 + 6 * HOUR, 1.25) });
    const drinkingEvents = detectDrinkingEvents(readings);
    expect(drinkingEvents.length).toBeGreaterThan(9 * 11);
    const given = detectTemperatureAlerts(readings, { bolus: true, drinkingEvents });
    expect(given.map(({ code }) => code)).toEqual([202]);
    expect(given).toEqual(detectTemperatureAlerts(readings, { bolus: true }));
  });

  it("uses the cow's tempadd instead of the default 0", () => {
    const readings = bolusCow({ days: DAYS, shift: step(T0, T0 + 6 * HOUR, 0.9) });
    const alerts = detectTemperatureAlerts(readings, { bolus: true, offset: 0.3 });
    expect(alerts.map(({ code, deviation }) => [code, deviation])).toEqual([[201, 0.6]]);
    // The spec's 0.45, set on the cow, still lifts her line: the same rise is then a deviation of 0.45, normal.
    expect(detectTemperatureAlerts(readings, { bolus: true, offset: 0.45 })).toEqual([]);
    expect(detectTemperatureAlerts(readings, { bolus: true }).map(({ deviation }) => deviation)).toEqual([
      0.9,
    ]);
  });

  it('a climbing fever reports each higher band once, in one episode', () => {
    const shift = sumOf(step(T0, T0 + 3 * HOUR, 0.7), step(T0 + 3 * HOUR, T0 + 8 * HOUR, 1.75));
    const alerts = detectTemperatureAlerts(bolusCow({ days: DAYS, shift }), { bolus: true });
    expect(summary(alerts)).toEqual([
      { code: 201, at: iso(T0 + 110 * MINUTE), episodeStart: iso(T0) },
      // The evening drinks are filtered out; the severe band starts at 01:10 and holds from there.
      { code: 203, at: iso(T0 + 3 * HOUR + 110 * MINUTE), episodeStart: iso(T0) },
    ]);
  });

  it('a fever climbing within the hour sends one notice, and the higher band an hour later', () => {
    const shift = sumOf(
      step(T0, T0 + 20 * MINUTE, 0.7),
      step(T0 + 20 * MINUTE, T0 + 40 * MINUTE, 1.25),
      step(T0 + 40 * MINUTE, T0 + 8 * HOUR, 1.75),
    );
    const alerts = detectTemperatureAlerts(bolusCow({ days: DAYS, shift }), { bolus: true });
    expect(summary(alerts)).toEqual([
      { code: 201, at: iso(T0 + 110 * MINUTE), episodeStart: iso(T0) },
      // 202 is held from 00:20 and 203 from 00:40; the update comes an hour after the first notice, at 01:00.
      { code: 203, at: iso(T0 + 170 * MINUTE), episodeStart: iso(T0) },
    ]);
  });

  it('a fever that dips for an hour and returns is still one episode: no second notice', () => {
    const shift = sumOf(step(T0, T0 + 3 * HOUR, 1.25), step(T0 + 4 * HOUR, T0 + 8 * HOUR, 1.25));
    const alerts = detectTemperatureAlerts(bolusCow({ days: DAYS, shift }), { bolus: true });
    expect(summary(alerts)).toEqual([{ code: 202, at: iso(T0 + 110 * MINUTE), episodeStart: iso(T0) }]);
  });

  it('two fevers a day apart are two episodes', () => {
    const second = T0 - DAY;
    const shift = sumOf(step(second, second + 4 * HOUR, 1.25), step(T0, T0 + 4 * HOUR, 1.25));
    const alerts = detectTemperatureAlerts(bolusCow({ days: DAYS, shift }), { bolus: true });
    expect(summary(alerts)).toEqual([
      { code: 202, at: iso(second + 110 * MINUTE), episodeStart: iso(second) },
      { code: 202, at: iso(T0 + 110 * MINUTE), episodeStart: iso(T0) },
    ]);
  });

  it('drinking dents do not break a fever on a bolus, and are not read as one on the way down', () => {
    // A fever from 20:00 across the 21:05 drink: the dent readings are dropped, the hold goes on.
    const from = T0 - 2 * HOUR - 10 * MINUTE;
    const alerts = detectTemperatureAlerts(
      bolusCow({ days: DAYS, shift: step(from, from + 5 * HOUR, 1.25) }),
      {
        bolus: true,
      },
    );
    expect(summary(alerts)).toEqual([{ code: 202, at: iso(from + 110 * MINUTE), episodeStart: iso(from) }]);
  });

  it('a drink 20 minutes into a fever that jumped at once does not hold its notice back', () => {
    // Raised from 20:50; the 21:05 drink dents the 21:10-21:40 readings while the last hour's median is still
    // 38.9 °C. The drink comes back to the 21:00 reading, which held from 20:50, so its dents are dropped.
    const from = T0 - 80 * MINUTE;
    const alerts = detectTemperatureAlerts(
      bolusCow({ days: DAYS, shift: step(from, from + 5 * HOUR, 1.75) }),
      {
        bolus: true,
      },
    );
    expect(summary(alerts)).toEqual([{ code: 203, at: iso(from + 110 * MINUTE), episodeStart: iso(from) }]);
  });

  it('needs a day of history for the average: a fever in the first hours is not judged', () => {
    const early = START + 2 * HOUR;
    expect(
      detectTemperatureAlerts(bolusCow({ days: 2, shift: step(early, early + 6 * HOUR, 1.75) }), {
        bolus: true,
      }),
    ).toEqual([]);
  });

  it('the average is over the previous 10 days only', () => {
    // 38.5 °C for the first two days, 38.9 °C after: by day 12 the average has forgotten the cold start.
    const shift = step(START, START + 2 * DAY, -0.4);
    const alerts = detectTemperatureAlerts(
      bolusCow({ days: DAYS, shift: sumOf(shift, step(T0, T0 + 4 * HOUR, 0.7)) }),
      {
        bolus: true,
      },
    );
    expect(alerts.map(({ average, deviation }) => [average, deviation])).toEqual([[38.9, 0.7]]);
  });

  it('works on a neck collar without drink filtering', () => {
    const alerts = detectTemperatureAlerts(
      neckCow({ days: DAYS, rhythm: 0.2, shift: step(T0, T0 + 6 * HOUR, 1.75) }),
    );
    expect(alerts.map(({ code, episodeStart }) => [code, iso(episodeStart)])).toEqual([[203, iso(T0)]]);
  });

  it.each([
    { name: 'a hole of 2 hours does not break the hold', holeHours: 2, heldSince: T0 },
    { name: 'a hole of 4 hours restarts it: no data is no evidence', holeHours: 4, heldSince: T0 + 5 * HOUR },
  ])('$name', ({ holeHours, heldSince }) => {
    // A fever from 22:10; the readings from 23:10 are missing for the hole, the last one before it is 23:00.
    const holeEnd = T0 + (1 + holeHours) * HOUR;
    const readings = neckCow({
      days: DAYS,
      shift: step(T0, T0 + 8 * HOUR, 1.25),
      missing: (time) => time >= T0 + HOUR && time < holeEnd,
    });
    // Held 2 hours counting the reading's own block: 110 minutes after the run began, or the first reading
    // after the hole once that is past.
    expect(summary(detectTemperatureAlerts(readings))).toEqual([
      { code: 202, at: iso(Math.max(heldSince + 110 * MINUTE, holeEnd)), episodeStart: iso(heldSince) },
    ]);
  });

  it('works on hourly readings', () => {
    const alerts = detectTemperatureAlerts(
      neckCow({ days: DAYS, cadenceMinutes: 60, shift: step(T0 - 10 * MINUTE, T0 + 6 * HOUR, 1.25) }),
    );
    // Hourly readings at 22:00 and 23:00 span two hours of fever.
    expect(summary(alerts)).toEqual([
      { code: 202, at: iso(T0 + 50 * MINUTE), episodeStart: iso(T0 - 10 * MINUTE) },
    ]);
  });
});

describe('low temperature (211, 212)', () => {
  it('212: a sudden fall of 1.5 °C held an hour, with the level it fell from', () => {
    const alerts = detectTemperatureAlerts(neckCow({ days: DAYS, shift: step(T0, T0 + 4 * HOUR, -1.5) }));
    expect(alerts).toEqual([
      {
        code: 212,
        at: T0 + 50 * MINUTE,
        episodeStart: T0,
        heldSince: T0,
        temperature: 37.4,
        average: 38.9,
        deviation: -1.5,
        heldDeviation: -1.5,
        reference: 38.9,
      },
    ]);
  });

  it('212 on a bolus: the first 2 hours of a fall look like a drink, so it is judged from then on', () => {
    const alerts = detectTemperatureAlerts(
      bolusCow({ days: DAYS, stopDrinkingAt: T0, shift: step(T0, T0 + 6 * HOUR, -1.5) }),
      { bolus: true },
    );
    expect(summary(alerts)).toEqual([
      { code: 212, at: iso(T0 + 170 * MINUTE), episodeStart: iso(T0 + 120 * MINUTE) },
    ]);
  });

  it('211: a slow slide to 1 °C below the average, held 2 hours (never a sudden drop)', () => {
    // −0.2 °C an hour from T0, down to −1.2 °C.
    const slide = (time: number) => (time < T0 ? 0 : -Math.min(1.2, (0.2 * (time - T0)) / HOUR));
    const alerts = detectTemperatureAlerts(neckCow({ days: DAYS, shift: slide }));
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert?.code).toBe(211);
    // At −1.0 from 5 h on (the slide itself pulls the average down by a hundredth, which may delay it a reading).
    expect(alert?.heldSince).toBeGreaterThanOrEqual(T0 + 5 * HOUR);
    expect(alert?.heldSince).toBeLessThanOrEqual(T0 + 5 * HOUR + 10 * MINUTE);
    expect(alert?.at).toBe((alert?.heldSince ?? 0) + 110 * MINUTE);
    expect(alert?.heldDeviation).toBeLessThanOrEqual(-1);
  });

  it('a fever breaking back to normal is not a low temperature', () => {
    const alerts = detectTemperatureAlerts(bolusCow({ days: DAYS, shift: step(T0 - 6 * HOUR, T0, 2.2) }), {
      bolus: true,
    });
    expect(alerts.map(({ code }) => code)).toEqual([203]);
  });

  it('a fall of 0.8 °C is nothing', () => {
    expect(
      detectTemperatureAlerts(bolusCow({ days: DAYS, shift: step(T0, T0 + 6 * HOUR, -0.8) }), {
        bolus: true,
      }),
    ).toEqual([]);
  });

  it('a long low episode sends one notice', () => {
    const alerts = detectTemperatureAlerts(
      bolusCow({ days: DAYS, shift: step(T0 - DAY, T0 + 12 * HOUR, -1.5) }),
      {
        bolus: true,
      },
    );
    expect(alerts.map(({ code }) => code)).toEqual([212]);
  });
});
