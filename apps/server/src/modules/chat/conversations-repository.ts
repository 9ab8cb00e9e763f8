import type { ConversationKind, FriendRelation } from '@cowcare/contract/chat-schemas';
import type { Queryable } from '../../db/database';
import { notFound } from '../../http/app-error';

/** The name the farm side shows for support (spec §6: "an Administrator counterpart"). */
export const ADMINISTRATOR_NAME = 'Administrator';

const TIME = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The caller's conversations as the spec's friend relations. The counterpart of a direct conversation is read
 * through the person columns only (name, avatar, farm number): see chat-people.ts.
 */
const SELECT_RELATION = `
  SELECT m.id, m.user_id AS uid, c.id AS "conversationId", c.kind,
         m.unread_count AS count, m.note AS notice,
         COALESCE(other.id, 0) AS fid,
         CASE WHEN c.kind = 'group' THEN c.id ELSE 0 END AS gid,
         CASE lm.kind WHEN 'image' THEN '' WHEN 'cow' THEN lm.cow_card->>'code'
              ELSE COALESCE(lm.content, '') END AS message,
         COALESCE(lm.kind, '') AS messagetype,
         ${TIME('c.last_message_at')} AS lasttime,
         CASE c.kind WHEN 'service' THEN '${ADMINISTRATOR_NAME}' WHEN 'group' THEN g.name ELSE other.name END AS name,
         CASE c.kind WHEN 'service' THEN '' WHEN 'group' THEN g.avatar ELSE other.avatar END AS avatar,
         COALESCE(otherfarm.farm_number, '') AS "farmName",
         1 AS status
    FROM chat_members m
    JOIN chat_conversations c ON c.id = m.conversation_id
    LEFT JOIN chat_groups g ON g.conversation_id = c.id
    LEFT JOIN chat_members om ON c.kind = 'direct' AND om.conversation_id = c.id AND om.user_id <> m.user_id
    LEFT JOIN users other ON other.id = om.user_id
    LEFT JOIN farms otherfarm ON otherfarm.id = other.farm_id
    LEFT JOIN LATERAL (
      SELECT kind, content, cow_card FROM chat_messages WHERE conversation_id = c.id ORDER BY seq DESC LIMIT 1
    ) lm ON true`;

const ORDER = `ORDER BY (c.kind = 'service') DESC, c.last_message_at DESC NULLS LAST, c.id DESC`;

/** Customer service is always there (spec §1): made on first use, with the user as its one member. */
export const ensureServiceConversation = async (db: Queryable, userId: number): Promise<number> => {
  await db.query(
    `INSERT INTO chat_conversations (kind, service_user_id) VALUES ('service', $1)
     ON CONFLICT (service_user_id) DO NOTHING`,
    [userId],
  );
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM chat_conversations WHERE service_user_id = $1`,
    [userId],
  );
  if (!row) throw new Error(`the service conversation of user ${userId} was not made`);
  await db.query(
    `INSERT INTO chat_members (conversation_id, user_id) VALUES ($1, $2)
     ON CONFLICT (conversation_id, user_id) DO NOTHING`,
    [row.id, userId],
  );
  return row.id;
};

export const listRelations = async (db: Queryable, userId: number): Promise<FriendRelation[]> => {
  await ensureServiceConversation(db, userId);
  return db.query<FriendRelation>(`${SELECT_RELATION} WHERE m.user_id = $1 ${ORDER}`, [userId]);
};

export const findRelationById = async (
  db: Queryable,
  userId: number,
  id: number,
): Promise<FriendRelation> => {
  const [row] = await db.query<FriendRelation>(`${SELECT_RELATION} WHERE m.user_id = $1 AND m.id = $2`, [
    userId,
    id,
  ]);
  if (!row) throw notFound('There is no such conversation of yours');
  return row;
};

export const findRelationInConversation = async (
  db: Queryable,
  userId: number,
  conversationId: number,
): Promise<FriendRelation> => {
  const [row] = await db.query<FriendRelation>(`${SELECT_RELATION} WHERE m.user_id = $1 AND c.id = $2`, [
    userId,
    conversationId,
  ]);
  if (!row) throw notFound('There is no such conversation of yours');
  return row;
};

export const findRelationWithFriend = async (
  db: Queryable,
  userId: number,
  friendId: number,
): Promise<FriendRelation> => {
  const [row] = await db.query<FriendRelation>(
    `${SELECT_RELATION} WHERE m.user_id = $1 AND c.kind = 'direct' AND other.id = $2`,
    [userId, friendId],
  );
  if (!row) throw notFound('You are not friends with this user');
  return row;
};

export interface Membership {
  memberId: number;
  conversationId: number;
  kind: ConversationKind;
}

/** The caller's membership of a conversation; 404 for one they are not in (or that does not exist). */
export const requireMembership = async (
  db: Queryable,
  userId: number,
  conversationId: number,
): Promise<Membership> => {
  const [row] = await db.query<Membership>(
    `SELECT m.id AS "memberId", c.id AS "conversationId", c.kind
       FROM chat_members m JOIN chat_conversations c ON c.id = m.conversation_id
      WHERE m.user_id = $1 AND c.id = $2`,
    [userId, conversationId],
  );
  if (!row) throw notFound('There is no such conversation of yours');
  return row;
};

export const memberIdsOf = async (db: Queryable, conversationId: number): Promise<number[]> =>
  (
    await db.query<{ userId: number }>(
      'SELECT user_id AS "userId" FROM chat_members WHERE conversation_id = $1 ORDER BY user_id',
      [conversationId],
    )
  ).map((row) => row.userId);

/** Zero the unread count (the conversation became current) and/or set the caller's note on it. */
export const updateMember = async (
  db: Queryable,
  userId: number,
  memberId: number,
  change: { count?: 0; notice?: string },
): Promise<void> => {
  const rows = await db.query(
    `UPDATE chat_members
        SET unread_count = CASE WHEN $3::boolean THEN 0 ELSE unread_count END,
            note = COALESCE($4, note)
      WHERE id = $1 AND user_id = $2 RETURNING id`,
    [memberId, userId, change.count === 0, change.notice ?? null],
  );
  if (rows.length === 0) throw notFound('There is no such conversation of yours');
};
