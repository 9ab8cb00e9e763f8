import { useMutation } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import type { Session } from '@cowcare/contract/schemas';
import { call } from '../../../lib/api-client';
import { appEvents } from '../../../lib/event-bus';
import { saveSession } from '../../../lib/session';

export type LoginInput = RouteBody<typeof api.auth.login> & {
  /** Automatic Logon: keep the session across browser restarts. */
  remember: boolean;
};

export async function login({ username, password, remember }: LoginInput): Promise<Session> {
  const session = await call(api.auth.login, { body: { username: username.trim(), password } });
  saveSession(session, remember);
  appEvents.emit('loginSuccess', { user: session.user });
  return session;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
