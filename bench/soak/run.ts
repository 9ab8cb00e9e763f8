// A 2,000-cow farm at its normal rate for an hour (by default): is the server's memory flat (the slope of a
// straight line fitted to its resident set and heap) and is its log free of warnings and errors? Not a test:
// it writes RESULTS.md next to this file.
// Run: nice -n 19 npx tsx bench/soak/run.ts [--minutes 60] [--cows 2000] [--postgres]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from '../machine';
import {
  FORWARD_EVERY_MS,
  GATEWAYS,
  numberFlag,
  percentile,
  runFarmLoad,
  slope,
  type LoadOutcome,
  type MemorySample,
} from '../surge/load';

const here = path.dirname(fileURLToPath(import.meta.url));
const minutes = numberFlag('minutes', 60);
const cows = numberFlag('cows', 2_000);
const postgres = process.argv.includes('--postgres');
/** The server's first minutes (start, first detection rounds, the heap settling) are left out of the fit. */
const WARM_UP_SECONDS = Math.min(300, (minutes * 60) / 4);
const HOUR_SECONDS = 3600;

const fixed = (value: number, digits = 0) => value.toFixed(digits);

/** MiB per hour of `value` over the samples, by least squares. */
const slopePerHour = (samples: readonly MemorySample[], value: (sample: MemorySample) => number) =>
  slope(samples.map((sample) => ({ x: sample.at / HOUR_SECONDS, y: value(sample) })));

const median = (values: readonly number[]) => percentile(values, 0.5);

/** One row per 5 minutes: medians of memory, latency percentiles. */
const timeline = (outcome: LoadOutcome): string => {
  const rows: string[] = [];
  for (let from = 0; from < minutes * 60; from += 300) {
    const samples = outcome.samples.filter((sample) => sample.at >= from && sample.at < from + 300);
    const latencies = outcome.latencies
      .filter((latency) => latency.at >= from && latency.at < from + 300)
      .map((latency) => latency.ms);
    if (samples.length === 0) continue;
    rows.push(
      `| ${from / 60}-${from / 60 + 5} | ${latencies.length} | ${fixed(percentile(latencies, 0.5), 1)} | ${fixed(percentile(latencies, 0.99), 1)} | ` +
        `${fixed(median(samples.map((sample) => sample.residentMiB)))} | ${fixed(Math.max(...samples.map((sample) => sample.residentMiB)))} | ` +
        `${fixed(median(samples.map((sample) => sample.heapUsedMiB)))} | ${fixed(Math.max(...samples.map((sample) => sample.heapUsedMiB)))} |`,
    );
  }
  return rows.join('\n');
};

const report = (outcome: LoadOutcome): string => {
  const settled = outcome.samples.filter((sample) => sample.at >= WARM_UP_SECONDS);
  const latencies = outcome.latencies.map((latency) => latency.ms);
  const args = process.argv.slice(2).join(' ');
  const hourStillToDo =
    minutes < 60
      ? `\n**This run lasted ${minutes} minutes, not the hour the benchmark asks for. The hour-long run is still to be
done**, when the machine is free: \`nice -n 19 npx tsx bench/soak/run.ts\` (it then replaces this file).\n`
      : '';
  return `# Soak: a 2,000-cow farm's normal rate for ${minutes} minutes
${hourStillToDo}
Run: \`nice -n 19 npx tsx bench/soak/run.ts${args ? ` ${args}` : ''}\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version},
${describeMachine()}; the machine is shared with other engineers' test runs.

The real server (\`apps/server/src/main.ts\`) runs in a process of its own on ${outcome.database === 'pglite' ? 'PGlite on disk' : 'PostgreSQL (a scratch database on the local server)'},
with the embedded broker, the jobs on and \`LOG_LEVEL=warn\`. One farm of ${cows} cows, each sensor reporting once
per 10 minutes on its own phase (${(cows / 600).toFixed(1)} readings/s, as \`bench/surge\`); ${GATEWAYS} gateway connections
each forward what their cows sent every ${FORWARD_EVERY_MS / 1000} s as one QoS 1 message. Memory is read from the
server's \`/metrics\` every second; the slope is a least-squares line through those samples, over the whole run
and without its first ${fixed(WARM_UP_SECONDS / 60)} minutes (the server's start and first detection rounds). Heap in
use is a saw (the garbage collector), so only a slope over many of its teeth means anything.

| memory | slope, whole run (MiB/h) | slope after ${fixed(WARM_UP_SECONDS / 60)} min (MiB/h) | first → last 5 min, median (MiB) |
| --- | --- | --- | --- |
| resident set | ${fixed(
    slopePerHour(outcome.samples, (sample) => sample.residentMiB),
    1,
  )} | ${fixed(
    slopePerHour(settled, (sample) => sample.residentMiB),
    1,
  )} | ${edgeMedians(outcome.samples, (sample) => sample.residentMiB)} |
| heap used | ${fixed(
    slopePerHour(outcome.samples, (sample) => sample.heapUsedMiB),
    1,
  )} | ${fixed(
    slopePerHour(settled, (sample) => sample.heapUsedMiB),
    1,
  )} | ${edgeMedians(outcome.samples, (sample) => sample.heapUsedMiB)} |

**Ingest latency** (publish to PUBACK, after the commit): ${latencies.length} messages, p50 ${fixed(percentile(latencies, 0.5), 1)} ms,
p99 ${fixed(percentile(latencies, 0.99), 1)} ms, max ${fixed(Math.max(0, ...latencies), 1)} ms.

**Nothing acknowledged lost**: ${outcome.readingsAcknowledged} readings acknowledged, ${outcome.storedRows} rows stored,
${outcome.notStoredOnce} acknowledged readings not stored exactly once; ${outcome.publishErrors} publishes failed.

**Log**: ${outcome.logProblems.length} warning or error lines${outcome.logProblems.length > 0 ? `:\n\n\`\`\`\n${outcome.logProblems.slice(0, 10).join('\n')}\n\`\`\`` : '.'}

Every 5 minutes:

| minutes | messages | p50 (ms) | p99 (ms) | resident median (MiB) | resident max (MiB) | heap used median (MiB) | heap used max (MiB) |
| --- | --- | --- | --- | --- | --- | --- | --- |
${timeline(outcome)}
`;
};

const edgeMedians = (samples: readonly MemorySample[], value: (sample: MemorySample) => number): string => {
  const end = Math.max(0, ...samples.map((sample) => sample.at));
  const first = samples.filter((sample) => sample.at < 300).map(value);
  const last = samples.filter((sample) => sample.at >= end - 300).map(value);
  return `${fixed(median(first))} → ${fixed(median(last))}`;
};

const outcome = await runFarmLoad({
  cows,
  phases: [{ name: 'soak', seconds: minutes * 60, rate: 1 }],
  postgres,
  onSample: (sample) => {
    if (Math.round(sample.at) % 300 === 0) {
      console.log(
        `${fixed(sample.at / 60)} min: resident ${fixed(sample.residentMiB)} MiB, heap ${fixed(sample.heapUsedMiB)} MiB`,
      );
    }
  },
});
writeFileSync(path.join(here, 'RESULTS.md'), report(outcome));
console.log(report(outcome));
