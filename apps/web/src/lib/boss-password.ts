import { api } from '@cowcare/contract/api';
import { ERROR_CODES, HEADERS } from '@cowcare/contract/errors';
import type { MessageKey } from '@cowcare/locales/catalog';
import { call, isApiError } from './api-client';

/**
 * The boss (management) password (architecture §4): the client never sees it. A candidate is checked on the
 * server, which answers a short-lived grant; a guarded call carries the grant in the `x-boss-grant` header.
 */
export const verifyBossPassword = (password: string) =>
  call(api.system.verifyBossPassword, { body: { password } });

/** Verify the password, then the headers that authorise one guarded call. */
export async function bossGrantHeaders(password: string): Promise<Record<string, string>> {
  const { grant } = await verifyBossPassword(password);
  return { [HEADERS.bossGrant]: grant };
}

const bossMessages: Record<string, MessageKey> = {
  [ERROR_CODES.bossPasswordIncorrect]: 'settings.boss.incorrect',
  [ERROR_CODES.bossPasswordNotSet]: 'settings.boss.notSet',
  [ERROR_CODES.bossGrantRequired]: 'settings.boss.expired',
  [ERROR_CODES.throttled]: 'settings.boss.throttled',
};

/** The message for a failed password check, shown inside the password dialog; null for other errors. */
export function bossErrorKey(error: unknown): MessageKey | null {
  return isApiError(error) ? (bossMessages[error.code] ?? null) : null;
}
