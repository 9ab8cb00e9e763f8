import type { FriendRelation, FriendRequest } from '@cowcare/contract/chat-schemas';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { Database, Queryable } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { findActivePerson, findPeople } from './chat-people';
import { findRelationWithFriend } from './conversations-repository';

/** Friendships are stored once per pair, the lower id first. */
const pairOf = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

interface FriendshipRow {
  id: number;
  low: number;
  high: number;
  requestedBy: number;
  status: 'pending' | 'accepted';
  time: string;
}

const SELECT_FRIENDSHIP = `
  SELECT id, low_user_id AS low, high_user_id AS high, requested_by_user_id AS "requestedBy", status,
         to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time
    FROM chat_friendships`;

const findPair = async (db: Queryable, a: number, b: number): Promise<FriendshipRow | undefined> =>
  (
    await db.query<FriendshipRow>(
      `${SELECT_FRIENDSHIP} WHERE low_user_id = $1 AND high_user_id = $2`,
      pairOf(a, b),
    )
  )[0];

const presentRequests = async (db: Queryable, rows: FriendshipRow[]): Promise<FriendRequest[]> => {
  const people = new Map(
    (
      await findPeople(
        db,
        rows.flatMap((row) => [row.low, row.high]),
      )
    ).map((p) => [p.id, p]),
  );
  return rows.flatMap((row) => {
    const to = row.requestedBy === row.low ? row.high : row.low;
    const fromPerson = people.get(row.requestedBy);
    const toPerson = people.get(to);
    return fromPerson && toPerson ? [{ id: row.id, from: fromPerson, to: toPerson, time: row.time }] : [];
  });
};

export const openRequestsOf = async (db: Queryable, userId: number): Promise<FriendRequest[]> =>
  presentRequests(
    db,
    await db.query<FriendshipRow>(
      `${SELECT_FRIENDSHIP} WHERE status = 'pending' AND $1 IN (low_user_id, high_user_id)
        ORDER BY created_at DESC, id DESC`,
      [userId],
    ),
  );

/** Whether the two are friends now (group invitations are for friends only). */
export const friendIdsOf = async (
  db: Queryable,
  userId: number,
  candidates: readonly number[],
): Promise<Set<number>> => {
  const rows = await db.query<{ friend: number }>(
    `SELECT CASE WHEN low_user_id = $1 THEN high_user_id ELSE low_user_id END AS friend
       FROM chat_friendships
      WHERE status = 'accepted' AND $1 IN (low_user_id, high_user_id)
        AND (CASE WHEN low_user_id = $1 THEN high_user_id ELSE low_user_id END) = ANY($2::int[])`,
    [userId, [...candidates]],
  );
  return new Set(rows.map((row) => row.friend));
};

export type ApplyOutcome =
  | { kind: 'requested'; request: FriendRequest }
  | { kind: 'accepted'; request: FriendRequest; accepted: Accepted };

export interface Accepted {
  conversationId: number;
  /** Each side's own view of the new conversation, for the `passapply` event to each. */
  relations: Map<number, FriendRelation>;
}

/** Both become members of their direct conversation (the same one as before, if they were friends once). */
const joinDirectConversation = async (tx: Queryable, a: number, b: number): Promise<Accepted> => {
  const [low, high] = pairOf(a, b);
  const key = `${low}:${high}`;
  await tx.query(
    `INSERT INTO chat_conversations (kind, direct_key) VALUES ('direct', $1) ON CONFLICT (direct_key) DO NOTHING`,
    [key],
  );
  const [conversation] = await tx.query<{ id: number }>(
    'SELECT id FROM chat_conversations WHERE direct_key = $1',
    [key],
  );
  if (!conversation) throw new Error(`the direct conversation ${key} was not made`);
  await tx.query(
    `INSERT INTO chat_members (conversation_id, user_id) VALUES ($1, $2), ($1, $3)
     ON CONFLICT (conversation_id, user_id) DO NOTHING`,
    [conversation.id, low, high],
  );
  const relations = new Map<number, FriendRelation>();
  relations.set(a, await findRelationWithFriend(tx, a, b));
  relations.set(b, await findRelationWithFriend(tx, b, a));
  return { conversationId: conversation.id, relations };
};

const accept = async (tx: Queryable, row: FriendshipRow): Promise<Accepted> => {
  await tx.query(`UPDATE chat_friendships SET status = 'accepted', accepted_at = now() WHERE id = $1`, [
    row.id,
  ]);
  return joinDirectConversation(tx, row.low, row.high);
};

export const applyForFriendship = (db: Database, userId: number, friendId: number): Promise<ApplyOutcome> =>
  db.transaction(async (tx) => {
    if (friendId === userId) throw badRequest(ERROR_CODES.validation, 'You cannot befriend yourself');
    if (!(await findActivePerson(tx, friendId))) throw notFound('There is no such user');
    const [low, high] = pairOf(userId, friendId);
    // Both asking at once: the second waits here and then finds the first one's request.
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [low, high]);
    const existing = await findPair(tx, userId, friendId);
    if (existing?.status === 'accepted') throw conflict(ERROR_CODES.conflict, 'You are friends already');
    if (existing && existing.requestedBy !== userId) {
      // They asked first: asking back is saying yes.
      const [request] = await presentRequests(tx, [existing]);
      if (!request) throw notFound('There is no such user');
      return { kind: 'accepted', request, accepted: await accept(tx, existing) };
    }
    const row =
      existing ??
      (
        await tx.query<FriendshipRow>(
          `INSERT INTO chat_friendships (low_user_id, high_user_id, requested_by_user_id, status)
           VALUES ($1, $2, $3, 'pending')
           RETURNING id, low_user_id AS low, high_user_id AS high, requested_by_user_id AS "requestedBy", status,
                     to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time`,
          [low, high, userId],
        )
      )[0];
    if (!row) throw new Error('the friend request insert returned nothing');
    const [request] = await presentRequests(tx, [row]);
    if (!request) throw notFound('There is no such user');
    return { kind: 'requested', request };
  });

/** An open request to the caller (404 for any other: made by the caller, to someone else, or answered). */
const requestTo = async (tx: Queryable, userId: number, requestId: number): Promise<FriendshipRow> => {
  const [row] = await tx.query<FriendshipRow>(
    `${SELECT_FRIENDSHIP} WHERE id = $1 AND status = 'pending' AND $2 IN (low_user_id, high_user_id)
       FOR UPDATE`,
    [requestId, userId],
  );
  if (!row) throw notFound('There is no such friend request');
  return row;
};

export const passApplication = (
  db: Database,
  userId: number,
  requestId: number,
): Promise<Accepted & { friendId: number }> =>
  db.transaction(async (tx) => {
    const row = await requestTo(tx, userId, requestId);
    if (row.requestedBy === userId) throw notFound('There is no such friend request');
    return { ...(await accept(tx, row)), friendId: row.requestedBy };
  });

/** Declined by the one asked, or withdrawn by the one asking: either may ask again later. */
export const refuseApplication = (db: Database, userId: number, requestId: number): Promise<number> =>
  db.transaction(async (tx) => {
    const row = await requestTo(tx, userId, requestId);
    await tx.query('DELETE FROM chat_friendships WHERE id = $1', [row.id]);
    return row.low === userId ? row.high : row.low;
  });

/** Ends the friendship; both leave their conversation (its messages stay, for if they friend again). */
export const endFriendship = (db: Database, userId: number, friendId: number): Promise<number> =>
  db.transaction(async (tx) => {
    const existing = await findPair(tx, userId, friendId);
    if (existing?.status !== 'accepted') throw notFound('You are not friends with this user');
    const [low, high] = pairOf(userId, friendId);
    await tx.query('DELETE FROM chat_friendships WHERE id = $1', [existing.id]);
    const [conversation] = await tx.query<{ id: number }>(
      `DELETE FROM chat_members WHERE conversation_id =
         (SELECT id FROM chat_conversations WHERE direct_key = $1) RETURNING conversation_id AS id`,
      [`${low}:${high}`],
    );
    return conversation?.id ?? 0;
  });
