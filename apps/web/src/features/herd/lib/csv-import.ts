import type { MessageKey } from '@cowcare/locales/catalog';
import { checkNewCow, type HerdIndex, type NewCowBody, type RuleProblem } from './cow-rules';

/** The header a cow file must start with (architecture §8 setup wizard, step 3). */
export const CSV_COLUMNS = ['code', 'sensor', 'birthday', 'parity', 'status'] as const;
export const CSV_HEADER = CSV_COLUMNS.join(',');
/** A farm of 10,000 cows fits; a larger file is refused before it is read row by row. */
export const CSV_MAX_ROWS = 10_000;

/**
 * Split CSV text into records (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks); CRLF
 * and LF both end a record, a leading byte-order mark is dropped, blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  const endRecord = () => {
    record.push(field);
    if (!(record.length === 1 && record[0]?.trim() === '')) records.push(record);
    record = [];
    field = '';
  };
  while (index < input.length) {
    const char = input[index];
    if (quoted) {
      if (char === '"') {
        if (input[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[index + 1] === '\n') index += 1;
      endRecord();
    } else {
      field += char;
    }
    index += 1;
  }
  if (field !== '' || record.length > 0) endRecord();
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
  const records = parseCsv(text);
  const [header, ...rows] = records;
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
  const reports = rows.map((fields, at): CsvRowReport => {
    const line = at + 2;
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
