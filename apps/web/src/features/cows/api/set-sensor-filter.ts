import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { saveUser } from '../../../lib/session';

/** Spec §7: the selected sensor-state names, comma-joined, saved on the server on each filtering. */
export async function setSensorFilter(userId: number, sensorfilter: string) {
  const user = await call(api.user.setSensorFilter, {
    params: { userId },
    body: { sensorfilter },
    silent: true,
  });
  saveUser(user);
  return user;
}
