import { storedStatusValue } from '@cowcare/domain/cow-status';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { AdeCounts, AdeFile, AdePreview } from '@cowcare/contract/routes/exchange';
import {
  effectiveServiceDate,
  expectedCalvingDate,
  expectedEstrusAfterCalving,
  nextExpectedEstrusDate,
  pregnancyCheckDate,
} from '@cowcare/domain/reproduction-dates';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import { findCowInFarm, insertCow } from '../cows/cows-repository';
import { recordStatusChange } from '../cows/status-changes';
import { claimSensors } from '../gateways/sensor-inventory';
import { insertHealthCase } from '../health/health-cases-repository';
import { insertCalving } from '../reproduction/calving-records';
import { deriveCowDates, syncCowDates } from '../reproduction/cow-dates';
import { insertEstrus } from '../reproduction/estrus-records';
import { insertFertilization } from '../reproduction/fertilization-records';
import { insertPregnancy } from '../reproduction/pregnancy-records';
import { NO_DATE } from '../reproduction/record-dates';
import { matingMethodOf } from '../reproduction/reproduction-codes';
import { farmDiagnosisDays } from '../reproduction/starting-records';
import {
  planAdeImport,
  sensorsNamedIn,
  type FarmFacts,
  type ImportPlan,
  type PlannedRecord,
} from './ade-import-plan';

// An ADE import: the preview reads the plan, the import writes it in one transaction, all or nothing.

const readFarmFacts = async (db: Queryable, farmId: number, file: AdeFile): Promise<FarmFacts> => {
  const codes = await db.query<{ code: string }>('SELECT code FROM cows WHERE farm_id = $1', [farmId]);
  const sensors = sensorsNamedIn(file);
  const taken =
    sensors.length === 0
      ? []
      : await db.query<{ sensor: number }>(
          `SELECT sensor_id AS sensor FROM sensors WHERE sensor_id = ANY($2::int[]) AND farm_id <> $1
           UNION
           SELECT sensor_id FROM cows WHERE farm_id = $1 AND culled_at IS NULL AND sensor_id = ANY($2::int[])`,
          [farmId, sensors],
        );
  return {
    takenCodes: new Set(codes.map((row) => row.code)),
    takenSensors: new Set(taken.map((row) => row.sensor)),
  };
};

export const previewAdeImport = async (db: Queryable, farmId: number, file: AdeFile): Promise<AdePreview> =>
  planAdeImport(file, await readFarmFacts(db, farmId, file)).preview;

/** A refused file: 400 with one detail per refusal, its path the item's place in the body. */
const refusal = (preview: AdePreview) =>
  new AppError(
    400,
    ERROR_CODES.validation,
    `The file is refused: ${preview.refusedCount} ${preview.refusedCount === 1 ? 'item' : 'items'} cannot be imported (${preview.refused[0]?.detail ?? ''})`,
    {
      details: preview.refused.map((problem) => ({
        path: `body.file.${problem.collection}.${problem.index}`,
        message: problem.item ? `${problem.item}: ${problem.detail}` : problem.detail,
        rule: problem.reason,
      })),
    },
  );

const latestServiceUpTo = (records: readonly PlannedRecord[], at: string): string | undefined => {
  let latest: Extract<PlannedRecord, { kind: 'fertilization' }> | undefined;
  for (const record of records) {
    if (record.kind === 'fertilization' && record.at <= at && (!latest || record.at >= latest.at)) {
      latest = record;
    }
  }
  return latest && effectiveServiceDate(latest.day, matingMethodOf(latest.method));
};

interface WriteContext {
  tx: Queryable;
  user: AuthUser;
  cowIds: number[];
  farmDays: Awaited<ReturnType<typeof farmDiagnosisDays>>;
}

/** One record with the automatic dates its record call would compute (none are hand-set on import). */
const writeRecord = async (context: WriteContext, record: PlannedRecord, ofCow: readonly PlannedRecord[]) => {
  const { tx, user, cowIds, farmDays } = context;
  const cowId = cowIds[record.cow];
  if (cowId === undefined) throw new Error('a planned record names no planned cow');
  const keys = { farmId: user.farmId, cowId, userId: user.userId };
  switch (record.kind) {
    case 'estrus':
      await insertEstrus(tx, keys, {
        estrusAt: record.at,
        estrusDay: record.day,
        memo: record.memo,
        nextExpectedEstrusDate: nextExpectedEstrusDate(record.day),
        nextExpectedEstrusManual: false,
      });
      return;
    case 'sensorHeat':
      // Read already: an imported heat is history, not news for the farm's phones.
      await tx.query(
        `INSERT INTO notices (farm_id, cow_id, sensor_id, code, episode_key, occurred_at, details, read_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now()) ON CONFLICT (farm_id, episode_key) DO NOTHING`,
        [
          user.farmId,
          cowId,
          record.sensor,
          record.code,
          `estrus:cow:${cowId}:${record.code}:ade:${record.at}`,
          record.at,
          JSON.stringify(record.details),
        ],
      );
      return;
    case 'fertilization': {
      const service = effectiveServiceDate(record.day, matingMethodOf(record.method));
      await insertFertilization(tx, keys, {
        plannedAt: record.at,
        plannedDay: record.day,
        method: record.method,
        actualMethod: record.actualMethod,
        sireCode: record.sireCode,
        memo: record.memo,
        effectiveServiceDate: service,
        pregnancyCheckMethod: record.checkMethod,
        pregnancyCheckDate: pregnancyCheckDate(service, record.checkMethod, farmDays),
        pregnancyCheckManual: false,
      });
      return;
    }
    case 'pregnancy': {
      const service = record.result === 'pregnant' ? latestServiceUpTo(ofCow, record.at) : undefined;
      await insertPregnancy(tx, keys, {
        diagnosisMethod: record.method,
        diagnosedAt: record.at,
        diagnosisDay: record.day,
        result: record.result,
        memo: record.memo,
        expectedCalvingDate: service ? expectedCalvingDate(service) : null,
        expectedCalvingManual: false,
        expectedEstrusDate: record.result === 'pregnant' ? null : nextExpectedEstrusDate(record.day),
        expectedEstrusManual: false,
      });
      return;
    }
    case 'calving': {
      const id = await insertCalving(tx, keys, {
        calvedAt: record.at,
        calvingDay: record.day,
        method: record.method,
        result: record.result,
        memo: record.memo,
        expectedEstrusDate: expectedEstrusAfterCalving(record.day),
        expectedEstrusManual: false,
      });
      const calfId = record.calf === null ? undefined : cowIds[record.calf];
      if (calfId !== undefined) {
        await tx.query('UPDATE calving_records SET calf_cow_id = $1 WHERE id = $2', [calfId, id]);
      }
      return;
    }
    case 'health':
      await insertHealthCase(tx, keys, {
        diagnosedOn: record.day,
        diseaseCode: record.diseaseCode,
        diagnosisText: record.diagnosisText,
        prescribedOn: record.prescribedOn,
        prescription: record.prescription,
        memo: record.memo,
      });
      return;
  }
};

const insertPlannedCows = async (tx: Queryable, user: AuthUser, plan: ImportPlan): Promise<number[]> => {
  const ids: number[] = [];
  for (const cow of plan.cows) {
    const id = await insertCow(tx, {
      farmId: user.farmId,
      code: cow.code,
      sensorId: cow.sensor,
      status: cow.status,
      parity: cow.parity ?? 0,
      birthday: cow.birthday,
      sex: cow.sex,
      damId: null,
      sireCode: cow.sireCode,
      cowTypeId: null,
      temperatureOffset: null,
    });
    if (cow.culledAt) await tx.query('UPDATE cows SET culled_at = $1 WHERE id = $2', [cow.culledAt, id]);
    if (cow.joinedAt) await tx.query('UPDATE cows SET created_at = $1 WHERE id = $2', [cow.joinedAt, id]);
    await recordStatusChange(tx, {
      farmId: user.farmId,
      cowId: id,
      from: null,
      to: cow.status,
      reason: 'created',
      forced: false,
      actor: { userId: user.userId },
    });
    // The file has no status history; the day she entered her status is what the herd figures read (a cow
    // in fattening left the breeding herd that day), so her first row carries it.
    const inFattening = cow.status === storedStatusValue('fattening');
    const enteredStatusAt = (inFattening ? cow.fatteningAt : null) ?? cow.joinedAt;
    if (enteredStatusAt) {
      await tx.query('UPDATE cow_status_changes SET changed_at = $1 WHERE cow_id = $2', [
        enteredStatusAt,
        id,
      ]);
    }
    ids.push(id);
  }
  // Dams after every cow exists: a dam may come after her calf in the file.
  for (const [index, cow] of plan.cows.entries()) {
    const damId = cow.dam === null ? undefined : ids[cow.dam];
    if (damId !== undefined) await tx.query('UPDATE cows SET dam_id = $1 WHERE id = $2', [damId, ids[index]]);
  }
  return ids;
};

const NO_DATES = {
  lastEstrusDate: null,
  lastFertilizationDate: null,
  lastCalvingDate: null,
  pregnancyCheck: NO_DATE,
  expectedCalving: NO_DATE,
  expectedEstrus: NO_DATE,
};

/**
 * Imports the file in one transaction: the plan is made again inside it (the farm may have changed since the
 * preview), any refusal rolls everything back, and the cows' dates are derived from their new records.
 */
export const importAdeFile = (
  db: Database,
  user: AuthUser,
  file: AdeFile,
): Promise<{ created: AdeCounts; cowIds: number[] }> =>
  db.transaction(async (tx) => {
    const plan = planAdeImport(file, await readFarmFacts(tx, user.farmId, file));
    if (!plan.preview.importable) throw refusal(plan.preview);
    if (plan.sensors.length > 0) await claimSensors(tx, user.farmId, plan.sensors);
    const cowIds = await insertPlannedCows(tx, user, plan);
    const context: WriteContext = { tx, user, cowIds, farmDays: await farmDiagnosisDays(tx, user.farmId) };
    const byCow = new Map<number, PlannedRecord[]>();
    for (const record of plan.records) byCow.set(record.cow, [...(byCow.get(record.cow) ?? []), record]);
    for (const [cow, records] of byCow) {
      const ordered = [...records].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
      for (const record of ordered) await writeRecord(context, record, ordered);
      const cowId = cowIds[cow];
      const written = cowId === undefined ? undefined : await findCowInFarm(tx, user.farmId, cowId);
      if (!written) throw new Error('an imported cow vanished inside its transaction');
      await syncCowDates(tx, written, NO_DATES, await deriveCowDates(tx, user.farmId, written.id));
    }
    return { created: plan.preview.create, cowIds };
  });
