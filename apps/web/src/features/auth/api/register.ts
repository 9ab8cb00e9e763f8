import { useMutation } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import type { Session } from '@cowcare/contract/schemas';
import { call } from '../../../lib/api-client';
import { appEvents } from '../../../lib/event-bus';
import { saveSession } from '../../../lib/session';

export type RegisterInput = RouteBody<typeof api.auth.register>;

/** A new account starts a session right away (kept for this tab only, like a login without Automatic Logon). */
export async function register(input: RegisterInput): Promise<Session> {
  const session = await call(api.auth.register, { body: input });
  saveSession(session, false);
  appEvents.emit('loginSuccess', { user: session.user });
  return session;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
