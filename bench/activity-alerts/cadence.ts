// Do the activity alerts (301-303) give the same answer on 10-minute readings as on the 2-hour file they
// were split from? And would judging them in 2-hour clock blocks, as the estrus rule does, do better?
// (docs/detection.md, "Activity", cadence.)
//
//   npx tsx bench/estrus/split.ts /tmp/splits
//   npx tsx bench/activity-alerts/cadence.ts /tmp/splits
//
// The reference is what the rule raises on the development file itself. For each split, an alert "agrees"
// when the file has one of the same cow and code within a day of it; the others are extra. Each cow's heats
// (detectEstrusEpisodes) are given, as the server gives them, so 303 stays silent around them.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectActivityAlerts, type ActivityAlert } from '@cowcare/domain/activity-alerts';
import {
  DAY_MS,
  HOUR_MS,
  toClockBlocks,
  toRegularSeries,
  type ActivityPoint,
} from '@cowcare/domain/activity-series';
import { detectEstrusEpisodes, type EstrusEpisode } from '@cowcare/domain/estrus-detection';
import { parseActivityCsv, type CowActivity } from '../../apps/server/src/cli/detect';

const FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/data/bovheat-dev/activity_2h.csv',
);

interface CowAlert {
  readonly cow: string;
  readonly code: number;
  readonly at: number;
}

/** The readings summed into 2-hour clock blocks (half of a block's readings at least), as points. */
function inClockBlocks(points: readonly ActivityPoint[]): ActivityPoint[] {
  const series = toRegularSeries(points);
  const blocks = series && toClockBlocks(series, 2 * HOUR_MS, 0.5);
  if (!blocks) return [];
  return blocks.values.flatMap((activity, index) =>
    Number.isNaN(activity) ? [] : [{ time: blocks.start + index * blocks.cadenceMs, activity }],
  );
}

type Way = (cow: CowActivity, estrusEpisodes: readonly EstrusEpisode[]) => ActivityAlert[];

const perReading: Way = (cow, estrusEpisodes) => detectActivityAlerts(cow.points, { estrusEpisodes });

// 302 (4 hours without activity) is left per reading: a block would only delay a cow that is down.
const inBlocks: Way = (cow, estrusEpisodes) => [
  ...perReading(cow, estrusEpisodes).filter(({ code }) => code === 302),
  ...detectActivityAlerts(inClockBlocks(cow.points), { cadenceMs: 2 * HOUR_MS, estrusEpisodes }).filter(
    ({ code }) => code !== 302,
  ),
];

/** Each way's alerts over a file; every cow's heats are found once, for all the ways. */
const alertsOf = (file: string, ways: readonly Way[]): CowAlert[][] => {
  const herd = parseActivityCsv(readFileSync(file, 'utf8'), file).map((cow) => ({
    cow,
    heats: detectEstrusEpisodes(cow.points, { calvings: cow.calvings }),
  }));
  return ways.map((way) =>
    herd.flatMap(({ cow, heats }) => way(cow, heats).map(({ code, at }) => ({ cow: cow.cow, code, at }))),
  );
};

function compare(reference: readonly CowAlert[], alerts: readonly CowAlert[]) {
  const agrees = (alert: CowAlert) =>
    reference.some(
      (other) =>
        other.cow === alert.cow && other.code === alert.code && Math.abs(other.at - alert.at) <= DAY_MS,
    );
  const agreeing = alerts.filter(agrees);
  return { agreeing: agreeing.length, extra: alerts.length - agreeing.length };
}

function main(): void {
  const splits = process.argv[2];
  if (splits === undefined) {
    console.error(
      'usage: npx tsx bench/activity-alerts/cadence.ts <directory written by bench/estrus/split.ts>',
    );
    process.exit(2);
  }
  const [reference = []] = alertsOf(FILE, [perReading]);
  const count = (code: number) => reference.filter((alert) => alert.code === code).length;
  console.log(`The 2-hour file: 301 ${count(301)}, 302 ${count(302)}, 303 ${count(303)} alerts\n`);
  console.log('| split | per reading (the rule): agree, extra | in 2-hour clock blocks: agree, extra |');
  console.log('| --- | --- | --- |');
  for (const split of readdirSync(splits).sort()) {
    const file = path.join(splits, split, 'activity.csv');
    const [rule, blocks] = alertsOf(file, [perReading, inBlocks]).map((alerts) => compare(reference, alerts));
    console.log(`| ${split} | ${rule?.agreeing}, ${rule?.extra} | ${blocks?.agreeing}, ${blocks?.extra} |`);
  }
}

main();
