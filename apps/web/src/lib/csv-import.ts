import type { MessageKey } from '@cowcare/locales/catalog';
import { CsvError, parse } from 'csv-parse/browser/esm/sync';
import { matingMethodOf } from './dictionary';
import { startingDates, type StartingDates, type StartingStatus } from '@cowcare/domain/starting-point';
import {
  checkNewCow,
  newCowStatusOf,
  type HerdIndex,
  type NewCowBody,
  type NewCowText,
  type RuleProblem,
} from './cow-rules';

/** The header a cow file must start with (architecture §8 setup wizard, step 3). */
export const CSV_COLUMNS = ['code', 'sensor', 'birthday', 'parity', 'status'] as const;
export const CSV_HEADER = CSV_COLUMNS.join(',');

/**
 * Columns a file may add after those, in any order, for a cow that joins mid-season (her last calving and
 * insemination, the method and bull of it, the day she was found pregnant), and the field each fills.
 */
export const CSV_OPTIONAL_COLUMNS = {
  last_calving: 'lastCalving',
  last_insemination: 'lastInsemination',
  insemination_method: 'inseminationMethod',
  insemination_sire: 'inseminationSire',
  pregnancy_check: 'pregnancyCheck',
} as const satisfies Record<string, keyof NewCowText>;
type OptionalColumn = keyof typeof CSV_OPTIONAL_COLUMNS;
const isOptionalColumn = (name: string): name is OptionalColumn => Object.hasOwn(CSV_OPTIONAL_COLUMNS, name);
/** A farm of 10,000 cows fits; a larger file is refused before it is read row by row. */
export const CSV_MAX_ROWS = 10_000;

/** One record of a cow file and its line (the header is line 1; the last line of a record with a line break). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** The file is not CSV: a quote opened on `line` is never closed. */
export class UnclosedQuoteError extends Error {
  constructor(readonly line: number) {
    super(`a quote opened on line ${line} is never closed`);
  }
}

// The parser reports an unclosed quote at the end of the file; the quote opened where the record that
// never ended began: the first line with text after the last record that did.
const firstLineWithTextAfter = (text: string, line: number): number => {
  const lines = text.split(/\r\n|\n|\r/);
  const found = lines.findIndex((content, index) => index >= line && content.trim() !== '');
  return found < 0 ? line + 1 : found + 1;
};

/**
 * Split CSV text into records (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks);
 * CRLF and LF both end a record, a leading byte-order mark is dropped, blank lines are skipped. Rows of any
 * width are returned: their width is a problem of the row, reported with it.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  try {
    parse(text, {
      bom: true,
      // Any line ending, even mixed in one file (the parser would otherwise take the first line's).
      record_delimiter: ['\r\n', '\n', '\r'],
      skip_empty_lines: true,
      relax_column_count: true,
      on_record: (fields, { lines }) => {
        records.push({ line: lines, fields });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new UnclosedQuoteError(firstLineWithTextAfter(text, records.at(-1)?.line ?? 0));
    }
    throw error;
  }
  return records;
}

export interface CsvRowReport {
  /** Line in the file (the header is line 1). */
  line: number;
  code: string;
  body: NewCowBody | null;
  problems: RuleProblem[];
  /** The status she would start in, when the row's status is one a new cow may start in. */
  status?: StartingStatus;
  /** For a good row: the dates her records will give her (the preview's "will be written"). */
  dates?: StartingDates;
}

/** The automatic dates a good row's records give her, by the domain's rules (the farm's default check). */
function datesOf(body: NewCowBody): StartingDates {
  const status = newCowStatusOf(body.status ?? '');
  const method = body.inseminationMethod && matingMethodOf(body.inseminationMethod);
  if (!status) return {};
  const dates = startingDates({
    status,
    ...(body.lastCalving ? { lastCalving: body.lastCalving } : {}),
    ...(body.lastInsemination ? { lastInsemination: body.lastInsemination } : {}),
    ...(method ? { inseminationMethod: method } : {}),
  });
  // The check day depends on the farm's settings: the cow page shows it once she is in.
  delete dates.pregnancyCheck;
  return dates;
}

export type CsvCheck =
  | { ok: false; fileProblem: MessageKey; values?: Record<string, string | number> }
  | { ok: true; rows: CsvRowReport[]; valid: boolean };

/** Read and check a whole file: every row against the server's rules, the farm and the rows before it. */
export function checkCsv(text: string, herd: HerdIndex, today: string): CsvCheck {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof UnclosedQuoteError)) throw error;
    return { ok: false, fileProblem: 'herd.csv.unclosedQuote', values: { line: error.line } };
  }
  const [headerRecord, ...rows] = records;
  const header = headerRecord?.fields;
  if (!header) return { ok: false, fileProblem: 'herd.csv.empty' };
  const names = header.map((name) => name.trim().toLowerCase());
  const extra = names.slice(CSV_COLUMNS.length);
  if (
    names.length < CSV_COLUMNS.length ||
    CSV_COLUMNS.some((column, at) => names[at] !== column) ||
    extra.some((name, at) => !isOptionalColumn(name) || extra.indexOf(name) !== at)
  ) {
    return {
      ok: false,
      fileProblem: 'herd.csv.header',
      values: { header: CSV_HEADER, columns: Object.keys(CSV_OPTIONAL_COLUMNS).join(', ') },
    };
  }
  if (rows.length === 0) return { ok: false, fileProblem: 'herd.csv.noRows' };
  if (rows.length > CSV_MAX_ROWS) {
    return { ok: false, fileProblem: 'herd.csv.tooMany', values: { max: CSV_MAX_ROWS } };
  }
  const seen = { codes: new Set<string>(), sensors: new Set<number>() };
  const reports = rows.map(({ line, fields }): CsvRowReport => {
    if (fields.length !== names.length) {
      return {
        line,
        code: (fields[0] ?? '').trim(),
        body: null,
        problems: [{ field: 'code', key: 'herd.csv.columns', values: { count: names.length } }],
      };
    }
    const [code = '', sensor = '', birthday = '', parity = '', status = ''] = fields;
    const text: NewCowText = { code, sensor, birthday, parity, status };
    extra.forEach((name, at) => {
      if (isOptionalColumn(name)) text[CSV_OPTIONAL_COLUMNS[name]] = fields[CSV_COLUMNS.length + at] ?? '';
    });
    const checked = checkNewCow(text, herd, today, seen);
    const starting = newCowStatusOf(status);
    return {
      line,
      code: code.trim(),
      body: checked.body,
      problems: checked.problems,
      ...(starting ? { status: starting } : {}),
      ...(checked.body ? { dates: datesOf(checked.body) } : {}),
    };
  });
  return { ok: true, rows: reports, valid: reports.every((row) => row.problems.length === 0) };
}
