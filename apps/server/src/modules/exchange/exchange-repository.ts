import { storedStatusValue } from '@cowcare/domain/cow-status';
import type { Queryable } from '../../db/database';
import { lastMoveIntoStatusSql } from '../cows/status-changes';
import { dayText, eventDayText, utcTimeText } from '../reproduction/sql-text';

// What an export reads: the farm, its cows and sensors whole, its events of the period.

export interface Period {
  from: string | null;
  to: string | null;
}

/** `AND <day> BETWEEN …` for the period's ends that are set; parameters from $2 on. */
const periodFilter = (day: string, period: Period): { sql: string; params: string[] } => {
  const parts: string[] = [];
  const params: string[] = [];
  if (period.from) {
    params.push(period.from);
    parts.push(`${day} >= $${params.length + 1}::date`);
  }
  if (period.to) {
    params.push(period.to);
    parts.push(`${day} <= $${params.length + 1}::date`);
  }
  return { sql: parts.map((part) => ` AND ${part}`).join(''), params };
};

const inPeriod = <Row extends object>(
  db: Queryable,
  select: string,
  day: string,
  farmId: number,
  period: Period,
  order: string,
) => {
  const filter = periodFilter(day, period);
  return db.query<Row>(`${select} WHERE farm_id = $1${filter.sql} ORDER BY ${order}`, [
    farmId,
    ...filter.params,
  ]);
};

export interface ExportFarm {
  farmNumber: string;
  country: string;
  city: string;
}

export const readExportFarm = async (db: Queryable, farmId: number): Promise<ExportFarm> => {
  const [farm] = await db.query<ExportFarm>(
    'SELECT farm_number AS "farmNumber", country, city FROM farms WHERE id = $1',
    [farmId],
  );
  if (!farm) throw new Error(`farm ${farmId} vanished`);
  return farm;
};

export const readExportPaddocks = (db: Queryable, farmId: number) =>
  db.query<{ id: number; name: string }>('SELECT id, name FROM paddocks WHERE farm_id = $1 ORDER BY id', [
    farmId,
  ]);

export interface ExportCow {
  id: number;
  code: string;
  sensorId: number | null;
  status: string;
  parity: number;
  birthday: string | null;
  sex: 'female' | 'male';
  damId: number | null;
  sireCode: string | null;
  culledAt: string | null;
  /** When she joined the farm's books (the herd figures count her from then). */
  joinedAt: string;
  /** When she was moved to fattening, for a cow in fattening: she left the breeding herd then. */
  fatteningAt: string | null;
  updatedAt: string;
}

export const readExportCows = (db: Queryable, farmId: number) =>
  db.query<ExportCow>(
    `SELECT id, code, sensor_id AS "sensorId", status, parity, ${dayText('birthday', 'birthday')}, sex,
            dam_id AS "damId", sire_code AS "sireCode", ${utcTimeText('culled_at', 'culledAt')},
            ${utcTimeText('created_at', 'joinedAt')}, ${utcTimeText('updated_at', 'updatedAt')},
            ${utcTimeText(lastMoveIntoStatusSql('cows', 2), 'fatteningAt')}
       FROM cows WHERE farm_id = $1 ORDER BY id`,
    [farmId, storedStatusValue('fattening')],
  );

/** The farm's sensors (registered, or worn by an active cow) with the active cow wearing each. */
export const readExportSensors = (db: Queryable, farmId: number) =>
  db.query<{ sensor: number; cowId: number | null; online: boolean | null }>(
    `SELECT s.sensor_id AS sensor, c.id AS "cowId", c.sensor_online AS online
       FROM (SELECT sensor_id FROM sensors WHERE farm_id = $1
             UNION SELECT sensor_id FROM cows WHERE farm_id = $1 AND sensor_id IS NOT NULL AND culled_at IS NULL) s
       LEFT JOIN cows c ON c.farm_id = $1 AND c.sensor_id = s.sensor_id AND c.culled_at IS NULL
      ORDER BY s.sensor_id`,
    [farmId],
  );

export interface ExportEvent {
  id: number;
  cowId: number;
  at: string;
  day: string;
  memo: string;
  createdAt: string;
}

export const readExportEstrus = (db: Queryable, farmId: number, period: Period) =>
  inPeriod<ExportEvent>(
    db,
    `SELECT id, cow_id AS "cowId", ${utcTimeText('estrus_at', 'at')}, ${eventDayText('estrus_date', 'estrus_at', 'day')},
            memo, ${utcTimeText('created_at', 'createdAt')} FROM estrus_records`,
    `COALESCE(estrus_date, (estrus_at AT TIME ZONE 'UTC')::date)`,
    farmId,
    period,
    'estrus_at, id',
  );

export type ExportFertilization = ExportEvent & {
  method: string;
  actualMethod: string | null;
  sireCode: string | null;
  pregnancyCheckMethod: string;
};

export const readExportFertilizations = (db: Queryable, farmId: number, period: Period) =>
  inPeriod<ExportFertilization>(
    db,
    `SELECT id, cow_id AS "cowId", ${utcTimeText('planned_at', 'at')}, ${eventDayText('planned_date', 'planned_at', 'day')},
            memo, ${utcTimeText('created_at', 'createdAt')}, method, actual_method AS "actualMethod",
            sire_code AS "sireCode", pregnancy_check_method AS "pregnancyCheckMethod"
       FROM fertilization_records`,
    `COALESCE(planned_date, (planned_at AT TIME ZONE 'UTC')::date)`,
    farmId,
    period,
    'planned_at, id',
  );

export type ExportPregnancy = ExportEvent & { method: string; result: string };

export const readExportPregnancies = (db: Queryable, farmId: number, period: Period) =>
  inPeriod<ExportPregnancy>(
    db,
    `SELECT id, cow_id AS "cowId", ${utcTimeText('diagnosed_at', 'at')},
            ${eventDayText('diagnosis_date', 'diagnosed_at', 'day')}, memo, ${utcTimeText('created_at', 'createdAt')},
            diagnosis_method AS method, result
       FROM pregnancy_records`,
    `COALESCE(diagnosis_date, (diagnosed_at AT TIME ZONE 'UTC')::date)`,
    farmId,
    period,
    'diagnosed_at, id',
  );

export type ExportCalving = ExportEvent & { method: string; result: string; calfId: number | null };

export const readExportCalvings = (db: Queryable, farmId: number, period: Period) =>
  inPeriod<ExportCalving>(
    db,
    `SELECT id, cow_id AS "cowId", ${utcTimeText('calved_at', 'at')}, ${eventDayText('calving_date', 'calved_at', 'day')},
            memo, ${utcTimeText('created_at', 'createdAt')}, method, result, calf_cow_id AS "calfId"
       FROM calving_records`,
    `COALESCE(calving_date, (calved_at AT TIME ZONE 'UTC')::date)`,
    farmId,
    period,
    'calved_at, id',
  );

export interface ExportSensorHeat {
  id: number;
  cowId: number;
  sensorId: number | null;
  code: number;
  at: string;
  details: Record<string, unknown>;
  createdAt: string;
}

/** The heats a sensor detected: 101 (detected) and 103 (suspected) notices of a cow. */
export const readExportSensorHeats = (db: Queryable, farmId: number, period: Period) =>
  inPeriod<ExportSensorHeat>(
    db,
    `SELECT id::int AS id, cow_id AS "cowId", sensor_id AS "sensorId", code, ${utcTimeText('occurred_at', 'at')},
            details, ${utcTimeText('created_at', 'createdAt')}
       FROM (SELECT * FROM notices WHERE code IN (101, 103) AND cow_id IS NOT NULL) heat_notices`,
    `(occurred_at AT TIME ZONE 'UTC')::date`,
    farmId,
    period,
    'occurred_at, id',
  );

export interface ExportHealthCase {
  id: number;
  cowId: number;
  diagnosedOn: string;
  diseaseCode: string | null;
  diagnosisText: string;
  prescribedOn: string | null;
  prescription: string;
  memo: string;
  updatedAt: string;
}

export const readExportHealthCases = (db: Queryable, farmId: number, period: Period) =>
  inPeriod<ExportHealthCase>(
    db,
    `SELECT id, cow_id AS "cowId", ${dayText('diagnosed_on', 'diagnosedOn')}, disease_code AS "diseaseCode",
            diagnosis_text AS "diagnosisText", ${dayText('prescribed_on', 'prescribedOn')}, prescription, memo,
            ${utcTimeText('updated_at', 'updatedAt')}
       FROM health_cases`,
    'diagnosed_on',
    farmId,
    period,
    'diagnosed_on, id',
  );
