import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import type { Queryable } from '../../db/database';
import type { EventBus } from '../../realtime/bus';
import { noticeMessage, recordNotice, type NoticeRecord } from '../notices/record-notice';

/** The account notices of architecture §6 (group 10). */
export const MONEY_NOTICE = { lowBalance: 901, paymentReceived: 902, chargeApplied: 903 } as const;

/** What a money movement tells the farm's owners after its commit. */
export interface MoneyEvents {
  farmId: number;
  notices: NoticeRecord[];
  ownerMessages: ServerSocketMessage[];
}

export const noMoneyEvents = (farmId: number): MoneyEvents => ({ farmId, notices: [], ownerMessages: [] });

/** Records a money notice in the movement's transaction; once per episode key. */
export const recordMoneyNotice = async (
  tx: Queryable,
  events: MoneyEvents,
  code: number,
  episodeKey: string,
  details: Record<string, unknown>,
): Promise<void> => {
  const notice = await recordNotice(tx, {
    farmId: events.farmId,
    cowId: null,
    sensorId: null,
    code,
    episodeKey,
    occurredAt: new Date(),
    details,
  });
  if (notice) events.notices.push(notice);
};

const farmOwnerIds = async (db: Queryable, farmId: number): Promise<number[]> =>
  (
    await db.query<{ id: number }>(
      "SELECT id FROM users WHERE farm_id = $1 AND role = 'owner' AND removed_from_farm_at IS NULL",
      [farmId],
    )
  ).map((row) => row.id);

/** After the commit: the notices and money news reach the farm's owners only (staff see no money). */
export const publishMoneyEvents = async (
  db: Queryable,
  bus: EventBus,
  events: MoneyEvents,
): Promise<void> => {
  const messages = [...events.notices.map(noticeMessage), ...events.ownerMessages];
  if (messages.length === 0) return;
  const owners = await farmOwnerIds(db, events.farmId);
  for (const message of messages) await bus.publishToUsers(owners, message);
};
