import { ERROR_CODES } from '@cowcare/contract/errors';
import type { LanguageKey } from '@cowcare/contract/schemas';
import type { Database } from '../../db/database';
import { AppError, conflict } from '../../http/app-error';
import { hashInvitationCode } from './invitation-codes';
import { lockInvitationByHash, markInvitationUsed } from './staff-repository';

export interface Newcomer {
  invitationCode: string;
  username: string;
  passwordHash: string;
  name: string;
  phone: string;
  language?: LanguageKey;
}

interface DatabaseError {
  code?: string;
}

const usernameTaken = () => conflict(ERROR_CODES.usernameTaken, 'This username is already taken');

export const unknownInvitation = () =>
  new AppError(
    404,
    ERROR_CODES.invitationUnknown,
    'No invitation has this code: check it with the farm owner',
  );

/**
 * Registers a new user into the farm of an invitation code, as staff. The code is locked, checked and
 * marked used in the same transaction as the user is made, so it works once even when two people send it
 * at the same moment; a failed registration (a taken username) leaves it unused.
 */
export const joinFarmWithCode = async (db: Database, newcomer: Newcomer): Promise<number> => {
  try {
    return await db.transaction(async (tx) => {
      const invitation = await lockInvitationByHash(tx, hashInvitationCode(newcomer.invitationCode));
      if (!invitation || invitation.withdrawn) throw unknownInvitation();
      if (invitation.used) {
        throw conflict(
          ERROR_CODES.invitationUsed,
          'This invitation code was used already: ask the farm owner for a new one',
        );
      }
      if (invitation.expired) {
        throw conflict(
          ERROR_CODES.invitationExpired,
          'This invitation code has expired: ask the farm owner for a new one',
        );
      }
      const taken = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [
        newcomer.username,
      ]);
      if (taken.length > 0) throw usernameTaken();
      const [user] = await tx.query<{ id: number }>(
        `INSERT INTO users (farm_id, username, password_hash, name, phone, language, role)
         VALUES ($1, $2, $3, $4, $5, $6, 'staff') RETURNING id`,
        [
          invitation.farmId,
          newcomer.username,
          newcomer.passwordHash,
          newcomer.name,
          newcomer.phone,
          newcomer.language ?? 'en',
        ],
      );
      if (!user) throw new Error('user insert returned nothing');
      await markInvitationUsed(tx, invitation.id, user.id);
      return user.id;
    });
  } catch (error) {
    // Two registrations racing for one name: the unique index says which lost.
    if ((error as DatabaseError).code === '23505') throw usernameTaken();
    throw error;
  }
};
