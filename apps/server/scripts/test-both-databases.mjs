// Runs the server suite on PGlite, then the same suite on PostgreSQL when DATABASE_URL is set.
// In CI a missing DATABASE_URL is a failure, never a silent skip.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The route fuzz is the suite's most costly file (165 routes; at 100 requests a route, 170 s on PGlite on CI's
 * machine). Most of its requests are refused by the contract's schemas before any query, the same on both
 * databases; so the suite's run takes the first 60 requests of each route (same seed) on PGlite and the first
 * 30 on the second database, which still reach their own refusals. `bench/fuzz` runs many more, seed random.
 */
const FUZZ_RUNS_ON_FIRST_DATABASE = '60';
const FUZZ_RUNS_ON_SECOND_DATABASE = '30';

const run = (database, extraEnv = {}, extraArgs = []) => {
  console.log(`\n=== server tests on ${database} ===`);
  // A JSON report path gets the database's name, so the two runs do not overwrite each other.
  const args = process.argv
    .slice(2)
    .map((arg) => (arg.startsWith('--outputFile=') ? arg.replace(/\.json$/, `-${database}.json`) : arg));
  const result = spawnSync('npx', ['vitest', 'run', ...extraArgs, ...args], {
    cwd: serverDir,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE: database, ...extraEnv },
  });
  return result.status ?? 1;
};

if (process.env.CI && !process.env.DATABASE_URL) {
  console.error('CI is set but DATABASE_URL is not: the PostgreSQL run cannot be skipped in CI.');
  process.exit(1);
}
/**
 * On PGlite the test files of a worker share its loaded modules (`--isolate=false`): importing the server
 * again for each of 90 files took a quarter of the run. The server tests use no module mocks and every app
 * is built afresh, so nothing they need is shared; the PostgreSQL run keeps vitest's isolation as a check.
 */
let status = run('pglite', { FUZZ_RUNS: process.env.FUZZ_RUNS ?? FUZZ_RUNS_ON_FIRST_DATABASE }, [
  '--isolate=false',
]);
if (process.env.DATABASE_URL) {
  status = run('postgres', { FUZZ_RUNS: process.env.FUZZ_RUNS ?? FUZZ_RUNS_ON_SECOND_DATABASE }) || status;
} else {
  console.log(
    '\nDATABASE_URL is not set: the PostgreSQL run was not done (set it to run the suite on PostgreSQL).',
  );
}
process.exit(status);
