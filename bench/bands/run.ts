// Where a healthy cow sits in the cow list's temperature and activity bands, and what each reading of the
// spec's "average + tempadd" and each "Low activity" threshold would show a farmer (issue 33, decision 0013).
// Two sources: the demo herd's simulation (ten days, then every hour of one day, cows without a story) and the
// real neck-collar activity of bovheat-dev (2-hour blocks, outside SCR's heats). Not a test: it writes
// RESULTS.md next to this file. Run: npx tsx bench/bands/run.ts
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TEMPERATURE_OFFSET_CELSIUS } from '@cowcare/domain/constants';
import {
  ACTIVITY_HIGH_THRESHOLD_PERCENT,
  ACTIVITY_LOW_THRESHOLD_PERCENT,
  activityLevelOf,
  temperatureLevelOf,
} from '@cowcare/domain/cow-filter';
import { dailyAverages, recentActivity } from '@cowcare/domain/daily-averages';
import {
  detectDrinkingEvents,
  newestOutsideDrinking,
  withoutDrinking,
  type TemperaturePoint,
} from '@cowcare/domain/drinking-detection';
import { detectTemperatureAlerts } from '@cowcare/domain/fever-detection';
import { sensorKind } from '@cowcare/domain/sensor';
import { demoHerd } from '../../apps/server/src/simulator/demo-herd-cows';
import { readingOf, SLOT_MS, storyAt, type HerdModel } from '../../apps/server/src/simulator/herd-model';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const here = path.dirname(fileURLToPath(import.meta.url));
const SEED = 20261128;
/** The day judged hour by hour; the ten days before it make the averages. */
const JUDGED_DAY = Date.parse('2026-11-20T00:00:00Z');
const HISTORY_DAYS = 11;

interface Series {
  temperatures: TemperaturePoint[];
  activity: { time: number; activity: number }[];
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round((p / 100) * (sorted.length - 1))))] ?? NaN;
};
const share = (values: readonly number[], test: (value: number) => boolean) =>
  values.length === 0 ? NaN : (100 * values.filter(test).length) / values.length;
const pct = (value: number) => `${value.toFixed(1)} %`;
const signed = (value: number, digits = 2) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;

const seriesOf = (model: HerdModel, cow: HerdModel['cows'][number], from: number, to: number): Series => {
  const series: Series = { temperatures: [], activity: [] };
  for (let time = from; time < to; time += SLOT_MS) {
    const reading = readingOf(model, cow, time);
    if (reading?.temp === undefined || reading.activity === undefined) continue;
    series.temperatures.push({ time, temperature: reading.temp });
    series.activity.push({ time, activity: reading.activity });
  }
  return series;
};

const recentDeviation = (recent: { current: number; usual: number } | undefined) =>
  recent ? ((recent.current - recent.usual) / recent.usual) * 100 : undefined;

/** Her values as the server would show them at `at`, by each reading of the rules. */
const judge = (series: Series, bolus: boolean, at: number) => {
  const temperatures = series.temperatures.filter((point) => point.time <= at);
  const activity = series.activity.filter((point) => point.time <= at);
  const drinks = bolus ? detectDrinkingEvents(temperatures) : [];
  const body = bolus ? withoutDrinking(temperatures, drinks) : temperatures;
  const current = bolus ? newestOutsideDrinking(temperatures, drinks) : temperatures.at(-1);
  const empty = { temperature: null, activity: null, activityByHour: null };
  const newest = activity.at(-1)?.time ?? at;
  const betweenDrinks = dailyAverages({ temperatures: body, activity }, newest, empty);
  const plain = dailyAverages({ temperatures, activity }, newest, empty);
  const hourly = betweenDrinks.activityByHour;
  const newestActivity = activity.at(-1);
  const hourMean = newestActivity && hourly ? hourly[new Date(newestActivity.time).getUTCHours()] : null;
  return {
    // The spec read as we shipped it: between-drink average + 0.45.
    shipped:
      current && betweenDrinks.temperature !== null
        ? current.temperature - (betweenDrinks.temperature + 0.45)
        : undefined,
    // Reading (a): the plain mean, drinks included, + 0.45.
    plainMean:
      current && plain.temperature !== null ? current.temperature - (plain.temperature + 0.45) : undefined,
    // Reading (b): the between-drink mean + the default offset the data shows.
    betweenDrinks:
      current && betweenDrinks.temperature !== null
        ? current.temperature - (betweenDrinks.temperature + DEFAULT_TEMPERATURE_OFFSET_CELSIUS)
        : undefined,
    drinkGap:
      betweenDrinks.temperature !== null && plain.temperature !== null
        ? betweenDrinks.temperature - plain.temperature
        : undefined,
    newestActivity:
      newestActivity && hourMean ? ((newestActivity.activity - hourMean) / hourMean) * 100 : undefined,
    recentActivity: recentDeviation(recentActivity(activity, hourly, newest)),
  };
};

interface Judged {
  cows: number;
  bolusGaps: number[];
  shipped: number[];
  plainMean: { bolus: number[]; collar: number[] };
  betweenDrinks: number[];
  newestActivity: number[];
  recentActivity: number[];
  falseFevers: { shippedOffset: number; newOffset: number; cowDays: number };
}

const simulate = (): Judged => {
  const { cows, fevers } = demoHerd(new Date(JUDGED_DAY + DAY_MS));
  const model: HerdModel = { seed: SEED, cows, injectedFevers: fevers, utcOffsetHours: 9 };
  const from = JUDGED_DAY - (HISTORY_DAYS - 1) * DAY_MS;
  const judged: Judged = {
    cows: cows.length,
    bolusGaps: [],
    shipped: [],
    plainMean: { bolus: [], collar: [] },
    betweenDrinks: [],
    newestActivity: [],
    recentActivity: [],
    falseFevers: { shippedOffset: 0, newOffset: 0, cowDays: 0 },
  };
  for (const cow of cows) {
    const bolus = sensorKind(cow.sensorId) === 'pill';
    const series = seriesOf(model, cow, from, JUDGED_DAY + DAY_MS);
    for (let hour = 0; hour < 24; hour += 1) {
      const at = JUDGED_DAY + hour * HOUR_MS + 30 * 60_000;
      // A story in progress, or one in the day before (a fever lifts her next readings' baseline).
      let story = false;
      for (let time = at - DAY_MS; time <= at && !story; time += HOUR_MS) {
        const s = storyAt(model, cow, time);
        story = s.heat || s.fever || s.calving || s.dryBolus || s.silent;
      }
      if (story) continue;
      const values = judge(series, bolus, at);
      if (values.shipped !== undefined) judged.shipped.push(values.shipped);
      if (values.plainMean !== undefined) judged.plainMean[bolus ? 'bolus' : 'collar'].push(values.plainMean);
      if (values.betweenDrinks !== undefined) judged.betweenDrinks.push(values.betweenDrinks);
      if (bolus && values.drinkGap !== undefined && hour === 12) judged.bolusGaps.push(values.drinkGap);
      if (values.newestActivity !== undefined) judged.newestActivity.push(values.newestActivity);
      if (values.recentActivity !== undefined) judged.recentActivity.push(values.recentActivity);
    }
    // Fever notices over her ten days at either offset, on days without a fever of her story or a random one.
    const sick = (time: number) => storyAt(model, cow, time).fever;
    const falseAlerts = (offset: number) =>
      detectTemperatureAlerts(series.temperatures, { bolus, offset }).filter(
        (alert) => alert.code === 201 && !sick(alert.at) && !sick(alert.episodeStart),
      ).length;
    judged.falseFevers.shippedOffset += falseAlerts(0.45);
    judged.falseFevers.newOffset += falseAlerts(DEFAULT_TEMPERATURE_OFFSET_CELSIUS);
    judged.falseFevers.cowDays += HISTORY_DAYS;
  }
  return judged;
};

/** bovheat-dev: each 2-hour block against her mean of the same block of the day over the 7 days before. */
const realCollarBlocks = () => {
  const file = path.resolve(here, '../../../shared/data/bovheat-dev/activity_2h.csv');
  const events = path.resolve(here, '../../../shared/data/bovheat-dev/events.csv');
  const heats = new Map<string, { start: number; end: number }[]>();
  for (const line of readFileSync(events, 'utf8').trim().split('\n').slice(1)) {
    const [cow, event, start, end] = line.split(',');
    if (!cow || !start || !end || (event !== 'scr_heat_ac35' && event !== 'status_to_bred')) continue;
    const list = heats.get(cow) ?? [];
    list.push({ start: Date.parse(`${start}Z`) - DAY_MS, end: Date.parse(`${end}Z`) + DAY_MS });
    heats.set(cow, list);
  }
  const byCow = new Map<string, { time: number; activity: number }[]>();
  for (const line of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
    const [cow, ts, raw] = line.split(',');
    if (!cow || !ts || raw === undefined || raw === '') continue;
    const list = byCow.get(cow) ?? [];
    list.push({ time: Date.parse(`${ts}Z`), activity: Number(raw) });
    byCow.set(cow, list);
  }
  const deviations: number[] = [];
  for (const [cow, blocks] of byCow) {
    const inHeat = (time: number) => (heats.get(cow) ?? []).some((h) => time >= h.start && time <= h.end);
    for (const block of blocks) {
      if (inHeat(block.time)) continue;
      const same = blocks.filter(
        (earlier) =>
          earlier.time < block.time &&
          earlier.time >= block.time - 7 * DAY_MS &&
          (block.time - earlier.time) % DAY_MS === 0 &&
          !inHeat(earlier.time),
      );
      if (same.length < 5) continue;
      const usual = same.reduce((sum, earlier) => sum + earlier.activity, 0) / same.length;
      if (usual > 0) deviations.push(((block.activity - usual) / usual) * 100);
    }
  }
  return deviations;
};

const temperatureRow = (name: string, values: readonly number[]) =>
  `| ${name} | ${values.length} | ${signed(percentile(values, 50))} | ${signed(percentile(values, 5))} … ${signed(percentile(values, 95))} | ${pct(share(values, (v) => temperatureLevelOf(v) === 'low'))} | ${pct(share(values, (v) => temperatureLevelOf(v) === 'normal'))} | ${pct(share(values, (v) => v < 0))} |`;
const activityRow = (name: string, values: readonly number[]) =>
  `| ${name} | ${values.length} | ${signed(percentile(values, 50), 1)} | ${signed(percentile(values, 5), 1)} … ${signed(percentile(values, 95), 1)} | ${pct(share(values, (v) => v < 0))} | ${pct(share(values, (v) => activityLevelOf(v) === 'low'))} | ${pct(share(values, (v) => activityLevelOf(v) === 'normal'))} | ${pct(share(values, (v) => activityLevelOf(v) === 'high'))} |`;

const judged = simulate();
const real = realCollarBlocks();
const report = `# Healthy cows in the list's bands (decision 0013)

Run: \`npx tsx bench/bands/run.ts\` (seed ${SEED}; the demo herd's ${judged.cows} sensor-wearing cows, ten days
simulated, then every hour of ${new Date(JUDGED_DAY).toISOString().slice(0, 10)} judged as the server would;
a cow is left out at an hour when a heat, fever, calving, dry bolus or silent sensor is in progress or was
in the day before). Written ${new Date().toISOString().slice(0, 10)}.

## Temperature: deviation = current − (average + offset), °C

Bands as decided: Low < −0.5 ≤ Normal < 0.5 ≤ slight fever.

| reading | cow-hours | median | 5th … 95th percentile | Low | Normal | below 0 |
| --- | --- | --- | --- | --- | --- | --- |
${temperatureRow('as shipped: between-drink mean + 0.45', judged.shipped)}
${temperatureRow('(a) plain mean (drinks in) + 0.45, boluses', judged.plainMean.bolus)}
${temperatureRow('(a) plain mean (drinks in) + 0.45, collars', judged.plainMean.collar)}
${temperatureRow(`(b) between-drink mean + ${DEFAULT_TEMPERATURE_OFFSET_CELSIUS} (chosen)`, judged.betweenDrinks)}

Gap between a bolus's between-drink mean and her plain mean (what the drinks take off the average):
median ${percentile(judged.bolusGaps, 50).toFixed(2)} °C, 5th-95th percentile ${percentile(judged.bolusGaps, 5).toFixed(2)} … ${percentile(judged.bolusGaps, 95).toFixed(2)} °C over ${judged.bolusGaps.length} boluses.

Fever notices (201) on days without a fever, over ${judged.falseFevers.cowDays} cow-days: ${judged.falseFevers.shippedOffset} with the offset 0.45,
${judged.falseFevers.newOffset} with ${DEFAULT_TEMPERATURE_OFFSET_CELSIUS}.

## Activity: deviation from her usual at that hour, %

Bands as decided: Low < ${ACTIVITY_LOW_THRESHOLD_PERCENT} % ≤ Normal < +${ACTIVITY_HIGH_THRESHOLD_PERCENT} % ≤ High.

| reading | values | median | 5th … 95th percentile | below 0 | Low | Normal | High |
| --- | --- | --- | --- | --- | --- | --- | --- |
${activityRow('simulated: newest 10-minute reading vs her mean at its hour', judged.newestActivity)}
${activityRow("simulated: the last two hours' readings, each vs her mean at its hour (chosen)", judged.recentActivity)}
${activityRow('real collars (bovheat-dev): a 2-hour block vs her same block, 7 days', real)}
`;
writeFileSync(path.join(here, 'RESULTS.md'), report);
console.log(report);
