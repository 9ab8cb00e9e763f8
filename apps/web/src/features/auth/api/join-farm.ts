import { useMutation } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import type { Session } from '@cowcare/contract/schemas';
import { call } from '../../../lib/api-client';
import { appEvents } from '../../../lib/event-bus';
import { saveSession } from '../../../lib/session';

export type JoinFarmInput = RouteBody<typeof api.staff.joinFarm>;

/**
 * Registering with an owner's invitation code: the new account joins that farm as staff instead of making
 * a farm, and starts a session right away, as registering does.
 */
export async function joinFarm(input: JoinFarmInput): Promise<Session> {
  const session = await call(api.staff.joinFarm, { body: input });
  saveSession(session, false);
  appEvents.emit('loginSuccess', { user: session.user });
  return session;
}

export function useJoinFarm() {
  return useMutation({ mutationFn: joinFarm });
}
