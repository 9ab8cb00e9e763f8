// A farm's herd as rows keyed by cow code (ids differ between farms), for comparing an export with what its
// import made; and every resource of an ADE file checked against the standard's schemas.
import { expect } from 'vitest';
import { ADE_COLLECTIONS, type AdeFile } from '@cowcare/contract/routes/exchange';
import { adeSchemaValidator } from '../src/modules/exchange/ade-schemas';
import { COLLECTION_SCHEMAS } from '../src/modules/exchange/ade-vocabulary';
import type { TestApp } from './helpers/test-app';

const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
const time = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** Every field an import keeps, of the farm's cows and records, sorted so two farms compare equal. */
export const herdOfFarm = async (testApp: TestApp, farmId: number) => {
  const rows = (sql: string) => testApp.db.query<Record<string, unknown>>(sql, [farmId]);
  return {
    cows: await rows(
      `SELECT c.code, c.sex, ${day('c.birthday')} AS birthday, c.status, c.parity, c.sire_code AS sire,
              d.code AS dam, c.culled_at IS NOT NULL AS culled,
              ${day('c.last_estrus_date')} AS "lastEstrus", ${day('c.last_fertilization_date')} AS "lastFertilization",
              ${day('c.last_calving_date')} AS "lastCalving"
         FROM cows c LEFT JOIN cows d ON d.id = c.dam_id WHERE c.farm_id = $1 ORDER BY c.code`,
    ),
    estrus: await rows(
      `SELECT c.code, ${time('r.estrus_at')} AS at, ${day("COALESCE(r.estrus_date, (r.estrus_at AT TIME ZONE 'UTC')::date)")} AS day,
              r.memo, ${day('r.next_expected_estrus_date')} AS next
         FROM estrus_records r JOIN cows c ON c.id = r.cow_id WHERE r.farm_id = $1 ORDER BY c.code, r.estrus_at`,
    ),
    fertilization: await rows(
      `SELECT c.code, ${time('r.planned_at')} AS at, r.method, r.actual_method AS "actualMethod", r.sire_code AS sire,
              r.memo, r.pregnancy_check_method AS "checkMethod", ${day('r.effective_service_date')} AS service
         FROM fertilization_records r JOIN cows c ON c.id = r.cow_id WHERE r.farm_id = $1 ORDER BY c.code, r.planned_at`,
    ),
    pregnancy: await rows(
      `SELECT c.code, ${time('r.diagnosed_at')} AS at, r.diagnosis_method AS method, r.result, r.memo
         FROM pregnancy_records r JOIN cows c ON c.id = r.cow_id WHERE r.farm_id = $1 ORDER BY c.code, r.diagnosed_at`,
    ),
    calving: await rows(
      `SELECT c.code, ${time('r.calved_at')} AS at, r.method, r.result, r.memo, calf.code AS calf
         FROM calving_records r JOIN cows c ON c.id = r.cow_id LEFT JOIN cows calf ON calf.id = r.calf_cow_id
        WHERE r.farm_id = $1 ORDER BY c.code, r.calved_at`,
    ),
    health: await rows(
      `SELECT c.code, ${day('h.diagnosed_on')} AS diagnosed, h.disease_code AS disease, h.diagnosis_text AS text,
              ${day('h.prescribed_on')} AS prescribed, h.prescription, h.memo
         FROM health_cases h JOIN cows c ON c.id = h.cow_id WHERE h.farm_id = $1
        ORDER BY c.code, h.diagnosed_on, h.diagnosis_text, h.prescription`,
    ),
    sensorHeats: await rows(
      `SELECT c.code, n.code AS notice, ${time('n.occurred_at')} AS at, n.details
         FROM notices n JOIN cows c ON c.id = n.cow_id WHERE n.farm_id = $1 AND n.code IN (101, 103)
        ORDER BY c.code, n.occurred_at, n.code`,
    ),
  };
};

/** Every resource of every list valid against its schema, and each list valid as its ICAR collection. */
export const expectValidAde = (file: AdeFile): number => {
  let checked = 0;
  for (const collection of ADE_COLLECTIONS) {
    const validate = adeSchemaValidator(COLLECTION_SCHEMAS[collection].schema);
    for (const resource of file[collection] ?? []) {
      const valid = validate(resource);
      expect(valid ? [] : validate.errors, `${collection}: ${JSON.stringify(resource)}`).toEqual([]);
      checked += 1;
    }
    const asCollection = adeSchemaValidator(
      COLLECTION_SCHEMAS[collection].schema.replace(/Resource$/, 'Collection'),
      'collections',
    );
    expect(asCollection({ member: file[collection] ?? [] }), collection).toBe(true);
  }
  return checked;
};
