// Writes the development file split into 10-minute readings, for scoring the detector on the readings the
// server sees (docs/detection.md, "Finer readings"):
//
//   npx tsx bench/estrus/split.ts <directory>
//   npx tsx bench/estrus/score.ts <directory>/<split>/activity.csv
//
// Each 2-hour block's count is shared among its twelve 10-minute slots by random weights, so the 2-hour
// totals stay those of the file and only the 10-minute pattern is made up: even (a twelfth each), bursty
// (exponential weights: a cow walks, then lies down; two seeds), milder and wilder bursts (gamma weights of
// shape 3.3 and 1/3). Each split is also written an hour later on the clock (`-shifted`), so that the
// detector's 2-hour clock blocks straddle the file's blocks instead of matching them. Every split directory
// gets a copy of events.csv (moved by the same hour where shifted), as score.ts reads it beside the file.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOUR_MS, MINUTE_MS } from '@cowcare/domain/activity-series';
import { seededRandom } from '@cowcare/domain/seeded-random';
import { formatWallClock, parseWallClock } from '../../apps/server/src/cli/detect';

const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data/bovheat-dev');
const SLOTS = 12;

/** A gamma-distributed number of the given shape (Marsaglia & Tsang 2000; shape < 1 by Stuart's boost). */
function gamma(random: () => number, shape: number): number {
  if (shape < 1) return gamma(random, shape + 1) * random() ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let normal: number;
    let v: number;
    do {
      normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      v = 1 + c * normal;
    } while (v <= 0);
    v = v ** 3;
    if (Math.log(1 - random()) < 0.5 * normal ** 2 + d - d * v + d * Math.log(v)) return d * v;
  }
}

const SPLITS: { name: string; seed: number; weight: (random: () => number) => number }[] = [
  { name: 'even', seed: 1, weight: () => 1 },
  { name: 'bursty-1', seed: 1, weight: (random) => -Math.log(1 - random()) },
  { name: 'bursty-2', seed: 2, weight: (random) => -Math.log(1 - random()) },
  { name: 'milder', seed: 1, weight: (random) => gamma(random, 3.3) },
  { name: 'wilder', seed: 1, weight: (random) => gamma(random, 1 / 3) },
];

/** A file's wall-clock time (the CLI's format), moved by `shiftMs`; an empty field stays empty. */
function later(text: string, shiftMs: number): string {
  if (text === '') return text;
  const time = parseWallClock(text);
  if (time === null) throw new Error(`not a time: ${text}`);
  return formatWallClock(time + shiftMs);
}

function splitRows(lines: readonly string[], tsAt: number, activityAt: number, weight: () => number) {
  return lines.flatMap((line) => {
    const fields = line.split(',');
    const weights = Array.from({ length: SLOTS }, weight);
    const total = weights.reduce((sum, value) => sum + value, 0);
    const start = parseWallClock(fields[tsAt] ?? '');
    if (start === null) throw new Error(`not a time: ${line}`);
    return weights.map((share, slot) => {
      const row = [...fields];
      row[tsAt] = formatWallClock(start + slot * 10 * MINUTE_MS);
      const count = row[activityAt] ?? '';
      if (count !== '') row[activityAt] = String(Math.round((Number(count) * share * 10) / total) / 10);
      return row;
    });
  });
}

function main(): void {
  const target = process.argv[2];
  if (target === undefined) {
    console.error('usage: npx tsx bench/estrus/split.ts <directory>');
    process.exit(2);
  }
  const [header = '', ...lines] = readFileSync(path.join(DATA, 'activity_2h.csv'), 'utf8').trim().split('\n');
  const [eventsHeader = '', ...events] = readFileSync(path.join(DATA, 'events.csv'), 'utf8')
    .trim()
    .split('\n');
  const names = header.split(',');
  const [tsAt, activityAt] = [names.indexOf('ts'), names.indexOf('raw_activity')];
  for (const { name, seed, weight } of SPLITS) {
    const random = seededRandom(seed);
    const rows = splitRows(lines, tsAt, activityAt, () => weight(random));
    for (const shiftMs of [0, HOUR_MS]) {
      const directory = path.join(target, shiftMs === 0 ? name : `${name}-shifted`);
      mkdirSync(directory, { recursive: true });
      const shifted = rows.map((row) =>
        row.map((field, at) => (at === tsAt ? later(field, shiftMs) : field)),
      );
      writeFileSync(
        path.join(directory, 'activity.csv'),
        [header, ...shifted.map((row) => row.join(','))].join('\n') + '\n',
      );
      // start and end of each event move with the readings (calving and bred days are whole days: kept).
      const movedEvents = events.map((line) => {
        const [cow, event, start = '', end = '', ...rest] = line.split(',');
        const moves = event?.startsWith('scr_heat');
        const move = (text: string) => (moves ? later(text, shiftMs) : text);
        return [cow, event, move(start), move(end), ...rest].join(',');
      });
      writeFileSync(path.join(directory, 'events.csv'), [eventsHeader, ...movedEvents].join('\n') + '\n');
      console.log(directory);
    }
  }
}

main();
