import type { Wallet, WalletEntry } from '@cowcare/contract/routes/wallet';
import type { Currency } from './currency';
import type { WalletEntryRecord } from './wallet-repository';

const presentEntry = (entry: WalletEntryRecord): WalletEntry => ({
  id: entry.id,
  kind: entry.kind,
  amount: entry.amountMinor,
  description: entry.description,
  cowCount: entry.cowCount,
  typeName: entry.cowTypeName,
  createdAt: entry.createdAt,
});

export const presentWallet = (balance: number, currency: Currency, entries: WalletEntryRecord[]): Wallet => ({
  balance,
  currency: currency.code,
  currencyDigits: currency.digits,
  entries: entries.map(presentEntry),
});
