import type { FarmRole } from '@cowcare/contract/schemas';
import type { Queryable } from '../../db/database';
import { isoUtc } from '../../db/sql-time';

export interface MemberRecord {
  id: number;
  farmId: number;
  username: string;
  name: string;
  phone: string;
  role: FarmRole;
}

const MEMBER_COLUMNS = `u.id, u.farm_id AS "farmId", u.username, u.name, u.phone, u.role`;

/** The farm's current members, owners first, then by name. */
export const listMembers = (db: Queryable, farmId: number): Promise<MemberRecord[]> =>
  db.query<MemberRecord>(
    `SELECT ${MEMBER_COLUMNS} FROM users u
      WHERE u.farm_id = $1 AND u.removed_from_farm_at IS NULL
      ORDER BY u.role = 'owner' DESC, lower(u.name), u.id`,
    [farmId],
  );

/** A current member of the farm, locked for a change of role or a removal; undefined for anyone else. */
export const lockMember = async (
  db: Queryable,
  farmId: number,
  userId: number,
): Promise<MemberRecord | undefined> =>
  (
    await db.query<MemberRecord>(
      `SELECT ${MEMBER_COLUMNS} FROM users u
        WHERE u.id = $1 AND u.farm_id = $2 AND u.removed_from_farm_at IS NULL
          FOR UPDATE`,
      [userId, farmId],
    )
  )[0];

/**
 * Serialises the membership changes of one farm: two owners demoting or removing each other at once must
 * not leave it without an owner.
 */
export const lockFarmMembership = async (db: Queryable, farmId: number): Promise<void> => {
  await db.query('SELECT 1 FROM farms WHERE id = $1 FOR UPDATE', [farmId]);
};

export const countOwners = async (db: Queryable, farmId: number): Promise<number> => {
  const [row] = await db.query<{ owners: number }>(
    `SELECT count(*)::int AS owners FROM users
      WHERE farm_id = $1 AND role = 'owner' AND removed_from_farm_at IS NULL`,
    [farmId],
  );
  return row?.owners ?? 0;
};

export interface CandidateRecord extends MemberRecord {
  removedFromFarm: boolean;
  disabled: boolean;
  /** Other current members of the user's farm. */
  otherMembers: number;
  /** The user's farm has cows, money or gateways of its own. */
  farmHasData: boolean;
}

/** Users whose username is `login` (whatever its case) or whose phone is `login`, locked for the move. */
export const findCandidates = (db: Queryable, login: string): Promise<CandidateRecord[]> =>
  db.query<CandidateRecord>(
    `SELECT ${MEMBER_COLUMNS}, u.removed_from_farm_at IS NOT NULL AS "removedFromFarm",
            u.disabled_at IS NOT NULL AS disabled,
            (SELECT count(*)::int FROM users o
              WHERE o.farm_id = u.farm_id AND o.id <> u.id AND o.removed_from_farm_at IS NULL) AS "otherMembers",
            (EXISTS (SELECT 1 FROM cows c WHERE c.farm_id = u.farm_id)
              OR EXISTS (SELECT 1 FROM ledger_transactions w WHERE w.farm_id = u.farm_id)
              OR EXISTS (SELECT 1 FROM gateways g WHERE g.farm_id = u.farm_id)) AS "farmHasData"
       FROM users u
      WHERE lower(u.username) = lower($1) OR u.phone = $1
      ORDER BY u.id
        FOR UPDATE OF u`,
    [login],
  );

/** Makes the user a current member of the farm with the role, wherever they were. */
export const placeMember = async (
  db: Queryable,
  userId: number,
  farmId: number,
  role: FarmRole,
): Promise<void> => {
  await db.query(
    `UPDATE users SET farm_id = $2, role = $3, removed_from_farm_at = NULL, removed_by_user_id = NULL,
                      updated_at = now()
      WHERE id = $1`,
    [userId, farmId, role],
  );
};

export const setMemberRole = async (db: Queryable, userId: number, role: FarmRole): Promise<void> => {
  await db.query('UPDATE users SET role = $2, updated_at = now() WHERE id = $1', [userId, role]);
};

export const markRemoved = async (db: Queryable, userId: number, byUserId: number): Promise<void> => {
  await db.query(
    `UPDATE users SET removed_from_farm_at = now(), removed_by_user_id = $2, updated_at = now()
      WHERE id = $1`,
    [userId, byUserId],
  );
};

export interface InvitationRecord {
  id: number;
  createdAt: string;
  expiresAt: string;
  createdBy: string;
}

const INVITATION_COLUMNS = `i.id, ${isoUtc('i.created_at')} AS "createdAt", ${isoUtc('i.expires_at')} AS "expiresAt",
  u.name AS "createdBy"`;

/** The farm's invitations that still work, newest first. */
export const listOpenInvitations = (db: Queryable, farmId: number): Promise<InvitationRecord[]> =>
  db.query<InvitationRecord>(
    `SELECT ${INVITATION_COLUMNS}
       FROM farm_invitations i JOIN users u ON u.id = i.created_by_user_id
      WHERE i.farm_id = $1 AND i.used_at IS NULL AND i.withdrawn_at IS NULL AND i.expires_at > now()
      ORDER BY i.created_at DESC, i.id DESC`,
    [farmId],
  );

export const insertInvitation = async (
  db: Queryable,
  invitation: { farmId: number; codeHash: string; createdByUserId: number; days: number },
): Promise<InvitationRecord> => {
  const [row] = await db.query<InvitationRecord>(
    `WITH i AS (
       INSERT INTO farm_invitations (farm_id, code_hash, created_by_user_id, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(days => $4))
       RETURNING *)
     SELECT ${INVITATION_COLUMNS} FROM i JOIN users u ON u.id = i.created_by_user_id`,
    [invitation.farmId, invitation.codeHash, invitation.createdByUserId, invitation.days],
  );
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
};

/** Withdraws an open invitation of the farm; false when the farm has no such open invitation. */
export const withdrawOpenInvitation = async (db: Queryable, farmId: number, id: number): Promise<boolean> => {
  const rows = await db.query(
    `UPDATE farm_invitations SET withdrawn_at = now()
      WHERE id = $1 AND farm_id = $2 AND used_at IS NULL AND withdrawn_at IS NULL AND expires_at > now()
      RETURNING id`,
    [id, farmId],
  );
  return rows.length > 0;
};

export interface InvitationUse {
  id: number;
  farmId: number;
  used: boolean;
  withdrawn: boolean;
  expired: boolean;
}

/** The invitation of a code, locked so that two registrations with it cannot both use it. */
export const lockInvitationByHash = async (
  db: Queryable,
  codeHash: string,
): Promise<InvitationUse | undefined> =>
  (
    await db.query<InvitationUse>(
      `SELECT id, farm_id AS "farmId", used_at IS NOT NULL AS used, withdrawn_at IS NOT NULL AS withdrawn,
              expires_at <= now() AS expired
         FROM farm_invitations WHERE code_hash = $1
          FOR UPDATE`,
      [codeHash],
    )
  )[0];

export const markInvitationUsed = async (db: Queryable, id: number, userId: number): Promise<void> => {
  await db.query('UPDATE farm_invitations SET used_at = now(), used_by_user_id = $2 WHERE id = $1', [
    id,
    userId,
  ]);
};
