import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';

/** Spec §7: tell the server to prepare the farm's records, after launch and after login. */
export const runFarmData = (FarmNumber: string) =>
  call(api.system.farmDataRun, { body: { FarmNumber }, silent: true });
