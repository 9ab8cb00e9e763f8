import type { ChatGroup, ChatPerson, GroupType, GroupUser } from '@cowcare/contract/chat-schemas';
import { MAX_GROUP_MEMBERS } from '@cowcare/contract/chat-schemas';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { Database, Queryable } from '../../db/database';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error';
import { memberIdsOf } from './conversations-repository';
import { friendIdsOf } from './friends';

interface GroupRow {
  id: number;
  name: string;
  note: string;
  avatar: string;
  type: number;
  ownerId: number;
}

const notAMember = () => notFound('There is no such group of yours');
const ownerOnly = (what: string) =>
  new AppError(403, ERROR_CODES.forbidden, `Only the group's owner can ${what}`);

export const listGroupTypes = (db: Queryable): Promise<GroupType[]> =>
  db.query<GroupType>('SELECT id, code FROM chat_group_types ORDER BY id');

const groupUsersOf = (db: Queryable, gid: number): Promise<GroupUser[]> =>
  db.query<GroupUser>(
    `SELECT m.id, m.conversation_id AS gid, u.id AS uid, u.name, u.avatar, f.farm_number AS "farmName",
            g.owner_user_id = u.id AS owner
       FROM chat_members m
       JOIN chat_groups g ON g.conversation_id = m.conversation_id
       JOIN users u ON u.id = m.user_id
       JOIN farms f ON f.id = u.farm_id
      WHERE m.conversation_id = $1
      ORDER BY (g.owner_user_id = u.id) DESC, m.id`,
    [gid],
  );

/** A group the caller is in, with its members; 404 for any other (no difference between not yours and none). */
const memberGroupRow = async (
  db: Queryable,
  userId: number,
  gid: number,
  lock = false,
): Promise<GroupRow> => {
  const [row] = await db.query<GroupRow>(
    `SELECT g.conversation_id AS id, g.name, g.note, g.avatar, g.type_id AS type, g.owner_user_id AS "ownerId"
       FROM chat_groups g JOIN chat_members m ON m.conversation_id = g.conversation_id AND m.user_id = $1
      WHERE g.conversation_id = $2 AND g.deleted_at IS NULL ${lock ? 'FOR UPDATE OF g' : ''}`,
    [userId, gid],
  );
  if (!row) throw notAMember();
  return row;
};

const presentGroup = async (db: Queryable, row: GroupRow): Promise<ChatGroup> => ({
  ...row,
  status: 1,
  users: await groupUsersOf(db, row.id),
});

export const findGroupOfMember = async (db: Queryable, userId: number, gid: number): Promise<ChatGroup> =>
  presentGroup(db, await memberGroupRow(db, userId, gid));

export const findGroupUsersOfMember = async (
  db: Queryable,
  userId: number,
  gid: number,
): Promise<GroupUser[]> => {
  await memberGroupRow(db, userId, gid);
  return groupUsersOf(db, gid);
};

export const findGroupsOfMember = async (
  db: Queryable,
  userId: number,
  ids: readonly number[],
): Promise<ChatGroup[]> => {
  const rows = await db.query<GroupRow>(
    `SELECT g.conversation_id AS id, g.name, g.note, g.avatar, g.type_id AS type, g.owner_user_id AS "ownerId"
       FROM chat_groups g JOIN chat_members m ON m.conversation_id = g.conversation_id AND m.user_id = $1
      WHERE g.conversation_id = ANY($2::int[]) AND g.deleted_at IS NULL ORDER BY g.conversation_id`,
    [userId, [...ids]],
  );
  // A group the caller is not in is not found, like every group call (decision 0019), not silently left out.
  if (rows.length < new Set(ids).size) throw notAMember();
  return Promise.all(rows.map((row) => presentGroup(db, row)));
};

/** Only friends of the inviter join a group (cross-farm contact starts with a friendship). */
const requireFriends = async (
  db: Queryable,
  userId: number,
  candidates: readonly number[],
): Promise<void> => {
  const friends = await friendIdsOf(db, userId, candidates);
  const strangers = candidates.filter((id) => !friends.has(id));
  if (strangers.length > 0) {
    throw new AppError(
      403,
      ERROR_CODES.forbidden,
      `Only your friends can join a group (not: ${strangers.join(', ')})`,
    );
  }
};

const addMembers = async (tx: Queryable, gid: number, userIds: readonly number[]): Promise<void> => {
  for (const userId of userIds) {
    await tx.query(
      `INSERT INTO chat_members (conversation_id, user_id) VALUES ($1, $2) ON CONFLICT (conversation_id, user_id) DO NOTHING`,
      [gid, userId],
    );
  }
};

export interface NewGroup {
  name: string;
  note?: string;
  avatar?: string;
  type: number;
  users: number[];
}

export const createGroup = (db: Database, ownerId: number, input: NewGroup): Promise<ChatGroup> =>
  db.transaction(async (tx) => {
    // Who may join is checked before the kind: naming strangers is refused as such whatever else is wrong.
    const others = input.users.filter((id) => id !== ownerId);
    await requireFriends(tx, ownerId, others);
    const [type] = await tx.query('SELECT id FROM chat_group_types WHERE id = $1', [input.type]);
    if (!type) throw badRequest(ERROR_CODES.validation, 'There is no such group type');
    const [conversation] = await tx.query<{ id: number }>(
      `INSERT INTO chat_conversations (kind) VALUES ('group') RETURNING id`,
    );
    if (!conversation) throw new Error('the group conversation insert returned nothing');
    await tx.query(
      `INSERT INTO chat_groups (conversation_id, name, note, avatar, type_id, owner_user_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [conversation.id, input.name.trim(), input.note ?? '', input.avatar ?? '', input.type, ownerId],
    );
    await addMembers(tx, conversation.id, [ownerId, ...others]);
    return findGroupOfMember(tx, ownerId, conversation.id);
  });

export const updateGroup = (
  db: Database,
  userId: number,
  gid: number,
  change: { name?: string; note?: string; avatar?: string },
): Promise<ChatGroup> =>
  db.transaction(async (tx) => {
    await memberGroupRow(tx, userId, gid, true);
    await tx.query(
      `UPDATE chat_groups SET name = COALESCE($2, name), note = COALESCE($3, note), avatar = COALESCE($4, avatar)
        WHERE conversation_id = $1`,
      [gid, change.name?.trim() ?? null, change.note ?? null, change.avatar ?? null],
    );
    return findGroupOfMember(tx, userId, gid);
  });

/** Deleted by its owner: the members leave it; answers who they were, to tell them. */
export const deleteGroup = (db: Database, userId: number, gid: number): Promise<number[]> =>
  db.transaction(async (tx) => {
    const group = await memberGroupRow(tx, userId, gid, true);
    if (group.ownerId !== userId) throw ownerOnly('delete it');
    const members = await memberIdsOf(tx, gid);
    await tx.query('UPDATE chat_groups SET deleted_at = now() WHERE conversation_id = $1', [gid]);
    await tx.query('DELETE FROM chat_members WHERE conversation_id = $1', [gid]);
    return members;
  });

export interface Invited {
  group: ChatGroup;
  added: ChatPerson[];
  /** Members before the invitation, to be told who joined. */
  earlier: number[];
}

export const inviteToGroup = (
  db: Database,
  userId: number,
  gid: number,
  users: readonly number[],
): Promise<Invited> =>
  db.transaction(async (tx) => {
    await memberGroupRow(tx, userId, gid, true);
    const earlier = await memberIdsOf(tx, gid);
    const newcomers = users.filter((id) => !earlier.includes(id));
    await requireFriends(tx, userId, newcomers);
    if (earlier.length + newcomers.length > MAX_GROUP_MEMBERS) {
      throw conflict(ERROR_CODES.conflict, `A group has at most ${MAX_GROUP_MEMBERS} members`);
    }
    await addMembers(tx, gid, newcomers);
    const group = await findGroupOfMember(tx, userId, gid);
    const added = group.users
      .filter((member) => newcomers.includes(member.uid))
      .map(({ uid, name, avatar, farmName }) => ({ id: uid, name, avatar, farmName }));
    return { group, added, earlier };
  });

/** The owner removes a member; answers the group after and who to tell (the removed member too). */
export const removeFromGroup = (
  db: Database,
  userId: number,
  gid: number,
  memberId: number,
): Promise<{ group: ChatGroup; told: number[] }> =>
  db.transaction(async (tx) => {
    const group = await memberGroupRow(tx, userId, gid, true);
    if (group.ownerId !== userId) throw ownerOnly('remove members');
    if (memberId === userId) {
      throw conflict(ERROR_CODES.conflict, 'The owner cannot be removed; delete the group instead');
    }
    const told = await memberIdsOf(tx, gid);
    const removed = await tx.query(
      'DELETE FROM chat_members WHERE conversation_id = $1 AND user_id = $2 RETURNING id',
      [gid, memberId],
    );
    if (removed.length === 0) throw notFound('This user is not in the group');
    return { group: await findGroupOfMember(tx, userId, gid), told };
  });

/** A member leaves; the owner cannot (409), they delete the group. Answers who to tell (the leaver too). */
export const leaveGroup = (db: Database, userId: number, gid: number): Promise<number[]> =>
  db.transaction(async (tx) => {
    const group = await memberGroupRow(tx, userId, gid, true);
    if (group.ownerId === userId) {
      throw conflict(ERROR_CODES.conflict, 'The owner cannot leave; delete the group instead');
    }
    const told = await memberIdsOf(tx, gid);
    await tx.query('DELETE FROM chat_members WHERE conversation_id = $1 AND user_id = $2', [gid, userId]);
    return told;
  });
