import type { StatementLine, Wallet, WalletEntry } from '@cowcare/contract/routes/wallet';
import type { Currency } from './currency';
import { topUpLimits } from './top-up-limits';
import type { StatementLineRecord, WalletEntryRecord } from './wallet-repository';

export const presentEntry = (entry: WalletEntryRecord): WalletEntry => ({
  id: entry.id,
  kind: entry.kind,
  amount: entry.amountMinor,
  description: entry.description,
  cowCount: entry.cowCount,
  typeName: entry.cowTypeName,
  orderId: entry.orderId,
  createdAt: entry.createdAt,
});

export const presentStatementLine = (line: StatementLineRecord): StatementLine => ({
  ...presentEntry(line),
  balanceAfter: line.balanceAfterMinor,
});

export const presentWallet = (balance: number, currency: Currency, entries: WalletEntryRecord[]): Wallet => ({
  balance,
  currency: currency.code,
  currencyDigits: currency.digits,
  entries: entries.map(presentEntry),
  topUp: topUpLimits(currency),
});
