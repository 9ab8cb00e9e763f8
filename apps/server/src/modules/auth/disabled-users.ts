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

/** The answer to a removed member's login or refresh: only an owner can add them again. */
export const removedFromFarm = () =>
  new AppError(
    403,
    ERROR_CODES.removedFromFarm,
    "You are no longer a member of this farm. Ask the farm's owner to add you again.",
  );

/**
 * Refuses a new login of a disabled user, or of a member an owner removed from the farm. The share lock makes a login and support's disabling wait for
 * each other: either the disabling sees the new login and revokes it, or the login sees the user disabled.
 * Without it a login checked just before the disabling committed would outlive it. Removing a member takes
 * the same row lock.
 */
export const lockUserUnlessDisabled = async (db: Queryable, userId: number): Promise<void> => {
  const [user] = await db.query<{ disabled: boolean; removed: boolean }>(
    `SELECT disabled_at IS NOT NULL AS disabled, removed_from_farm_at IS NOT NULL AS removed
       FROM users WHERE id = $1 FOR SHARE`,
    [userId],
  );
  if (user?.disabled) throw accountDisabled();
  if (user?.removed) throw removedFromFarm();
};
