import type { CowHistoryItem } from '@cowcare/contract/routes/cows';
import type { Queryable } from '../../db/database';

const utcTime = (expression: string) =>
  `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "time"`;
const day = (column: string, alias: string) => `to_char(${column}, 'YYYY-MM-DD') AS "${alias}"`;
const recordedBy = (alias: string) =>
  `LEFT JOIN users u ON u.id = ${alias}.created_by_user_id AND u.farm_id = ${alias}.farm_id`;

const STATUS_CHANGES = `
  SELECT 'statusChange' AS kind, s.id, ${utcTime('s.changed_at')},
         CASE WHEN s.changed_by_admin_id IS NOT NULL THEN 'support' ELSE u.name END AS "by",
         s.from_status AS "from", s.to_status AS "to", s.reason, s.forced
    FROM cow_status_changes s
    LEFT JOIN users u ON u.id = s.changed_by_user_id AND u.farm_id = s.farm_id
   WHERE s.cow_id = $1 AND s.farm_id = $2`;

const ESTRUS = `
  SELECT 'estrus' AS kind, r.id, ${utcTime('r.estrus_at')}, u.name AS "by", r.memo,
         ${day('r.next_expected_estrus_date', 'nextExpectedEstrus')},
         NOT r.next_expected_estrus_manual AS "nextExpectedEstrusAuto"
    FROM estrus_records r ${recordedBy('r')}
   WHERE r.cow_id = $1 AND r.farm_id = $2`;

const FERTILIZATION = `
  SELECT 'fertilization' AS kind, r.id, ${utcTime('r.planned_at')}, u.name AS "by", r.method,
         r.actual_method AS "actualMethod", r.sire_code AS "sireCode", r.memo,
         ${day('r.effective_service_date', 'effectiveServiceDate')},
         r.pregnancy_check_method AS "pregnancyCheckMethod", ${day('r.pregnancy_check_date', 'pregnancyCheckDate')},
         NOT r.pregnancy_check_manual AS "pregnancyCheckAuto"
    FROM fertilization_records r ${recordedBy('r')}
   WHERE r.cow_id = $1 AND r.farm_id = $2`;

const PREGNANCY = `
  SELECT 'pregnancy' AS kind, r.id, ${utcTime('r.diagnosed_at')}, u.name AS "by", r.diagnosis_method AS method,
         r.result, r.memo, ${day('r.expected_calving_date', 'expectedCalving')},
         NOT r.expected_calving_manual AS "expectedCalvingAuto",
         ${day('r.expected_estrus_date', 'nextExpectedEstrus')}, NOT r.expected_estrus_manual AS "nextExpectedEstrusAuto"
    FROM pregnancy_records r ${recordedBy('r')}
   WHERE r.cow_id = $1 AND r.farm_id = $2`;

const CALVING = `
  SELECT 'calving' AS kind, r.id, ${utcTime('r.calved_at')}, u.name AS "by", r.method, r.result, r.memo,
         ${day('r.expected_estrus_date', 'expectedEstrus')}, NOT r.expected_estrus_manual AS "expectedEstrusAuto",
         r.calf_cow_id AS "calfId"
    FROM calving_records r ${recordedBy('r')}
   WHERE r.cow_id = $1 AND r.farm_id = $2`;

// A health case is dated by day; its place in the timeline is that day's start in UTC.
const HEALTH_CASES = `
  SELECT 'healthCase' AS kind, r.id, ${utcTime("r.diagnosed_on::timestamp AT TIME ZONE 'UTC'")}, u.name AS "by",
         ${day('r.diagnosed_on', 'diagnosedOn')}, r.disease_code AS "diseaseCode", r.diagnosis_text AS diagnosis,
         ${day('r.prescribed_on', 'prescribedOn')}, r.prescription, r.memo,
         (SELECT count(*) FROM health_case_uploads hu WHERE hu.health_case_id = r.id)::int AS "fileCount"
    FROM health_cases r ${recordedBy('r')}
   WHERE r.cow_id = $1 AND r.farm_id = $2`;

const QUERIES = [STATUS_CHANGES, ESTRUS, FERTILIZATION, PREGNANCY, CALVING, HEALTH_CASES];

/** At the same instant a status change is shown above the record that caused it, as it came after. */
const kindRank = (item: CowHistoryItem): number => (item.kind === 'statusChange' ? 0 : 1);

const newestFirst = (a: CowHistoryItem, b: CowHistoryItem): number =>
  b.time.localeCompare(a.time) || kindRank(a) - kindRank(b) || b.id - a.id;

/**
 * The cow's whole timeline. Every query is held to the cow's farm as well as the cow, so a row written
 * against the wrong farm could never surface here.
 */
export const cowTimeline = async (
  db: Queryable,
  cow: { id: number; farmId: number },
): Promise<CowHistoryItem[]> => {
  const items: CowHistoryItem[] = [];
  for (const sql of QUERIES) items.push(...(await db.query<CowHistoryItem>(sql, [cow.id, cow.farmId])));
  return items.sort(newestFirst);
};
