// The client's filter + sort of a 10,000-cow list (issue 3 goal: under 8 ms a run), against a baseline
// of the least work any list must do in the same run: one keyword pass and one numeric sort.
import { seededRandom } from '@cowcare/domain/seeded-random';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_COW_FILTER_OPTIONS, createCowFilter, type FilterableCow } from '@cowcare/domain/cow-filter';
import { sortCows, type SortableCow } from '@cowcare/domain/cow-sort';

const COWS = 10_000;
const RUNS = 300;
const STATUSES = ['발정탐지', '발정감지', '비육', '설정대기', '임신', '포유', '임신감정', '도태'];

type BenchCow = FilterableCow & SortableCow;

const makeHerd = (): BenchCow[] => {
  // Seeded, so every run measures the same herd.
  const random = seededRandom(42);
  return Array.from({ length: COWS }, (_, index) => {
    const averageTemperature = 38.5 + random() * 0.6;
    const averageActivity = 20 + random() * 30;
    return {
      id: index + 1,
      code: `C${String(100000 + index)}`,
      sensorId: random() < 0.5 ? 40000 + index : 10000 + index,
      sensorzt: random() < 0.9 ? 1 : 0,
      storedStatus: STATUSES[Math.floor(random() * STATUSES.length)] ?? '설정대기',
      currentTemperature: averageTemperature + random() * 2.5 - 0.5,
      averageTemperature,
      temperatureOffset: random() < 0.1 ? 0.3 : null,
      currentActivity: averageActivity * (0.6 + random()),
      averageActivity,
      fever: random() * 2,
      drink: random() * 12,
      activity: random() * 40 - 10,
    };
  });
};

const time = (work: () => unknown): number[] => {
  for (let warmup = 0; warmup < 20; warmup += 1) work();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return samples.sort((left, right) => left - right);
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

const herd = makeHerd();
const narrowed = {
  ...DEFAULT_COW_FILTER_OPTIONS,
  temperatureLevels: ['slight', 'moderate', 'severe'] as const,
  keyword: '1',
};

const cases = {
  'baseline: keyword pass + numeric sort': () =>
    herd
      .filter((cow) => cow.code.includes('1'))
      .sort((left, right) => (right.fever ?? 0) - (left.fever ?? 0)),
  'default filter + sort by fever (descending)': () =>
    sortCows(herd.filter(createCowFilter(DEFAULT_COW_FILTER_OPTIONS)), 'fever', 2),
  'narrowed filter (fevers, keyword) + sort by activity': () =>
    sortCows(herd.filter(createCowFilter(narrowed)), 'activity', 0),
  'default filter + sort by code (number-aware)': () =>
    sortCows(herd.filter(createCowFilter(DEFAULT_COW_FILTER_OPTIONS)), 'id', 1),
};

const rows = Object.entries(cases).map(([name, work]) => ({ name, samples: time(work) }));
const baselineMedian = percentile(rows[0]?.samples ?? [], 0.5);
const table = rows.map(({ name, samples }) => {
  const median = percentile(samples, 0.5);
  return `| ${name} | ${median.toFixed(2)} | ${percentile(samples, 0.99).toFixed(2)} | ${(median / baselineMedian).toFixed(1)}x |`;
});

const report = `# Cow list filter + sort, ${COWS.toLocaleString('en')} cows

Run: \`npx tsx bench/cow-list/run.ts\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version},
${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${RUNS} runs after 20 warm-up runs.

Goal (issue 3): the client's filter + sort of 10,000 cows under 8 ms a run.

| case | median ms | p99 ms | vs baseline |
| --- | --- | --- | --- |
${table.join('\n')}
`;
writeFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md'), report);
console.log(report);
