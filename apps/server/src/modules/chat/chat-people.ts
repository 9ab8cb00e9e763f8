import type { ChatPerson } from '@cowcare/contract/chat-schemas';
import type { Queryable } from '../../db/database';

/**
 * The one way the chat reads another user (architecture §10: friends and groups are the only cross-farm
 * relation): name, avatar and the farm's name, never anything else of them or their farm. Every chat query
 * that names another user selects these columns and no others of `users` and `farms`.
 */
export const PERSON_COLUMNS = `u.id, u.name, u.avatar, f.farm_number AS "farmName"`;
export const PERSON_FROM = `users u JOIN farms f ON f.id = u.farm_id`;
/** A user others may find and talk to: still a member of a farm, not disabled by support. */
export const PERSON_ACTIVE = `u.removed_from_farm_at IS NULL AND u.disabled_at IS NULL`;

export const findPeople = (db: Queryable, ids: readonly number[]): Promise<ChatPerson[]> =>
  db.query<ChatPerson>(
    `SELECT ${PERSON_COLUMNS} FROM ${PERSON_FROM} WHERE u.id = ANY($1::int[]) ORDER BY u.id`,
    [[...ids]],
  );

export const findActivePerson = async (db: Queryable, id: number): Promise<ChatPerson | undefined> =>
  (
    await db.query<ChatPerson>(
      `SELECT ${PERSON_COLUMNS} FROM ${PERSON_FROM} WHERE u.id = $1 AND ${PERSON_ACTIVE}`,
      [id],
    )
  )[0];

/** Exact username (any case) or phone number; never the caller. */
export const searchPeople = (db: Queryable, keyword: string, callerId: number): Promise<ChatPerson[]> =>
  db.query<ChatPerson>(
    `SELECT ${PERSON_COLUMNS} FROM ${PERSON_FROM}
      WHERE (lower(u.username) = lower($1) OR u.phone = $1) AND u.id <> $2 AND ${PERSON_ACTIVE}
      ORDER BY u.id LIMIT 10`,
    [keyword.trim(), callerId],
  );
