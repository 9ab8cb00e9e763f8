import { MATING_METHOD_CODES } from '@cowcare/contract/routes/reproduction';
import {
  parseStoredStatus,
  PREGNANCY_RESULTS,
  storedStatusValue,
  type CowStatus,
} from '@cowcare/domain/cow-status';
import { ESTRUS_DETECTED_NOTICE_CODE } from '@cowcare/domain/notice-codes';
import type { HerdCow, HerdExitReason, ReproductionEvent } from '@cowcare/domain/reproduction-herd';
import type { Queryable } from '../../db/database';
import { lastMoveIntoStatusSql } from '../cows/status-changes';
import { matingMethodOf, storedCode } from '../reproduction/reproduction-codes';

// A farm's records mapped onto the domain's herd model (docs/kpis.md, "Input"). Days are the farmer's local
// days as the records keep them; rows written before those columns existed fall back to the UTC day.

interface CowRow {
  id: number;
  code: string;
  birthDate: string | null;
  sex: 'female' | 'male';
  cowTypeId: number | null;
  status: string;
  parity: number;
  createdDay: string;
  culledDay: string | null;
  fatteningDay: string | null;
}

interface EventRow {
  cowId: number;
  day: string;
}

const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
const utcDay = (column: string) => day(`(${column} AT TIME ZONE 'UTC')`);

const readCows = (db: Queryable, farmId: number) =>
  db.query<CowRow>(
    `SELECT c.id, c.code, ${day('c.birthday')} AS "birthDate", c.sex, c.cow_type_id AS "cowTypeId", c.status,
            c.parity, ${utcDay('c.created_at')} AS "createdDay", ${utcDay('c.culled_at')} AS "culledDay",
            ${utcDay(lastMoveIntoStatusSql('c', 2))} AS "fatteningDay"
       FROM cows c WHERE c.farm_id = $1`,
    [farmId, storedStatusValue('fattening')],
  );

const readHeats = (db: Queryable, farmId: number) =>
  db.query<EventRow & { source: 'observed' | 'detected' }>(
    `SELECT cow_id AS "cowId", coalesce(${day('estrus_date')}, ${utcDay('estrus_at')}) AS day,
            'observed' AS source
       FROM estrus_records WHERE farm_id = $1
     UNION ALL
     SELECT cow_id AS "cowId", ${utcDay('occurred_at')} AS day, 'detected' AS source
       FROM notices WHERE farm_id = $1 AND code = $2 AND cow_id IS NOT NULL`,
    [farmId, ESTRUS_DETECTED_NOTICE_CODE],
  );

const readServices = (db: Queryable, farmId: number) =>
  db.query<EventRow & { method: string; checkDay: string | null }>(
    `SELECT cow_id AS "cowId", ${day('effective_service_date')} AS day, coalesce(actual_method, method) AS method,
            ${day('pregnancy_check_date')} AS "checkDay"
       FROM fertilization_records WHERE farm_id = $1`,
    [farmId],
  );

const readChecks = (db: Queryable, farmId: number) =>
  db.query<EventRow & { result: string }>(
    `SELECT cow_id AS "cowId", coalesce(${day('diagnosis_date')}, ${utcDay('diagnosed_at')}) AS day, result
       FROM pregnancy_records WHERE farm_id = $1`,
    [farmId],
  );

const readCalvings = (db: Queryable, farmId: number) =>
  db.query<EventRow & { result: string; calfCowId: number | null }>(
    `SELECT cow_id AS "cowId", coalesce(${day('calving_date')}, ${utcDay('calved_at')}) AS day, result,
            calf_cow_id AS "calfCowId"
       FROM calving_records WHERE farm_id = $1`,
    [farmId],
  );

const exitOf = (cow: CowRow): { exitDate: string | null; exitReason: HerdExitReason | null } => {
  if (cow.culledDay !== null) return { exitDate: cow.culledDay, exitReason: 'culled' };
  const status: CowStatus | undefined = parseStoredStatus(cow.status);
  if (status === 'fattening' && cow.fatteningDay !== null) {
    return { exitDate: cow.fatteningDay, exitReason: 'fattening' };
  }
  return { exitDate: null, exitReason: null };
};

export interface FarmHerd {
  readonly cows: readonly HerdCow[];
  readonly codes: ReadonlyMap<number, string>;
}

/** Every cow of the farm with her reproduction events, culled and fattening ones included (they left). */
export async function readFarmHerd(db: Queryable, farmId: number): Promise<FarmHerd> {
  const [cows, heats, services, checks, calvings] = await Promise.all([
    readCows(db, farmId),
    readHeats(db, farmId),
    readServices(db, farmId),
    readChecks(db, farmId),
    readCalvings(db, farmId),
  ]);
  const events = new Map<number, ReproductionEvent[]>();
  const add = (cowId: number, event: ReproductionEvent) => {
    const list = events.get(cowId);
    if (list) list.push(event);
    else events.set(cowId, [event]);
  };
  for (const heat of heats) add(heat.cowId, { kind: 'heat', date: heat.day, source: heat.source });
  for (const service of services) {
    add(service.cowId, {
      kind: 'service',
      date: service.day,
      method: matingMethodOf(storedCode(MATING_METHOD_CODES, service.method, 'mating')),
      pregnancyCheckDate: service.checkDay,
    });
  }
  for (const check of checks) {
    add(check.cowId, {
      kind: 'pregnancyCheck',
      date: check.day,
      result: storedCode(PREGNANCY_RESULTS, check.result, 'pregnancy result'),
    });
  }
  const bornHere = new Set<number>();
  for (const calving of calvings) {
    add(calving.cowId, { kind: calving.result === 'abort' ? 'abortion' : 'calving', date: calving.day });
    if (calving.calfCowId !== null) bornHere.add(calving.calfCowId);
  }
  const herd = cows.map((cow): HerdCow => {
    const own = events.get(cow.id) ?? [];
    const calvingCount = own.filter((event) => event.kind === 'calving').length;
    return {
      id: cow.id,
      birthDate: cow.birthDate,
      sex: cow.sex,
      cowTypeId: cow.cowTypeId,
      entryDate: entryDateOf(cow, own, bornHere.has(cow.id)),
      ...exitOf(cow),
      status: parseStoredStatus(cow.status) ?? 'waitingForSettings',
      parityAtEntry: Math.max(0, cow.parity - calvingCount),
      events: own,
    };
  });
  return { cows: herd, codes: new Map(cows.map((cow) => [cow.id, cow.code])) };
}

/**
 * A cow is in the herd from the day she was born here, or else from the first day anything of her was
 * recorded: a farm that enters its past records after joining has had those cows since then.
 */
function entryDateOf(cow: CowRow, events: readonly ReproductionEvent[], bornHere: boolean): string {
  if (bornHere && cow.birthDate !== null) return cow.birthDate;
  return events.reduce((earliest, event) => (event.date < earliest ? event.date : earliest), cow.createdDay);
}
