// `npm run test:dates [-- "2028-02-29 12:30:00" …]`: the domain, web and server (PGlite) suites with the
// clock moved to other dates, since the demo herd, the simulator and every "today" follow the clock. A test
// that passes only on some days fails CI on the others (the simulator's fever test did, on 2026-11-25).
// Needs libfaketime (Debian: apt-get install faketime); the clock starts at each date and runs on.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const multiarch = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu';
const library = `/usr/lib/${multiarch}/faketime/libfaketime.so.1`;
if (!existsSync(library)) {
  console.error(`libfaketime is missing (${library}): install it with apt-get install faketime`);
  process.exit(1);
}

// UTC. The farm's day is Korea's (UTC+9): its year's end, a leap day, and a minute before its midnight.
const defaultDates = ['2026-12-31 14:50:00', '2028-02-29 03:30:00', '2027-06-30 14:59:00'];
const dates = process.argv.length > 2 ? process.argv.slice(2) : defaultDates;
const suites = ['packages/domain', 'apps/web', 'apps/server'];

const failures = [];
for (const date of dates) {
  for (const suite of suites) {
    console.log(`\n>>> ${suite} at ${date} UTC`);
    const result = spawnSync('npx', ['vitest', 'run', '--root', suite], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TZ: 'UTC', FAKETIME: `@${date}`, LD_PRELOAD: library },
    });
    if (result.status !== 0) failures.push(`${suite} at ${date}`);
  }
}
if (failures.length > 0) console.error(`\nFailed: ${failures.join('; ')}`);
process.exit(failures.length > 0 ? 1 : 0);
