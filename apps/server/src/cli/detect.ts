// `npm run detect -- <file.csv>`: the estrus episodes in a collar export, as CSV on stdout.
//
// Input: the bovheat-dev format — a header naming at least `cow`, `ts` and `raw_activity` (optional `temp`;
// other columns are ignored; names in any case), one reading per line, comma-separated; quoted fields, CRLF,
// a byte-order mark and blank lines are read as RFC 4180 and spreadsheets write them. `ts` is a wall-clock time
// (`YYYY-MM-DDTHH:MM[:SS[.fff]]`, a space instead of the T is accepted); it is read as UTC and printed back
// the same way, so the output's clock is the file's clock. A zone designator (`Z`, `+01:00`) is accepted but
// not applied: a cow's day follows the farm's clock (milking, feeding), which is the clock the time shows.
// Empty, `NA`, `NaN`, `null` and `None` (how R, pandas and databases write a missing value) are no value in
// any column but `cow` and `ts`; a missing `raw_activity` is a block the collar did not report and is
// skipped; anything else that is not a number is an error.
// `temp` is checked (empty or a number) but not used: §9 lets temperature support a heat, never raise one,
// and the detector does not use it yet.
// An optional `dim` column (days in milk) gives the cow's calvings, as BovHEAT derives them: the block's day
// less its days in milk; the detector reports nothing in the days after a calving.
// Any cadence from 10 minutes to 2 hours; each cow's own cadence is inferred.
//
// Output: `cow,onset,end,peak,window_start,window_end` (ISO `YYYY-MM-DDTHH:MM`), heats only, sorted by
// cow then onset. `--suspected` adds the weaker rises and a `confidence` column. These are retrospective
// episodes: each judged on the whole file, the days after it included.
//
// `--live`: the notices the server would have sent instead, each cow's readings replayed one at a time, at the
// file's cadence, through the server's own detection on ingest with its history window (live-replay.ts):
// `cow,code,time,onset,window_start,window_end`, 101 (heat) and 102 (insemination window open) with the time
// the server records (a 101's is the reading that raised it, a 102's the window's opening), sorted by cow then
// time; `--suspected` adds 103. No look-ahead.
//
// Exit codes: 0 done, 1 unreadable or malformed file (the message names the line), 2 bad usage.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CsvError, parse } from 'csv-parse/sync';
import { DAY_MS, type ActivityPoint } from '@cowcare/domain/activity-series';
import {
  detectEstrusEpisodes,
  type EstrusEpisode,
  type EstrusOptions,
} from '@cowcare/domain/estrus-detection';
import { replayEstrusNotices, type ReplayOptions } from '../detection/live-replay';

export class CsvFormatError extends Error {}

export interface CowActivity {
  readonly cow: string;
  readonly points: ActivityPoint[];
  /** Calving days (epoch ms of their midnight) the `dim` column implies, oldest first. */
  readonly calvings: number[];
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const MISSING = /^(?:|na|nan|null|none)$/i;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Epoch ms of the wall-clock time a text shows, read as UTC (any zone designator is not applied), or null when
 * it is not a valid time.
 */
export function parseWallClock(text: string): number | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const time = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  const date = new Date(time);
  // Date.UTC rolls 2019-02-30 over to March; a real export never contains such a date.
  const valid =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === (month ?? 1) - 1 &&
    date.getUTCDate() === day &&
    (hour ?? 0) < 24 &&
    (minute ?? 0) < 60 &&
    (second ?? 0) < 60;
  return valid ? time : null;
}

/** `YYYY-MM-DDTHH:MM` of epoch ms, in UTC (the file's own clock). */
export function formatWallClock(time: number): string {
  return new Date(time).toISOString().slice(0, 16);
}

interface CsvRow {
  /** Its line in the file (the header is line 1), for messages. */
  readonly line: number;
  readonly fields: string[];
}

/** Every non-blank record of the file with its line; quoting, CRLF and a byte-order mark are RFC 4180's. */
function readCsvRows(text: string, source: string): CsvRow[] {
  const rows: CsvRow[] = [];
  try {
    parse(text, {
      bom: true,
      // Any line ending, even mixed in one file (the parser would otherwise take the first line's).
      record_delimiter: ['\r\n', '\n', '\r'],
      trim: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // The field count is checked per row, with a message in this file's terms.
      relax_column_count: true,
      on_record: (fields, { lines }) => {
        rows.push({ line: lines, fields });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      const opened = lineOfUnfinishedRecord(text, rows.at(-1)?.line ?? 0);
      throw new CsvFormatError(`${source}:${opened}: a quote opened on this line is never closed`);
    }
    if (error instanceof CsvError) {
      throw new CsvFormatError(`${source}:${String(error.lines)}: ${error.message}`);
    }
    throw error;
  }
  return rows;
}

// The parser reports an unclosed quote at the end of the file, but it opened where the unfinished record
// began: on the first line with text after the last complete record.
function lineOfUnfinishedRecord(text: string, lastCompleteLine: number): number {
  const lines = text.split(/\r\n|\n|\r/);
  for (let index = lastCompleteLine; index < lines.length; index += 1) {
    if ((lines[index] ?? '').trim() !== '') return index + 1;
  }
  return lastCompleteLine + 1;
}

/**
 * Reads a bovheat-style activity CSV into one series per cow, in order of first appearance. A missing
 * required column, a row with the wrong number of fields, a bad time or a non-numeric activity throws a
 * `CsvFormatError` naming the line.
 */
export function parseActivityCsv(text: string, source = 'input'): CowActivity[] {
  const [header, ...rows] = readCsvRows(text, source);
  const names = (header?.fields ?? []).map((name) => name.toLowerCase());
  const column = (name: string) => names.indexOf(name);
  const missing = ['cow', 'ts', 'raw_activity'].filter((name) => column(name) < 0);
  if (missing.length > 0) {
    throw new CsvFormatError(
      `${source}:${header?.line ?? 1}: the header must name the columns cow, ts and raw_activity; missing: ${missing.join(', ')}`,
    );
  }
  const [cowColumn, tsColumn, activityColumn, tempColumn, dimColumn] = [
    'cow',
    'ts',
    'raw_activity',
    'temp',
    'dim',
  ].map(column);
  const cows = new Map<string, ActivityPoint[]>();
  const calvings = new Map<string, Set<number>>();
  for (const { line, fields } of rows) {
    const where = `${source}:${line}`;
    if (fields.length !== names.length) {
      throw new CsvFormatError(
        `${where}: expected ${names.length} fields as in the header, found ${fields.length}`,
      );
    }
    const cow = fields[cowColumn ?? -1] ?? '';
    if (cow === '') throw new CsvFormatError(`${where}: empty cow`);
    const ts = fields[tsColumn ?? -1] ?? '';
    const time = parseWallClock(ts);
    if (time === null) {
      throw new CsvFormatError(`${where}: ts ${JSON.stringify(ts)} is not a time like 2019-01-28T14:00`);
    }
    const temp = tempColumn === undefined || tempColumn < 0 ? '' : (fields[tempColumn] ?? '');
    if (!MISSING.test(temp) && !NUMBER.test(temp)) {
      throw new CsvFormatError(`${where}: temp ${JSON.stringify(temp)} is not a number`);
    }
    const daysInMilk = dimColumn === undefined || dimColumn < 0 ? '' : (fields[dimColumn] ?? '');
    if (!MISSING.test(daysInMilk)) {
      if (!NUMBER.test(daysInMilk) || Number(daysInMilk) < 0) {
        throw new CsvFormatError(`${where}: dim ${JSON.stringify(daysInMilk)} is not a non-negative number`);
      }
      const calving = Math.floor(time / DAY_MS) * DAY_MS - Math.floor(Number(daysInMilk)) * DAY_MS;
      calvings.set(cow, (calvings.get(cow) ?? new Set()).add(calving));
    }
    const raw = fields[activityColumn ?? -1] ?? '';
    if (MISSING.test(raw)) continue; // the collar did not report this block
    if (!NUMBER.test(raw) || Number(raw) < 0) {
      throw new CsvFormatError(`${where}: raw_activity ${JSON.stringify(raw)} is not a non-negative number`);
    }
    let points = cows.get(cow);
    if (points === undefined) {
      points = [];
      cows.set(cow, points);
    }
    points.push({ time, activity: Number(raw) });
  }
  return [...cows].map(([cow, points]) => ({
    cow,
    points,
    calvings: [...(calvings.get(cow) ?? [])].sort((a, b) => a - b),
  }));
}

export interface CowEpisode extends EstrusEpisode {
  readonly cow: string;
}

const compareCows = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The episodes of every cow, sorted by cow (number-aware) then onset. */
export function detectHerd(
  herd: readonly CowActivity[],
  options: (cow: CowActivity) => EstrusOptions = ({ calvings }) => ({ calvings }),
): CowEpisode[] {
  return herd
    .flatMap((cow) =>
      detectEstrusEpisodes(cow.points, options(cow)).map((episode) => ({ cow: cow.cow, ...episode })),
    )
    .sort((a, b) => compareCows(a.cow, b.cow) || a.onset - b.onset);
}

export function formatEpisodesCsv(episodes: readonly CowEpisode[], withConfidence = false): string {
  const header = ['cow', 'onset', 'end', 'peak', 'window_start', 'window_end'];
  const rows = episodes.map((episode) => {
    const row = [
      episode.cow,
      ...[episode.onset, episode.end, episode.peak, episode.windowStart, episode.windowEnd].map(
        formatWallClock,
      ),
    ];
    return (withConfidence ? [...row, episode.confidence] : row).join(',');
  });
  return [(withConfidence ? [...header, 'confidence'] : header).join(','), ...rows].join('\n') + '\n';
}

export interface CowNotice {
  readonly cow: string;
  /** 101 heat, 102 insemination window open, 103 suspected heat. */
  readonly code: number;
  /** As the server records it: the reading that raised a 101 or 103, the window's opening for a 102. */
  readonly time: number;
  readonly onset: number;
  readonly windowStart: number;
  readonly windowEnd: number;
  /** What raised it, as the notice's details say: the 12-hour rise and the peak hour against her usual. */
  readonly riseRatio: number;
  readonly peakRatio: number;
}

const numberOf = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);
const timeOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** The estrus notices the server would have sent for every cow, sorted by cow (number-aware), time, code. */
export function replayHerd(
  herd: readonly CowActivity[],
  options: ReplayOptions = {},
  codes: ReadonlySet<number> = new Set([101, 102]),
): CowNotice[] {
  return herd
    .flatMap(({ cow, points, calvings }, index) =>
      replayEstrusNotices({ id: index + 1, points, calvings }, options)
        .filter((notice) => codes.has(notice.code))
        .map((notice) => ({
          cow,
          code: notice.code,
          time: notice.occurredAt,
          onset: notice.episodeStart,
          windowStart: timeOf(notice.details.windowStart),
          windowEnd: timeOf(notice.details.windowEnd),
          riseRatio: numberOf(notice.details.riseRatio),
          peakRatio: numberOf(notice.details.peakRatio),
        })),
    )
    .sort((a, b) => compareCows(a.cow, b.cow) || a.time - b.time || a.code - b.code);
}

export function formatNoticesCsv(notices: readonly CowNotice[]): string {
  const rows = notices.map((notice) =>
    [
      notice.cow,
      notice.code,
      ...[notice.time, notice.onset, notice.windowStart, notice.windowEnd].map(formatWallClock),
    ].join(','),
  );
  return ['cow,code,time,onset,window_start,window_end', ...rows].join('\n') + '\n';
}

const USAGE = `Usage: npm run detect -- [--live] [--suspected] <file.csv>

Prints the estrus episodes found in a collar activity CSV (columns cow, ts, raw_activity; optional temp, dim)
as CSV: cow,onset,end,peak,window_start,window_end.
  --live        print instead the notices the server would have sent, the readings replayed one at a time
                through its detection (no look-ahead): cow,code,time,onset,window_start,window_end
                (101 heat, 102 insemination window open)
  --suspected   also print suspected (weaker) rises: a confidence column, or with --live notice 103`;

export function main(argv: readonly string[]): number {
  const flags = argv.filter((arg) => arg.startsWith('-'));
  const files = argv.filter((arg) => !arg.startsWith('-'));
  if (flags.includes('--help') || flags.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const unknown = flags.filter((flag) => flag !== '--suspected' && flag !== '--live');
  if (unknown.length > 0 || files.length !== 1) {
    const problem =
      unknown.length > 0
        ? `unknown option ${unknown.join(', ')}`
        : files.length === 0
          ? 'no file given'
          : 'give one file';
    process.stderr.write(`detect: ${problem}\n\n${USAGE}\n`);
    return 2;
  }
  const file = files[0] ?? '';
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    process.stderr.write(`detect: cannot read ${file}: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    const withSuspected = flags.includes('--suspected');
    const herd = parseActivityCsv(text, path.basename(file));
    if (flags.includes('--live')) {
      const codes = new Set(withSuspected ? [101, 102, 103] : [101, 102]);
      process.stdout.write(formatNoticesCsv(replayHerd(herd, {}, codes)));
      return 0;
    }
    const episodes = detectHerd(herd).filter((episode) => withSuspected || episode.confidence === 'detected');
    process.stdout.write(formatEpisodesCsv(episodes, withSuspected));
    return 0;
  } catch (error) {
    if (error instanceof CsvFormatError) {
      process.stderr.write(`detect: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `npm run detect -- file | head` closes the pipe early; that is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  process.exitCode = main(process.argv.slice(2));
}
