import type { FarmRole } from '@cowcare/contract/schemas';
import type {
  CowChangeKind,
  CowInfoSocketData,
  ServerSocketMessage,
} from '@cowcare/contract/socket-messages';
import type { EventBus } from './bus';

/**
 * What the farm's open sessions are told after a change is committed (issue 33, point 6: staff share one
 * view). Every session of the farm gets it, on any instance, and no other farm's.
 */

/** Cows of the farm changed: the other sessions reload what shows them. */
export const publishCowChange = (
  bus: EventBus,
  farmId: number,
  change: CowChangeKind,
  cowIds: readonly number[],
): Promise<void> => bus.publish(farmId, { type: 'cowchange', data: { change, cowIds: [...cowIds] } });

export interface ReadNotices {
  ids: readonly number[];
  cowsRead: readonly CowInfoSocketData[];
}

/** Notices became read (a user read them, or their event was recorded): every session shows them read. */
export const publishNoticesRead = async (bus: EventBus, farmId: number, read: ReadNotices): Promise<void> => {
  if (read.ids.length === 0) return;
  const messages: ServerSocketMessage[] = [
    { type: 'noticesread', data: { ids: [...read.ids] } },
    ...read.cowsRead.map((data): ServerSocketMessage => ({ type: 'cowinfo', data })),
  ];
  for (const message of messages) await bus.publish(farmId, message);
};

/** A member's role changed: their sessions show the new role's menus, the owners' staff lists refresh. */
export const publishMemberRole = (
  bus: EventBus,
  farmId: number,
  userId: number,
  role: FarmRole,
): Promise<void> => bus.publish(farmId, { type: 'memberrole', data: { userId, role } });
