// CPU used by the PostgreSQL backends serving one database, from /proc (Linux): PostgreSQL names each backend
// process `postgres: … <user> <database> <address> <state>`, so the benchmark's own scratch database tells
// its backends from those of other work on the same server.
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

/** CPU seconds (user + system) of each backend of `database` now alive, by pid; none where there is no /proc. */
const backendCpu = (database: string): Map<string, number> => {
  const byPid = new Map<string, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return byPid;
  }
  for (const pid of pids) {
    const title = readOrEmpty(`/proc/${pid}/cmdline`).replaceAll('\0', ' ');
    if (!title.startsWith('postgres:') || !title.includes(` ${database} `)) continue;
    // After the command in parentheses: state is field 3, utime and stime fields 14 and 15.
    const fields = readOrEmpty(`/proc/${pid}/stat`).split(') ')[1]?.split(' ') ?? [];
    byPid.set(pid, (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND);
  }
  return byPid;
};

/**
 * Watches the backends of `database` every second until stopped; answers the CPU seconds they used meanwhile.
 * The pool closes connections idle for 10 s, so a backend may end between two looks: it is counted up to the
 * last look, and one born and ended between two looks is missed (at a light load the sum is a floor).
 */
export const watchBackends = (database: string): (() => number) => {
  const first = backendCpu(database);
  const last = new Map(first);
  const look = () => {
    for (const [pid, seconds] of backendCpu(database)) last.set(pid, seconds);
  };
  const timer = setInterval(look, 1000);
  return () => {
    clearInterval(timer);
    look();
    let used = 0;
    for (const [pid, seconds] of last) used += seconds - (first.get(pid) ?? 0);
    return used;
  };
};

/** The database's name in a postgres:// URL. */
export const databaseOf = (url: string): string => new URL(url).pathname.slice(1);
