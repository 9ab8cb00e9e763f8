// What the login throttle adds to a login, now that it counts in the database: its queries per attempt
// (a failed one keeps its rows, a passed one removes them and trusts the address), beside the argon2id
// check every login pays anyway, measured in the same run. PGlite, and PostgreSQL when DATABASE_URL is set.
import type { Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPgliteDatabase } from '../../apps/server/src/db/pglite-database';
import { LoginThrottle } from '../../apps/server/src/modules/auth/login-throttle';
import { hashPassword, verifyPassword } from '../../apps/server/src/modules/auth/passwords';
import { describeMachine } from '../machine';
import { withScratchPostgres } from '../scratch-postgres';

const ATTEMPTS = 400;
const ARGON_CHECKS = 20;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

/** Median milliseconds of a guarded attempt that fails and of one that passes, over fresh accounts. */
const measureThrottle = async (db: Database) => {
  await migrate(db);
  const throttle = new LoginThrottle(db, 'login');
  const failed: number[] = [];
  const passed: number[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    // A new account and address each time, so no attempt is refused and every one runs its whole path.
    const address = `10.${attempt >> 8}.${attempt & 255}.1`;
    failed.push(await timed(() => throttle.guard(`bench-${attempt}`, address, async () => undefined)));
    passed.push(await timed(() => throttle.guard(`bench-${attempt}`, address, async () => true)));
  }
  return { failed: median(failed), passed: median(passed) };
};

const measureArgon = async () => {
  const hash = await hashPassword('correct horse battery');
  const checks: number[] = [];
  for (let check = 0; check < ARGON_CHECKS; check += 1) {
    checks.push(await timed(() => verifyPassword(hash, 'wrong horse battery')));
  }
  return median(checks);
};

const row = (name: string, throttle: { failed: number; passed: number }, argon: number) =>
  `| ${name} | ${throttle.failed.toFixed(2)} | ${throttle.passed.toFixed(2)} | ${argon.toFixed(1)} | ` +
  `${((100 * throttle.failed) / argon).toFixed(1)} % |`;

const argon = await measureArgon();
const pglite = await openPgliteDatabase(undefined);
const rows = [row('PGlite', await measureThrottle(pglite).finally(() => pglite.close()), argon)];
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) rows.push(row('PostgreSQL', await withScratchPostgres(adminUrl, measureThrottle), argon));

const report = [
  `Run ${new Date().toISOString()} on ${describeMachine()}; ${ATTEMPTS} attempts each, medians.`,
  '',
  '| database | failed attempt (ms) | passed attempt (ms) | argon2id check (ms) | failed / argon2id |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');
console.log(report);
