import { ERROR_CODES } from '@cowcare/contract/errors';
import type { Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';

/**
 * The answer to a disabled user's login or refresh. 403, not 401: the password was right, and trying again
 * or refreshing cannot help; only customer service can enable the user again.
 */
export const accountDisabled = () =>
  new AppError(
    403,
    ERROR_CODES.accountDisabled,
    'This account is disabled. Please contact customer service.',
  );

/**
 * Refuses a new login of a disabled user. The share lock makes a login and support's disabling wait for
 * each other: either the disabling sees the new login and revokes it, or the login sees the user disabled.
 * Without it a login checked just before the disabling committed would outlive it.
 */
export const lockUserUnlessDisabled = async (db: Queryable, userId: number): Promise<void> => {
  const [user] = await db.query<{ disabled: boolean }>(
    'SELECT disabled_at IS NOT NULL AS disabled FROM users WHERE id = $1 FOR SHARE',
    [userId],
  );
  if (user?.disabled) throw accountDisabled();
};
