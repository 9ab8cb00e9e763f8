// A PostgreSQL cluster of a test's own (initdb, pg_ctl) on a free port, so the test can stop and restart the
// database under a running server without touching the machine's shared PostgreSQL that other tests use.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:{port}/postgres` */
  readonly url: string;
  /** Stops it as a crash would (`-m immediate`: no checkpoint, recovery at the next start). */
  crash(): Promise<void>;
  /** Starts it again on the same data and port; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  remove(): Promise<void>;
}

/** The directory of `initdb` and `pg_ctl`: on PATH, else Debian's versioned directory. */
const postgresBinDir = (): string => {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  const newest = versions[0];
  if (newest) return path.join(debian, newest, 'bin');
  throw new Error('initdb and pg_ctl were not found (install PostgreSQL)');
};

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` account. */
const asPostgresUser = async (): Promise<{ uid: number; gid: number } | undefined> => {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  return { uid, gid };
};

export const startPrivatePostgres = async (): Promise<PrivatePostgres> => {
  const bin = postgresBinDir();
  const owner = await asPostgresUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cowcare-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const postgres = (program: string, args: string[]) =>
    owner
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
      : run(path.join(bin, program), args);
  // fsync off: the test kills processes, not the machine, and what a process wrote survives it in the
  // page cache; syncing would only make the test slower on a shared machine.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await postgres('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-o',
      serverOptions,
      '-w',
      'start',
    ]);
  };
  const stop = (mode: 'immediate' | 'fast') => postgres('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  await postgres('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async crash() {
      await stop('immediate');
    },
    start,
    async remove() {
      await stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
