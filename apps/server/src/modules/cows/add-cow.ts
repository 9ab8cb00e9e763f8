import type { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { latestTodayAnywhere } from '@cowcare/domain/calendar-date';
import { parseStoredStatus, storedStatusValue } from '@cowcare/domain/cow-status';
import {
  isStartingStatus,
  startingParity,
  startingPointProblems,
  type StartingStatus,
} from '@cowcare/domain/starting-point';
import type { Database, Queryable } from '../../db/database';
import { AppError, invalidField } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import type { DiagnosisDaysSettings } from '@cowcare/domain/reproduction-dates';
import { farmDiagnosisDays, writeStartingRecords } from '../reproduction/starting-records';
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

/** The schema allows only starting statuses; 발정감지 is written as 발정탐지 like every other status. */
const startingStatusOf = (status: NewCowInput['status']): StartingStatus => {
  const parsed = status === undefined ? 'waitingForSettings' : parseStoredStatus(status);
  if (!parsed || !isStartingStatus(parsed)) {
    throw new Error(`the schema let an unknown new-cow status through: ${status}`);
  }
  return parsed;
};

const RULE_MESSAGES: Readonly<Record<string, string>> = {
  required: 'is required for this status',
  notForStatus: 'does not go with this status',
  notRealDate: 'is not a real calendar date',
  future: 'must not be in the future',
  beforeBirthday: "must not be before the cow's birthday",
  beforeCalving: 'must not be before lastCalving',
  beforeInsemination: 'must not be before lastInsemination',
  parityAfterCalving: 'must be 1 or more for a cow that calved',
};

/**
 * The status and the days that put her there must fit (domain starting-point rules); the first field that
 * does not is refused by name, with its rule, so the form can say it at the field.
 */
const requireStartingPoint = (input: NewCowInput, status: StartingStatus, now: Date): void => {
  const [problem] = startingPointProblems(
    {
      status,
      birthday: input.birthday ?? null,
      ...(input.parity === undefined ? {} : { parity: input.parity }),
      ...(input.lastCalving === undefined ? {} : { lastCalving: input.lastCalving }),
      ...(input.lastInsemination === undefined ? {} : { lastInsemination: input.lastInsemination }),
      ...(input.inseminationMethod === undefined ? {} : { inseminationMethod: input.inseminationMethod }),
      ...(input.pregnancyCheck === undefined ? {} : { pregnancyCheck: input.pregnancyCheck }),
    },
    latestTodayAnywhere(now),
  );
  if (problem) {
    throw invalidField(problem.field, `${problem.field} ${RULE_MESSAGES[problem.rule]}`, problem.rule);
  }
  const hasDays = Boolean(input.lastCalving || input.lastInsemination || input.pregnancyCheck);
  if (hasDays && input.sex === 'male') {
    throw invalidField('sex', 'reproduction days are kept for female cows', 'notForStatus');
  }
  if (input.pregnancyCheckMethod !== undefined && !input.lastInsemination) {
    throw invalidField(
      'pregnancyCheckMethod',
      'pregnancyCheckMethod goes with lastInsemination',
      'notForStatus',
    );
  }
  if (input.inseminationSire !== undefined && !input.lastInsemination) {
    throw invalidField('inseminationSire', 'inseminationSire goes with lastInsemination', 'notForStatus');
  }
};

/**
 * Registers a cow in `tx`: the cow, the 'created' row of her history and, for a cow that joins mid-season,
 * the records of her last calving, insemination and pregnancy check with the dates they imply.
 */
export const addCowIn = async (
  tx: Queryable,
  user: AuthUser,
  input: NewCowInput,
  now = new Date(),
  farmDays?: DiagnosisDaysSettings,
): Promise<CowRecord> => {
  requireBirthdayNotInFuture(input.birthday, now);
  const startingStatus = startingStatusOf(input.status);
  requireStartingPoint(input, startingStatus, now);
  const status = storedStatusValue(startingStatus);
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
    parity: startingParity(input),
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
  const created = await findCowInFarm(tx, user.farmId, cowId);
  if (!created) throw new Error(`cow ${cowId} vanished after its insert`);
  if (!input.lastCalving && !input.lastInsemination) return created;
  await writeStartingRecords(tx, { farmId: user.farmId, userId: user.userId }, created, input, farmDays);
  const cow = await findCowInFarm(tx, user.farmId, cowId);
  if (!cow) throw new Error(`cow ${cowId} vanished after its records`);
  return cow;
};

/** Registers a cow and the 'created' row of its history (and her starting records), together or not at all. */
export const addCow = (
  db: Database,
  user: AuthUser,
  input: NewCowInput,
  now = new Date(),
): Promise<CowRecord> => db.transaction((tx) => addCowIn(tx, user, input, now));

export type ImportCowsInput = RouteBody<typeof api.cows.importCows>;

/** A refusal of one cow of an import, said of its row: "row 3 (C1003): …", its paths under body.cows.2. */
const ofRow = (error: unknown, index: number, code: string): unknown => {
  if (!(error instanceof AppError)) return error;
  const details = Array.isArray(error.extra.details)
    ? (error.extra.details as { path: string; message: string; rule?: string }[]).map((detail) => ({
        ...detail,
        path: detail.path.replace(/^body\./, `body.cows.${index}.`),
      }))
    : [{ path: `body.cows.${index}`, message: error.message }];
  return new AppError(error.statusCode, error.code, `row ${index + 1} (${code}): ${error.message}`, {
    ...error.extra,
    details,
  });
};

/**
 * Registers every cow of an import in one transaction: the first refusal rolls all of them back, so a file
 * is in the farm whole or not at all, and the farmer fixes the file and imports it again.
 */
export const importCows = (db: Database, user: AuthUser, input: ImportCowsInput, now = new Date()) =>
  db.transaction(async (tx) => {
    const ids: number[] = [];
    const farmDays = await farmDiagnosisDays(tx, user.farmId);
    for (const [index, cow] of input.cows.entries()) {
      try {
        ids.push((await addCowIn(tx, user, cow, now, farmDays)).id);
      } catch (error) {
        throw ofRow(error, index, cow.code);
      }
    }
    return { imported: ids.length, ids };
  });
