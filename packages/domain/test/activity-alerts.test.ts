import { describe, expect, it } from 'vitest';
import { detectActivityAlerts } from '../src/activity-alerts';
import { activityCow, DAY, HOUR, MINUTE, START, step } from './detection-fixtures';

// Day 10 at 06:00; a flat 10 per 10-minute block before (the rules are relative, so flat is exact).
const S = START + 10 * DAY + 6 * HOUR;
const DAYS = 14;
const factor = (from: number, to: number, value: number) => (time: number) =>
  1 + step(from, to, value - 1)(time);

describe('activity alerts', () => {
  it.each([
    {
      name: '301: half her activity from 06:00 — the 24-hour ratio is under 0.7 after 87 blocks, then held 24 h',
      factor: factor(S, Infinity, 0.5),
      alerts: [
        {
          code: 301,
          at: S + 2290 * MINUTE,
          episodeStart: S + 860 * MINUTE,
          ratio: 0.5,
          activity: 720,
          baseline: 1440,
          windowHours: 24,
        },
      ],
    },
    {
      name: '302: six hours without activity — the 4-hour ratio reaches 0.1 at the 22nd quiet block',
      factor: factor(S, S + 6 * HOUR, 0),
      alerts: [
        {
          code: 302,
          at: S + 210 * MINUTE,
          episodeStart: S + 210 * MINUTE,
          ratio: 0.08,
          activity: 20,
          baseline: 240,
          windowHours: 4,
        },
      ],
    },
    {
      name: '303: 2.5-fold activity for 10 hours — the 12-hour ratio is at 1.5 after 24 blocks, held 2 hours',
      factor: factor(S, S + 10 * HOUR, 2.5),
      alerts: [
        {
          code: 303,
          at: S + 340 * MINUTE,
          episodeStart: S + 230 * MINUTE,
          ratio: 1.73,
          activity: 1245,
          baseline: 720,
          windowHours: 12,
        },
      ],
    },
    { name: 'a quiet day at 75 % is nothing', factor: factor(S, S + DAY, 0.75), alerts: [] },
    { name: 'a busy hour is nothing', factor: factor(S, S + HOUR, 3), alerts: [] },
  ])('$name', ({ factor: change, alerts }) => {
    expect(detectActivityAlerts(activityCow({ days: DAYS, factor: change }))).toEqual(alerts);
  });

  it('303 stays silent around a detected heat, and when the caller expects heats', () => {
    const readings = activityCow({ days: DAYS, factor: factor(S, S + 10 * HOUR, 2.5) });
    expect(detectActivityAlerts(readings, { estrusEpisodes: [{ onset: S, end: S + 10 * HOUR }] })).toEqual(
      [],
    );
    expect(detectActivityAlerts(readings, { highActivity: false })).toEqual([]);
    // A heat a week earlier does not excuse this one.
    const earlier = { onset: S - 7 * DAY, end: S - 7 * DAY + 10 * HOUR };
    expect(detectActivityAlerts(readings, { estrusEpisodes: [earlier] }).map(({ code }) => code)).toEqual([
      303,
    ]);
  });

  it('303 is not raised when a collar comes back from 4 days in a drawer, which 302 and 301 showed', () => {
    const drawer = factor(S, S + 4 * DAY, 0.02);
    const readings = activityCow({ days: DAYS + 4, factor: drawer });
    const codes = (parameters = {}) =>
      detectActivityAlerts(readings, { highActivity: true, parameters }).map(({ code }) => code);
    expect(codes()).not.toContain(303);
    expect(codes()).toEqual(expect.arrayContaining([302, 301]));
    // Against the drawer's week, her first day with the collar again is high activity.
    expect(codes({ collarOff: null })).toContain(303);
  });

  it('a collar in a drawer for 9 days is one 302 and one 301: the drawer never becomes her normal', () => {
    // Daily rhythm and noise, so that the drawer's odd count is not the only thing that moves.
    let seed = 11;
    const noise = () => 0.7 + 0.6 * ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const off = S + 3 * HOUR;
    const on = off + 9 * DAY;
    const readings = activityCow({ days: DAYS + 12 }).map(({ time }) => {
      const hour = (time % DAY) / HOUR;
      const usual = 10 * (hour >= 5 && hour < 20 ? 1.4 : 0.5) * noise();
      return { time, activity: time >= off && time < on ? Math.round(noise() - 0.6) : Math.round(usual) };
    });
    const drawerAlerts = (parameters = {}) =>
      detectActivityAlerts(readings, { highActivity: true, parameters })
        .filter(({ at }) => at >= off && at < on + DAY)
        .map(({ code }) => code);
    expect(drawerAlerts()).toEqual([302, 301]);
    // Judged against the drawer's own week, its noise fires 302 again after a week.
    expect(drawerAlerts({ collarOff: null }).filter((code) => code === 302).length).toBeGreaterThan(1);
  });

  it('works on 2-hour blocks', () => {
    const readings = activityCow({
      days: DAYS,
      cadenceMinutes: 120,
      level: 20,
      factor: factor(S, Infinity, 0.5),
    });
    expect(
      detectActivityAlerts(readings).map(({ code, at, episodeStart }) => [code, at - S, episodeStart - S]),
    ).toEqual([[301, 36 * HOUR, 14 * HOUR]]);
  });

  it('never reports an episode that was already going on when the data starts', () => {
    const readings = activityCow({ days: DAYS, factor: factor(S, Infinity, 0.5) });
    const fromMidEpisode = readings.filter(({ time }) => time >= S - 2 * DAY - 12 * HOUR);
    expect(detectActivityAlerts(readings)).toHaveLength(1);
    expect(detectActivityAlerts(fromMidEpisode)).toEqual([]);
  });

  it('leaves her highest and lowest day out of the baseline: a heat and a sick day in her week change nothing', () => {
    const heatAndSickDay = (time: number) =>
      factor(START + 5 * DAY, START + 6 * DAY, 5)(time) * factor(START + 7 * DAY, START + 8 * DAY, 0)(time);
    const readings = activityCow({
      days: DAYS,
      factor: (time) => heatAndSickDay(time) * factor(S, S + 6 * HOUR, 0)(time),
    });
    // The 302 of a flat week: a baseline of 10 a block (240 in 4 hours), not the 14.3 of a plain mean.
    expect(detectActivityAlerts(readings).filter(({ at }) => at >= S)).toEqual([
      {
        code: 302,
        at: S + 210 * MINUTE,
        episodeStart: S + 210 * MINUTE,
        ratio: 0.08,
        activity: 20,
        baseline: 240,
        windowHours: 4,
      },
    ]);
  });

  it('with fewer than 4 previous days, the baseline is their plain mean', () => {
    // 10, 10 and 40 a block on days 0-2: 20 a block, 480 in 4 hours. Quiet from 18:00 on day 3.
    const quietFrom = START + 3 * DAY + 18 * HOUR;
    const readings = activityCow({
      days: 4,
      factor: (time) =>
        factor(START + 2 * DAY, START + 3 * DAY, 4)(time) * factor(quietFrom, Infinity, 0)(time),
    });
    expect(detectActivityAlerts(readings)).toEqual([
      {
        code: 302,
        at: quietFrom + 190 * MINUTE,
        episodeStart: quietFrom + 190 * MINUTE,
        ratio: 0.08,
        activity: 40,
        baseline: 480,
        windowHours: 4,
      },
    ]);
  });

  it('a missing stretch is not inactivity', () => {
    const readings = activityCow({ days: DAYS }).filter(({ time }) => time < S || time >= S + 6 * HOUR);
    expect(detectActivityAlerts(readings)).toEqual([]);
  });

  it('takes bursty 10-minute counts of an unchanged cow for no high activity', () => {
    // A cow walks, then lies down: her 10-minute counts come in bursts. Here each block is her hour's level
    // times an exponential weight (mean 1), ten cows for four weeks. Leaving each block's highest day out of
    // its baseline left out bursts: 25 alerts 303 here; ranking the days by their hour leaves chance.
    const level = (hour: number) =>
      hour < 4 || hour >= 22 ? 10 : (hour >= 5 && hour < 7) || (hour >= 16 && hour < 18) ? 45 : 28;
    let state = 1;
    const random = () => {
      state = (state * 48_271) % 2_147_483_647;
      return state / 2_147_483_647;
    };
    const alerts = Array.from({ length: 10 }, () =>
      detectActivityAlerts(
        activityCow({
          days: 28,
          factor: (time) => (level(new Date(time).getUTCHours()) / 60) * -Math.log(random()),
        }),
        { highActivity: true },
      ),
    ).flat();
    expect(alerts.filter((alert) => alert.code === 303).length).toBeLessThanOrEqual(5);
    expect(alerts.filter((alert) => alert.code !== 303)).toEqual([]);
  });
});
