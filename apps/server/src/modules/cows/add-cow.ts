import type { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { parseStoredStatus, storedStatusValue } from '@cowcare/domain/cow-status';
import type { Database } from '../../db/database';
import type { AuthUser } from '../../http/route-context';
import {
  asCowConflict,
  requireBirthdayNotInFuture,
  requireCodeFree,
  requireDamInFarm,
  requireFreeTypeInFarm,
  requireSensorFree,
} from './cow-checks';
import { findCowInFarm, insertCow, type CowRecord } from './cows-repository';
import { recordStatusChange } from './status-changes';
import { claimSensors } from '../gateways/sensor-inventory';

export type NewCowInput = RouteBody<typeof api.cows.addCow>;

/** The schema allows only new-cow statuses; 발정감지 is written as 발정탐지 like every other status. */
const initialStatus = (status: NewCowInput['status']): string => {
  const parsed = status === undefined ? 'waitingForSettings' : parseStoredStatus(status);
  if (!parsed) throw new Error(`the schema let an unknown new-cow status through: ${status}`);
  return storedStatusValue(parsed);
};

/** Registers a cow and the 'created' row of its history, together or not at all. */
export const addCow = (
  db: Database,
  user: AuthUser,
  input: NewCowInput,
  now = new Date(),
): Promise<CowRecord> =>
  db.transaction(async (tx) => {
    requireBirthdayNotInFuture(input.birthday, now);
    const status = initialStatus(input.status);
    if (input.damId) await requireDamInFarm(tx, user.farmId, input.damId);
    if (input.typeid) await requireFreeTypeInFarm(tx, user.farmId, input.typeid);
    await requireCodeFree(tx, user.farmId, input.code);
    if (input.sensor) await requireSensorFree(tx, user.farmId, input.sensor);
    // A cow's sensor joins the farm's inventory; one registered by another farm is refused (409).
    if (input.sensor) await claimSensors(tx, user.farmId, [input.sensor]);
    const cowId = await insertCow(tx, {
      farmId: user.farmId,
      code: input.code,
      sensorId: input.sensor ?? null,
      status,
      parity: input.parity ?? 0,
      birthday: input.birthday ?? null,
      sex: input.sex ?? 'female',
      damId: input.damId ?? null,
      sireCode: input.sireCode ?? null,
      cowTypeId: input.typeid ?? null,
      temperatureOffset: input.tempadd ?? null,
    }).catch((error: unknown) => {
      throw asCowConflict(error);
    });
    await recordStatusChange(tx, {
      farmId: user.farmId,
      cowId,
      from: null,
      to: status,
      reason: 'created',
      forced: false,
      actor: { userId: user.userId },
    });
    const cow = await findCowInFarm(tx, user.farmId, cowId);
    if (!cow) throw new Error(`cow ${cowId} vanished after its insert`);
    return cow;
  });
