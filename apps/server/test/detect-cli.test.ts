// `npm run detect -- <file.csv>` (issue 4): on the real bovheat-dev export, on a synthetic cow, and on bad input.
// The fixture is a copy of the shared data set (see its README), so a clean clone can run this test.

import { seededRandom } from '@cowcare/domain/seeded-random';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/detect';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HEADER = 'cow,onset,end,peak,window_start,window_end';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/bovheat-dev');
const activityFile = path.join(fixtures, 'activity_2h.csv');

/** Runs the command as `npm run detect -- ...argv` would, capturing what it prints. */
function detect(argv: readonly string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { code: main(argv), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** Epoch ms of a file time (`YYYY-MM-DDTHH:MM` or a bare date), read as UTC like the command does. */
const clock = (text: string) => Date.parse(text.length === 10 ? `${text}T00:00Z` : `${text}Z`);

const csvRows = (text: string) =>
  text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));

interface Heat {
  cow: string;
  onset: number;
  end: number;
}

const heatsOf = (stdout: string): Heat[] =>
  csvRows(stdout).map(([cow = '', onset = '', end = '']) => ({ cow, onset: clock(onset), end: clock(end) }));

let scratch = '';
beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'detect-cli-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function fileWith(name: string, text: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, text);
  return file;
}

describe('detect on the bovheat-dev export (SCR Heatime collars, 42 cows, 4 weeks)', () => {
  let run: ReturnType<typeof detect>;
  let heats: Heat[];
  /** Calving days per cow as BovHEAT derives them: the block's day less its days in milk. */
  const calvings = new Map<string, Set<number>>();
  beforeAll(() => {
    run = detect([activityFile]);
    heats = heatsOf(run.stdout);
    for (const [cow = '', ts = '', , , , dim = ''] of csvRows(readFileSync(activityFile, 'utf8'))) {
      if (dim === '') continue;
      const day = clock(ts.slice(0, 10)) - Number(dim) * DAY;
      calvings.set(cow, (calvings.get(cow) ?? new Set()).add(day));
    }
  });
  const afterCalving = (cow: string, time: number) =>
    [...(calvings.get(cow) ?? [])].some((calving) => time >= calving && time < calving + 10 * DAY);

  it('exits 0 and prints the header, then heats sorted by cow then onset', () => {
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n')[0]).toBe(HEADER);
    const order = heats.map(({ cow, onset }) => [Number(cow), onset]);
    expect(order).toEqual([...order].sort(([cowA = 0, a = 0], [cowB = 0, b = 0]) => cowA - cowB || a - b));
  });

  it('gives every heat an insemination window from onset + 13 h to onset + 24 h', () => {
    const rows = csvRows(run.stdout);
    expect(rows.length).toBeGreaterThan(0);
    for (const [, onset = '', , , windowStart = '', windowEnd = ''] of rows) {
      expect(clock(windowStart) - clock(onset)).toBe(13 * HOUR);
      expect(clock(windowEnd) - clock(onset)).toBe(24 * HOUR);
    }
  });

  /** Recall and precision of some heats against SCR's episodes (index >= 35), with a 6-hour tolerance. */
  const scoreAgainstScr = (found: readonly Heat[]) => {
    // The reference: SCR episodes, less the restlessness of the 10 days after a calving.
    const scr = csvRows(readFileSync(path.join(fixtures, 'events.csv'), 'utf8'))
      .filter(([, event]) => event === 'scr_heat_ac35')
      .map(([cow = '', , start = '', end = '']) => ({ cow, start: clock(start), end: clock(end) }))
      .filter(({ cow, start }) => !afterCalving(cow, start));
    const near = (heat: Heat, episode: (typeof scr)[number]) =>
      heat.cow === episode.cow &&
      heat.onset <= episode.end + 6 * HOUR &&
      episode.start <= heat.end + 6 * HOUR;
    const matched = scr.filter((episode) => found.some((heat) => near(heat, episode)));
    // Each SCR episode confirms one heat at most: two alerts for one SCR heat count one as false.
    const unpaired = new Set(scr);
    const confirmed = found.filter((heat) => {
      const episode = [...unpaired].find((candidate) => near(heat, candidate));
      return episode !== undefined && unpaired.delete(episode);
    });
    expect(scr.length).toBeGreaterThan(25);
    return { recall: matched.length / scr.length, precision: confirmed.length / found.length };
  };

  it("finds SCR's heats: recall and precision >= 0.85 with a 6-hour tolerance", () => {
    const { recall, precision } = scoreAgainstScr(heats);
    expect(recall).toBeGreaterThanOrEqual(0.85);
    expect(precision).toBeGreaterThanOrEqual(0.85);
  });

  // The server sees 10-minute readings, and 10-minute counts come in bursts (a cow walks, then lies down).
  // Each 2-hour block is split into twelve with exponential weights: the same totals, far noisier blocks.
  it.each([1, 2])(
    'finds about the same heats in the same data split into bursty 10-minute blocks (seed %i)',
    (seed) => {
      const random = seededRandom(seed);
      const [header = '', ...lines] = readFileSync(activityFile, 'utf8').trim().split('\n');
      const names = header.split(',');
      const [tsAt, activityAt] = [names.indexOf('ts'), names.indexOf('raw_activity')];
      const split = lines.flatMap((line) => {
        const fields = line.split(',');
        const weights = Array.from({ length: 12 }, () => -Math.log(1 - random()));
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        const start = clock(fields[tsAt] ?? '');
        return weights.map((weight, slot) => {
          const row = [...fields];
          row[tsAt] = new Date(start + slot * 10 * MINUTE).toISOString().slice(0, 16);
          const count = row[activityAt] ?? '';
          if (count !== '') row[activityAt] = String(Math.round((Number(count) * weight * 100) / total) / 10);
          return row.join(',');
        });
      });
      const run10 = detect([fileWith('activity_10min.csv', [header, ...split].join('\n'))]);
      expect(run10.code).toBe(0);
      const found = heatsOf(run10.stdout);
      const { recall, precision } = scoreAgainstScr(found);
      expect(recall).toBeGreaterThanOrEqual(0.85);
      expect(precision).toBeGreaterThanOrEqual(0.7);
      expect(found.length).toBeLessThanOrEqual(heats.length * 1.3);
    },
  );

  it('reports no heat in the 10 days after a calving the dim column implies', () => {
    expect(heats.filter(({ cow, onset }) => afterCalving(cow, onset))).toEqual([]);
  });

  it('with --suspected, adds a confidence column and the weaker rises', () => {
    const suspected = detect(['--suspected', activityFile]);
    expect(suspected.code).toBe(0);
    expect(suspected.stdout.split('\n')[0]).toBe(`${HEADER},confidence`);
    const rows = csvRows(suspected.stdout);
    expect(rows.some((row) => row.at(-1) === 'suspected')).toBe(true);
    const detected = rows.filter((row) => row.at(-1) === 'detected').map((row) => row.slice(0, -1));
    expect(detected).toEqual(csvRows(run.stdout));
  });
});

describe('detect on a synthetic 10-minute cow', () => {
  const start = Date.UTC(2024, 2, 1);
  const rise = start + 14 * DAY + 8 * HOUR;
  const calving = rise - 2 * DAY - 8 * HOUR; // the midnight two days before the rise

  /** Quiet nights, busy days, peaks at milking; a small wobble so no two days are equal. */
  function activityAt(time: number): number {
    const hour = new Date(time).getUTCHours();
    const level =
      hour < 4 || hour >= 22 ? 10 : (hour >= 5 && hour < 7) || (hour >= 16 && hour < 18) ? 45 : 28;
    const wobble = 1 + 0.1 * Math.sin(time / (37 * MINUTE));
    const raised = time >= rise && time < rise + 12 * HOUR ? 3 : 1;
    return Math.round(level * wobble * raised * 10) / 10;
  }

  function cowCsv(withDim: boolean): string {
    const lines = [withDim ? 'cow,ts,raw_activity,dim' : 'cow,ts,raw_activity'];
    for (let time = start; time < rise + 3 * DAY; time += 10 * MINUTE) {
      const row = ['301', new Date(time).toISOString().slice(0, 16), String(activityAt(time))];
      // Days in milk are empty until she calves, as for a dry cow in a real export.
      if (withDim) row.push(time < calving ? '' : String(Math.floor((time - calving) / DAY)));
      lines.push(row.join(','));
    }
    return `${lines.join('\n')}\n`;
  }

  it('finds one heat, with its onset within an hour of the rise', () => {
    const run = detect([fileWith('cow-301.csv', cowCsv(false))]);
    expect(run.code).toBe(0);
    const heats = heatsOf(run.stdout);
    expect(heats).toHaveLength(1);
    expect(Math.abs((heats[0]?.onset ?? 0) - rise)).toBeLessThanOrEqual(HOUR);
  });

  it('with --live, prints the notices the server would send: one heat (101) and its window (102)', () => {
    const run = detect(['--live', fileWith('cow-301.csv', cowCsv(false))]);
    expect(run.code).toBe(0);
    const [header, ...rows] = run.stdout.trim().split('\n');
    expect(header).toBe('cow,code,time,onset,window_start,window_end');
    const notices = rows.map((line) => line.split(','));
    expect(notices.map(([cow, code]) => `${cow}:${code}`)).toEqual(['301:101', '301:102']);
    const [heat = [], window = []] = notices;
    const [raisedAt, onset, windowStart] = [heat[2], heat[3], heat[4]].map((text) => clock(text ?? ''));
    // Raised while the rise goes on, from the readings up to then: never before the rise, hours into it.
    expect(raisedAt).toBeGreaterThan(rise);
    expect(raisedAt).toBeLessThanOrEqual(rise + 8 * HOUR);
    expect(Math.abs((onset ?? 0) - rise)).toBeLessThanOrEqual(HOUR);
    expect(windowStart).toBe((onset ?? 0) + 13 * HOUR);
    expect(clock(window[2] ?? '')).toBe(windowStart);
  });

  it('with --live, sends nothing for a rise two days after the calving the dim column implies', () => {
    const run = detect(['--live', fileWith('cow-301-dim.csv', cowCsv(true))]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual(['cow,code,time,onset,window_start,window_end']);
  });

  it('reads the same cow from a spreadsheet export: quoted fields, CRLF, a byte-order mark, blank lines', () => {
    const plain = detect([fileWith('cow-301.csv', cowCsv(false))]);
    const lines = cowCsv(false).trimEnd().split('\n');
    const quoted = lines.map((line) =>
      line
        .split(',')
        .map((field) => `"${field}"`)
        .join(','),
    );
    const spreadsheet = `\uFEFF${[quoted[0], '', ...quoted.slice(1)].join('\r\n')}\r\n\r\n`;
    const run = detect([fileWith('cow-301-excel.csv', spreadsheet)]);
    expect(run.code).toBe(0);
    expect(heatsOf(run.stdout)).toHaveLength(1);
    expect(run.stdout).toBe(plain.stdout);
  });

  it('reads times with seconds and a zone designator, and NA/NaN/null as missing, on the clock they show', () => {
    const plain = detect([fileWith('cow-301.csv', cowCsv(false))]);
    const [header = '', ...rows] = cowCsv(false).trimEnd().split('\n');
    const missingTokens = ['NA', 'NaN', 'null', 'None'];
    const exported = rows.map((row, index) => {
      const [cow = '', ts = '', activity = ''] = row.split(',');
      const zone = index % 2 === 0 ? 'Z' : '+01:00';
      // A lone missing reading at midnight every 3 days: its block keeps 11 of 12 and the same heat.
      const missing = index % 432 === 0 ? missingTokens[(index / 432) % missingTokens.length] : undefined;
      return [cow, `${ts}:00.000${zone}`, missing ?? activity, 'NA'].join(',');
    });
    const run = detect([fileWith('cow-301-zoned.csv', [`${header},temp`, ...exported].join('\n'))]);
    expect(run.code, run.stderr).toBe(0);
    expect(heatsOf(run.stdout)).toHaveLength(1);
    expect(run.stdout).toBe(plain.stdout);
  });

  it('finds none when the dim column says she calved two days before the rise', () => {
    const run = detect([fileWith('cow-301-calved.csv', cowCsv(true))]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${HEADER}\n`);
  });
});

describe('detect on bad input', () => {
  const good = 'cow,ts,raw_activity,dim\n301,2024-03-01T00:00,12,40\n';

  it.each([
    ['a missing column', 'cow,time,raw_activity\n301,2024-03-01T00:00,12\n', 'bad.csv:1:', 'missing: ts'],
    ['a bad ts', `${good}301,2024-03-01 25:00,12,40\n`, 'bad.csv:3:', '"2024-03-01 25:00"'],
    [
      'a ts with a zone name',
      `${good}301,2024-03-01T02:00 CET,12,40\n`,
      'bad.csv:3:',
      '"2024-03-01T02:00 CET"',
    ],
    [
      'a raw_activity that is text',
      `${good}301,2024-03-01T02:00,n/a,40\n`,
      'bad.csv:3:',
      'raw_activity "n/a"',
    ],
    ['a negative raw_activity', `${good}301,2024-03-01T02:00,-4,40\n`, 'bad.csv:3:', 'raw_activity "-4"'],
    ['a bad dim', `${good}301,2024-03-01T02:00,12,forty\n`, 'bad.csv:3:', 'dim "forty"'],
    ['a row of the wrong width', `${good}\n301,2024-03-01T02:00,12\n`, 'bad.csv:4:', 'expected 4 fields'],
    [
      'an unclosed quote',
      `${good}301,"2024-03-01T02:00,12,40\n301,2024-03-01T04:00,12,40\n`,
      'bad.csv:3:',
      'never closed',
    ],
  ])('%s: exit 1 and a message naming the line', (_, text, line, problem) => {
    const run = detect([fileWith('bad.csv', text)]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(line);
    expect(run.stderr).toContain(problem);
  });

  it('exits 2 with the usage when no file is given', () => {
    const run = detect([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no file given');
    expect(run.stderr).toContain('Usage:');
  });
});
