import { useMutation } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import type { LogoutReason } from '../../../lib/event-bus';
import { endSession, getRefreshToken } from '../../../lib/session';

/** End this login on the server (best effort: offline or expired still logs out here), then locally. */
export async function logout(reason: LogoutReason = 'user'): Promise<void> {
  const refreshToken = getRefreshToken();
  try {
    await call(api.auth.logout, { body: refreshToken ? { refreshToken } : {}, silent: true });
  } catch {
    // the local logout below is what matters to the user
  } finally {
    endSession(reason);
  }
}

export const useLogout = () => useMutation({ mutationFn: logout });
