import { ERROR_CODES } from '@cowcare/contract/errors';
import type { Database } from '../../db/database';
import { conflict } from '../../http/app-error';

export interface NewFarmUser {
  username: string;
  passwordHash: string;
  name: string;
  phone: string;
  country: string;
  FarmNumber: string;
  city: string;
  language?: string;
}

interface DatabaseError {
  code?: string;
  constraint?: string;
}

const FARM_NUMBER_TAKEN = 'This farm number is already registered: check it, or choose another';

/** Two registrations racing for one name or farm number: the database's unique index says which. */
const raceLoss = (error: unknown) => {
  const { code, constraint } = error as DatabaseError;
  if (code !== '23505') return undefined;
  return constraint?.startsWith('farms_')
    ? conflict(ERROR_CODES.farmNumberTaken, FARM_NUMBER_TAKEN)
    : conflict(ERROR_CODES.usernameTaken, 'This username is already taken');
};

/**
 * Registration creates a new farm and its first user, its owner. A farm number that is already registered is
 * refused: joining an existing farm by knowing its number would hand its data to a stranger.
 */
export const registerFarmUser = async (db: Database, input: NewFarmUser): Promise<number> => {
  try {
    return await db.transaction(async (tx) => {
      const taken = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [input.username]);
      if (taken.length > 0) throw conflict(ERROR_CODES.usernameTaken, 'This username is already taken');
      const farms = await tx.query('SELECT 1 FROM farms WHERE farm_number = $1', [input.FarmNumber]);
      if (farms.length > 0) throw conflict(ERROR_CODES.farmNumberTaken, FARM_NUMBER_TAKEN);
      const [farm] = await tx.query<{ id: number }>(
        'INSERT INTO farms (farm_number, country, city) VALUES ($1, $2, $3) RETURNING id',
        [input.FarmNumber, input.country, input.city],
      );
      if (!farm) throw new Error('farm insert returned nothing');
      await tx.query('INSERT INTO farm_settings (farm_id) VALUES ($1)', [farm.id]);
      const [user] = await tx.query<{ id: number }>(
        `INSERT INTO users (farm_id, username, password_hash, name, phone, language, role)
         VALUES ($1, $2, $3, $4, $5, $6, 'owner') RETURNING id`,
        [farm.id, input.username, input.passwordHash, input.name, input.phone, input.language ?? 'en'],
      );
      if (!user) throw new Error('user insert returned nothing');
      return user.id;
    });
  } catch (error) {
    throw raceLoss(error) ?? error;
  }
};
