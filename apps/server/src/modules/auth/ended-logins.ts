import type { EventBus } from '../../realtime/bus';
import type { RevokedSessions } from './sessions-repository';

/**
 * Closes the open sockets of logins just revoked, on every instance (decision 0006): HTTP calls with their
 * tokens fail from the commit on, and their sockets must not go on receiving the farm's events. Call it
 * once the revocation is committed, so a socket that reconnects at once is refused by the database.
 */
export const closeSocketsOfEndedLogins = async (bus: EventBus, revoked: RevokedSessions): Promise<void> => {
  if (revoked.sessionIds.length === 0) return;
  await bus.publishRevocation(revoked);
};
