import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface DirectoryLock {
  release(): void;
}

const LOCK_FILE = 'cowcare.lock';

const processIsAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite does not stop two processes from opening one directory, and that corrupts it. A lock file holding
 * our pid does: a live owner makes us refuse to start; a dead owner's lock is stale and is taken over.
 */
export const acquireDirectoryLock = (directory: string): DirectoryLock => {
  mkdirSync(directory, { recursive: true });
  const lockPath = path.join(directory, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const descriptor = openSync(lockPath, 'wx');
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      return { release: () => rmSync(lockPath, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner !== process.pid && processIsAlive(owner)) {
        throw new Error(`The database directory ${directory} is in use by process ${owner}; stop it first.`);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the database directory ${directory}`);
};
