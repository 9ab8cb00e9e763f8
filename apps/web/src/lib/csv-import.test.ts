import { describe, expect, it } from 'vitest';
import { herdIndexOf } from './cow-rules';
import { checkCsv, parseCsv } from './csv-import';

const empty = herdIndexOf([]);

describe('CSV', () => {
  it('reads quoted fields, CRLF, a byte-order mark and blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\nlast,\n"two\nlines",z\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['last', ''] },
      { line: 6, fields: ['two\nlines', 'z'] },
    ]);
  });

  it('names the line of a quote that is never closed, and the true line of each row', () => {
    const header = 'code,sensor,birthday,parity,status';
    expect(
      checkCsv(
        `${header}\nC1,,2024-01-01,0,\n\n"C2,,2024-01-01,0,\nC3,,2024-01-01,0,\n`,
        empty,
        '2025-01-01',
      ),
    ).toEqual({
      ok: false,
      fileProblem: 'herd.csv.unclosedQuote',
      values: { line: 4 },
    });
    const check = checkCsv(`${header}\n\nC1,,2024-01-01,0,\nC2,2\n`, empty, '2025-01-01');
    expect(check.ok && check.rows.map((row) => [row.line, row.problems.length > 0])).toEqual([
      [3, false],
      [4, true],
    ]);
  });

  it('refuses a file with a wrong header, no rows or rows of the wrong width', () => {
    expect(checkCsv('', empty, '2025-01-01')).toMatchObject({ ok: false, fileProblem: 'herd.csv.empty' });
    expect(checkCsv('code,sensor,birthday,parity\n', empty, '2025-01-01')).toMatchObject({
      ok: false,
      fileProblem: 'herd.csv.header',
    });
    expect(checkCsv('code,sensor,birthday,parity,status\n', empty, '2025-01-01')).toMatchObject({
      ok: false,
      fileProblem: 'herd.csv.noRows',
    });
    const narrow = checkCsv('CODE,Sensor,birthday,parity,status\nC1,2\n', empty, '2025-01-01');
    expect(narrow).toMatchObject({ ok: true, valid: false });
  });
});
