import type { MessageKey } from '@cowcare/locales/catalog';
import { CsvError, parse } from 'csv-parse/browser/esm/sync';
import { checkNewCow, type HerdIndex, type NewCowBody, type RuleProblem } from './cow-rules';

/** The header a cow file must start with (architecture §8 setup wizard, step 3). */
export const CSV_COLUMNS = ['code', 'sensor', 'birthday', 'parity', 'status'] as const;
export const CSV_HEADER = CSV_COLUMNS.join(',');
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
  if (names.length !== CSV_COLUMNS.length || CSV_COLUMNS.some((column, at) => names[at] !== column)) {
    return { ok: false, fileProblem: 'herd.csv.header', values: { header: CSV_HEADER } };
  }
  if (rows.length === 0) return { ok: false, fileProblem: 'herd.csv.noRows' };
  if (rows.length > CSV_MAX_ROWS) {
    return { ok: false, fileProblem: 'herd.csv.tooMany', values: { max: CSV_MAX_ROWS } };
  }
  const seen = { codes: new Set<string>(), sensors: new Set<number>() };
  const reports = rows.map(({ line, fields }): CsvRowReport => {
    if (fields.length !== CSV_COLUMNS.length) {
      return {
        line,
        code: (fields[0] ?? '').trim(),
        body: null,
        problems: [{ field: 'code', key: 'herd.csv.columns', values: { count: CSV_COLUMNS.length } }],
      };
    }
    const [code = '', sensor = '', birthday = '', parity = '', status = ''] = fields;
    const checked = checkNewCow({ code, sensor, birthday, parity, status }, herd, today, seen);
    return { line, code: code.trim(), body: checked.body, problems: checked.problems };
  });
  return { ok: true, rows: reports, valid: reports.every((row) => row.problems.length === 0) };
}
