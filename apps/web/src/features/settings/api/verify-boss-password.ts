import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';

/** Check the boss password on the server; answers a short-lived grant for the `x-boss-grant` header. */
export const verifyBossPassword = (password: string) =>
  call(api.system.verifyBossPassword, { body: { password } });
