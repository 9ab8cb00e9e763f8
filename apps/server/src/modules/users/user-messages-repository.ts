import type { UserMessage } from '@cowcare/contract/schemas';
import type { Queryable } from '../../db/database';

const SELECT_MESSAGE = `id, user_id AS "userId", message,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time`;

export const insertUserMessage = async (
  db: Queryable,
  userId: number,
  message: string,
): Promise<UserMessage> => {
  const [row] = await db.query<UserMessage>(
    `INSERT INTO user_messages (user_id, message) VALUES ($1, $2) RETURNING ${SELECT_MESSAGE}`,
    [userId, message],
  );
  if (!row) throw new Error('message insert returned nothing');
  return row;
};

export const listUserMessages = (db: Queryable, userId: number): Promise<UserMessage[]> =>
  db.query<UserMessage>(
    `SELECT ${SELECT_MESSAGE} FROM user_messages WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200`,
    [userId],
  );
