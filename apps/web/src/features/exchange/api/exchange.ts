import { api } from '@cowcare/contract/api';
import type { AdeFile } from '@cowcare/contract/routes/exchange';
import { call } from '../../../lib/api-client';

/** A whole herd's file takes the server a while to check and write (one transaction). */
const EXCHANGE_TIMEOUT_MS = 10 * 60_000;

export const exportAde = (period: { from?: string; to?: string }) =>
  call(api.exchange.exportAde, { query: period, timeoutMs: EXCHANGE_TIMEOUT_MS });

export const previewAdeImport = (file: AdeFile) =>
  call(api.exchange.previewAdeImport, { body: { file }, timeoutMs: EXCHANGE_TIMEOUT_MS });

export const importAde = (file: AdeFile) =>
  call(api.exchange.importAde, { body: { file }, timeoutMs: EXCHANGE_TIMEOUT_MS });
