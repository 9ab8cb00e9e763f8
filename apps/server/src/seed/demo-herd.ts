import type { Queryable } from '../db/database';
import { claimSensors } from '../modules/gateways/sensor-inventory';
import { dayOf } from '../modules/reproduction/record-dates';
import { findSettings } from '../modules/users/settings-repository';
import { DEMO_FARM_NUMBER, DEMO_USERNAME } from './demo-credentials';
import type { DemoCow, DemoRecord } from './demo-cow-story';
import { DEMO_COW_TYPES } from './demo-herd-plan';
import { planDemoHerd } from './demo-herd-readings';

export interface DemoHerdOptions {
  /** The moment the herd's past is told up to; dates are relative to it. */
  now?: Date;
}

interface DemoFarmIds {
  farmId: number;
  userId: number;
}

const findDemoFarm = async (tx: Queryable): Promise<DemoFarmIds> => {
  const [row] = await tx.query<DemoFarmIds>(
    `SELECT f.id AS "farmId", u.id AS "userId"
       FROM farms f JOIN users u ON u.farm_id = f.id AND lower(u.username) = lower($2)
      WHERE f.farm_number = $1`,
    [DEMO_FARM_NUMBER, DEMO_USERNAME],
  );
  if (!row) throw new Error('the demo herd needs the demo farm and user: seed them first');
  return row;
};

/** Existing types keep the cost an operator may have set; missing ones are added. */
const writeCowTypes = async (tx: Queryable, farmId: number): Promise<Map<string, number>> => {
  for (const type of DEMO_COW_TYPES) {
    await tx.query(
      `INSERT INTO cow_types (farm_id, name, cost_minor) VALUES ($1, $2, $3) ON CONFLICT (farm_id, name) DO NOTHING`,
      [farmId, type.name, type.costMinor],
    );
  }
  const rows = await tx.query<{ id: number; name: string }>(
    'SELECT id, name FROM cow_types WHERE farm_id = $1',
    [farmId],
  );
  return new Map(rows.map((row) => [row.name, row.id]));
};

const insertCow = async (
  tx: Queryable,
  farmId: number,
  cow: DemoCow,
  typeIds: ReadonlyMap<string, number>,
  cowIds: ReadonlyMap<string, number>,
): Promise<number> => {
  // No sensor values (the columns' defaults: none, offline, read): her sensor has not been heard yet, and
  // what it reports comes through the ingest.
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO cows (farm_id, code, sensor_id, status, parity, birthday, sex, dam_id, sire_code, cow_type_id,
                       temperature_offset, last_estrus_date, last_fertilization_date, last_calving_date,
                       pregnancy_check_date, pregnancy_check_manual, expected_calving_date, expected_calving_manual,
                       expected_estrus_date, expected_estrus_manual, culled_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
             $22)
     RETURNING id`,
    [
      farmId,
      cow.code,
      cow.sensorId,
      cow.status,
      cow.parity,
      cow.birthday,
      cow.sex,
      cow.damCode === null ? null : (cowIds.get(cow.damCode) ?? null),
      cow.sireCode,
      cow.typeName === null ? null : (typeIds.get(cow.typeName) ?? null),
      cow.temperatureOffset,
      cow.lastEstrusDate,
      cow.lastFertilizationDate,
      cow.lastCalvingDate,
      cow.pregnancyCheckDate,
      cow.pregnancyCheckManual,
      cow.expectedCalvingDate,
      cow.expectedCalvingManual,
      cow.expectedEstrusDate,
      cow.expectedEstrusManual,
      cow.culledAt,
      cow.createdAt,
    ],
  );
  if (!row) throw new Error(`demo cow ${cow.code} insert returned no id`);
  return row.id;
};

interface RecordContext extends DemoFarmIds {
  cowId: number;
  cowIds: ReadonlyMap<string, number>;
}

/** The insert of one record; $1-$3 are always farm, cow and the demo user who recorded it. */
const recordInsert = (context: RecordContext, record: DemoRecord): [string, unknown[]] => {
  switch (record.kind) {
    case 'status':
      return [
        `INSERT INTO cow_status_changes (farm_id, cow_id, changed_by_user_id, from_status, to_status, reason, forced,
                                         changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [record.from, record.to, record.reason, record.forced, record.at],
      ];
    case 'estrus':
      return [
        `INSERT INTO estrus_records (farm_id, cow_id, created_by_user_id, estrus_at, estrus_date, memo,
                                     next_expected_estrus_date, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $4)`,
        [record.at, dayOf(record.at), record.memo, record.nextExpectedEstrus],
      ];
    case 'fertilization':
      return [
        `INSERT INTO fertilization_records (farm_id, cow_id, created_by_user_id, planned_at, planned_date, method,
                                            actual_method, sire_code, effective_service_date, pregnancy_check_method,
                                            pregnancy_check_date, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $4)`,
        [
          record.at,
          dayOf(record.at),
          record.method,
          record.sireCode,
          record.serviceDate,
          record.checkMethod,
          record.checkDate,
        ],
      ];
    case 'pregnancy':
      return [
        `INSERT INTO pregnancy_records (farm_id, cow_id, created_by_user_id, diagnosis_method, diagnosed_at,
                                        diagnosis_date, result, expected_calving_date, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $5)`,
        [record.method, record.at, dayOf(record.at), record.result, record.expectedCalving],
      ];
    case 'calving':
      return [
        `INSERT INTO calving_records (farm_id, cow_id, created_by_user_id, calved_at, calving_date, method, result,
                                      expected_estrus_date, calf_cow_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $4)`,
        [
          record.at,
          dayOf(record.at),
          record.method,
          record.result,
          record.expectedEstrus,
          record.calfCode === null ? null : (context.cowIds.get(record.calfCode) ?? null),
        ],
      ];
    case 'health':
      return [
        `INSERT INTO health_cases (farm_id, cow_id, created_by_user_id, diagnosed_on, disease_code, diagnosis_text,
                                   prescribed_on, prescription, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $4::date, $4::date)`,
        [record.on, record.diseaseCode, record.diagnosis, record.prescribedOn, record.prescription],
      ];
  }
};

const writeRecord = async (tx: Queryable, context: RecordContext, record: DemoRecord): Promise<void> => {
  const [sql, values] = recordInsert(context, record);
  await tx.query(sql, [context.farmId, context.cowId, context.userId, ...values]);
};

/**
 * The demo farm's herd (DEMO installs only): 68 cows over every status, neck and pill sensors, cow types with
 * costs, readings in every filter band, and reproduction, health and status histories that follow the
 * lifecycle and the automatic dates of the farm's pregnancy-check days. The herd is written once, when the
 * demo farm has no cow yet; after that it belongs to whoever plays with the demo, and a restart keeps it.
 */
export const writeDemoHerd = async (tx: Queryable, options: DemoHerdOptions = {}): Promise<void> => {
  const ids = await findDemoFarm(tx);
  const typeIds = await writeCowTypes(tx, ids.farmId);
  const existing = await tx.query('SELECT 1 FROM cows WHERE farm_id = $1 LIMIT 1', [ids.farmId]);
  if (existing.length > 0) return;
  const days = await findSettings(tx, ids.farmId);
  const herd = planDemoHerd({
    now: options.now ?? new Date(),
    diagnosisDays: {
      ultrasonic: days.Ultrasonic,
      inspection: days.Inspection,
      rectal: days.Rectal,
      hormone: days.Hormone,
      external: days.External,
    },
  });
  const cowIds = new Map<string, number>();
  // Plan order puts every dam before her calves, so a dam's id exists when her calf is written.
  for (const cow of herd) {
    cowIds.set(cow.code, await insertCow(tx, ids.farmId, cow, typeIds, cowIds));
  }
  for (const cow of herd) {
    const context = { ...ids, cowId: cowIds.get(cow.code) ?? 0, cowIds };
    for (const record of cow.records) await writeRecord(tx, context, record);
  }
  // The farm's sensor inventory holds what its cows wear, as when a farm gives a cow a sensor in the app.
  await claimSensors(
    tx,
    ids.farmId,
    herd.flatMap((cow) => (cow.sensorId === null || cow.sensorId === undefined ? [] : [cow.sensorId])),
  );
};
