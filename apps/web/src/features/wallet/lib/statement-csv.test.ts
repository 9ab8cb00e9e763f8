import { parse } from 'csv-parse/browser/esm/sync';
import { describe, expect, it } from 'vitest';
import type { StatementLine } from '@cowcare/contract/routes/wallet';
import { statementCsv, statementFileName } from './statement-csv';

const line = (overrides: Partial<StatementLine>): StatementLine => ({
  id: 1,
  kind: 'topup',
  amount: 5000,
  description: 'Top-up',
  cowCount: null,
  typeName: null,
  orderId: 11,
  createdAt: '2026-11-02T09:00:00.000Z',
  balanceAfter: 5000,
  ...overrides,
});

describe('statement CSV', () => {
  it('has a header and one row per line, oldest first, with the balance after each', () => {
    const csv = statementCsv(
      {
        currency: 'USD',
        currencyDigits: 2,
        lines: [
          line({}),
          line({
            id: 2,
            kind: 'charge',
            amount: -2550,
            description: 'Cow type "Breeding", 5 cows',
            cowCount: 5,
            typeName: 'Breeding',
            orderId: null,
            createdAt: '2026-11-03T10:00:00.000Z',
            balanceAfter: 2450,
          }),
        ],
      },
      {
        headings: ['Date', 'Type', 'Description', 'Amount', 'Balance after', 'Currency', 'Order'],
        kind: (entry) => (entry.kind === 'charge' ? 'Charge' : 'Top-up'),
      },
    );
    const rows: string[][] = parse(csv);
    expect(rows).toEqual([
      ['Date', 'Type', 'Description', 'Amount', 'Balance after', 'Currency', 'Order'],
      ['2026-11-02T09:00:00.000Z', 'Top-up', 'Top-up', '50.00', '50.00', 'USD', '11'],
      ['2026-11-03T10:00:00.000Z', 'Charge', 'Cow type "Breeding", 5 cows', '-25.50', '24.50', 'USD', ''],
    ]);
  });

  it('is named after its month', () => {
    expect(statementFileName('2026-11')).toBe('cowcare-statement-2026-11.csv');
  });
});
