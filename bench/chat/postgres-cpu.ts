// CPU used by the PostgreSQL backends serving one database, from /proc (Linux): PostgreSQL names each backend
// process `postgres: … <user> <database> <address> <state>`, so the benchmark's own scratch database tells
// its backends from those of other work on the same server. Backends that exit take their time with them;
// the server's pool keeps its connections while it is busy, so a loaded phase loses little.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`, 100 on Linux). */
const TICKS_PER_SECOND = 100;

const readOrEmpty = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** CPU seconds (user + system) of the backends of `database` now alive; 0 where there is no /proc. */
export const backendCpuSeconds = (database: string): number => {
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    const title = readOrEmpty(`/proc/${pid}/cmdline`).replaceAll('\0', ' ');
    if (!title.startsWith('postgres:') || !title.includes(` ${database} `)) continue;
    // After the command in parentheses: state is field 3, utime and stime fields 14 and 15.
    const fields = readOrEmpty(`/proc/${pid}/stat`).split(') ')[1]?.split(' ') ?? [];
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks / TICKS_PER_SECOND;
};

/** The database's name in a postgres:// URL. */
export const databaseOf = (url: string): string => new URL(url).pathname.slice(1);
