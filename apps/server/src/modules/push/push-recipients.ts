import { noticeGroupOfCode } from '@cowcare/domain/notice-codes';
import type { PushChoices } from '@cowcare/domain/push-rules';
import type { Queryable } from '../../db/database';
import { choiceColumns, choicesOf, type PushChoicesRow } from './push-choices-repository';
import type { PushTarget } from './push-sender';

export interface PushRecipient extends PushTarget {
  userId: number;
  farmId: number;
  language: string;
  /** Staff are not told about the farm's money (architecture §10): no account notices. */
  isOwner: boolean;
  choices: PushChoices;
}

interface RecipientRow extends PushTarget, PushChoicesRow {
  userId: number;
  farmId: number;
  language: string;
  role: string;
}

/**
 * Every device that may be woken for these farms: its user still on the farm and not disabled, and the login
 * it was registered in still live (logout, a password change or a revoked login ends its pushes).
 */
export const pushRecipientsOf = async (
  db: Queryable,
  farmIds: readonly number[],
): Promise<PushRecipient[]> => {
  if (farmIds.length === 0) return [];
  const rows = await db.query<RecipientRow>(
    `SELECT d.id AS "deviceId", d.endpoint, d.p256dh, d.auth,
            u.id AS "userId", u.farm_id AS "farmId", u.language, u.role, ${choiceColumns('c')}
       FROM push_devices d
       JOIN login_sessions s ON s.id = d.login_session_id AND s.revoked_at IS NULL
       JOIN users u ON u.id = d.user_id AND u.removed_from_farm_at IS NULL AND u.disabled_at IS NULL
       LEFT JOIN push_choices c ON c.user_id = u.id
      WHERE u.farm_id = ANY($1::int[])`,
    [farmIds],
  );
  return rows.map((row) => ({
    deviceId: row.deviceId,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    userId: row.userId,
    farmId: row.farmId,
    language: row.language,
    isOwner: row.role === 'owner',
    choices: choicesOf(row),
  }));
};

/** Whether this user may hear of a notice of `code` at all, whatever they chose. */
export const mayHearOf = (recipient: PushRecipient, code: number): boolean =>
  recipient.isOwner || noticeGroupOfCode(code) !== 'account';
