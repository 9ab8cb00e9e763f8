import { ERROR_CODES } from '@cowcare/contract/errors';
import { throttled, unauthorized } from '../../http/app-error';
import type { LoginThrottle } from './login-throttle';
import { accountWithPassword } from './passwords';

/**
 * A login by name and password under the login policy, for users and administrators alike: the account,
 * or 429 (too many failures) or 401 (wrong name or password; which one is never told).
 */
export const loginWithPassword = async <Account extends { passwordHash: string }>(
  throttle: LoginThrottle,
  login: { throttleKey: string; address: string; password: string },
  findAccount: () => Promise<Account | undefined>,
): Promise<Account> => {
  const attempt = await throttle.guard(login.throttleKey, login.address, async () =>
    accountWithPassword(await findAccount(), (account) => account.passwordHash, login.password),
  );
  if (attempt.outcome === 'throttled') {
    throw throttled(attempt.retryAfterSeconds, 'Too many failed logins. Try again later.');
  }
  if (attempt.outcome === 'failed') {
    throw unauthorized('Incorrect username or password', ERROR_CODES.badCredentials);
  }
  return attempt.value;
};
