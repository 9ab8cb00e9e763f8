import { unparse } from 'papaparse';
import type { StatementLine } from '@cowcare/contract/routes/wallet';
import { amountText } from './amount';

export interface StatementCsvLabels {
  /** Column headings in the user's language. */
  headings: readonly [
    date: string,
    kind: string,
    description: string,
    amount: string,
    balanceAfter: string,
    currency: string,
    order: string,
  ];
  /** A line's kind in words. */
  kind(line: StatementLine): string;
}

export interface StatementCsvInput {
  currency: string;
  currencyDigits: number;
  lines: readonly StatementLine[];
}

/** Amounts as plain numbers in major units ("-25.00"), so a spreadsheet sums them whatever its locale. */
const major = (minor: number, digits: number) =>
  minor < 0 ? `-${amountText(-minor, digits)}` : amountText(minor, digits);

/** A month's statement as CSV: one row per line, oldest first, each with the balance after it. */
export function statementCsv(statement: StatementCsvInput, labels: StatementCsvLabels): string {
  const rows = statement.lines.map((line) => [
    line.createdAt,
    labels.kind(line),
    line.description,
    major(line.amount, statement.currencyDigits),
    major(line.balanceAfter, statement.currencyDigits),
    statement.currency,
    line.orderId === null ? '' : String(line.orderId),
  ]);
  return unparse({ fields: [...labels.headings], data: rows }, { newline: '\r\n' });
}

export const statementFileName = (month: string) => `cowcare-statement-${month}.csv`;

/** Hands the text to the browser as a download. */
export function downloadCsv(text: string, fileName: string): void {
  // The byte-order mark makes Excel read the file as UTF-8 (Korean, Chinese, Thai descriptions).
  const blob = new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
