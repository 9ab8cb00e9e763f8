import { readdirSync, readFileSync } from 'node:fs';

// CPU and memory of a process and everything it started (the server and its ffmpegs), from /proc (Linux).

const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

interface ProcStat {
  pid: number;
  parent: number;
  cpuSeconds: number;
  residentBytes: number;
  command: string;
}

const readStat = (pid: number): ProcStat | undefined => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command is in parentheses and may hold spaces: the fields start after the last ')'
    const command = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      parent: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
      residentBytes: Number(fields[21]) * PAGE_BYTES,
      command,
    };
  } catch {
    return undefined;
  }
};

/** The process and its descendants as they are now. */
export const processTree = (root: number): ProcStat[] => {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== undefined);
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const stat of all) {
      if (!tree.has(stat.pid) && tree.has(stat.parent)) {
        tree.add(stat.pid);
        grew = true;
      }
    }
  }
  return all.filter((stat) => tree.has(stat.pid));
};

export interface Usage {
  /** Share of one core over the interval, per process name (the server is "node"). */
  corePercent: Record<string, number>;
  /** Resident memory at the end, per process name, MiB. */
  residentMib: Record<string, number>;
}

/**
 * Measures the tree for `seconds`: CPU time of every process alive at both ends (an ffmpeg that starts or
 * stops within the interval is counted from when it is first seen), memory at the end.
 */
export const measureTree = async (root: number, seconds: number): Promise<Usage> => {
  const before = new Map(processTree(root).map((stat) => [stat.pid, stat]));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = processTree(root);
  const corePercent: Record<string, number> = {};
  const residentMib: Record<string, number> = {};
  for (const stat of after) {
    const used = stat.cpuSeconds - (before.get(stat.pid)?.cpuSeconds ?? 0);
    corePercent[stat.command] = (corePercent[stat.command] ?? 0) + (100 * used) / seconds;
    residentMib[stat.command] = (residentMib[stat.command] ?? 0) + stat.residentBytes / 2 ** 20;
  }
  return { corePercent, residentMib };
};
