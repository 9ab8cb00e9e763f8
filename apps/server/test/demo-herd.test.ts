import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { addDays } from '@cowcare/domain/calendar-date';
import { COW_STATUSES, storedStatusValue } from '@cowcare/domain/cow-status';
import { DEFAULT_DIAGNOSIS_DAYS } from '@cowcare/domain/reproduction-dates';
import { DEMO_FARM_NUMBER } from '../src/seed/demo-credentials';
import { DEMO_FARM_UTC_OFFSET, demoFarmDay } from '../src/seed/demo-cow-story';
import { planDemoHerd } from '../src/seed/demo-herd-readings';
import { runSeed } from '../src/seed/run-seed';
import { demoCowList, logInAsDemo } from './demo-fixtures';
import { call, createTestApp, type TestApp } from './helpers/test-app';

let testApp: TestApp;
let token: string;
let cows: Cow[];
const seededAt = new Date();

const HERD_TABLES = [
  'cows',
  'cow_types',
  'cow_status_changes',
  'estrus_records',
  'fertilization_records',
  'pregnancy_records',
  'calving_records',
  'health_cases',
] as const;

const snapshot = async () => {
  const tables: Record<string, unknown[]> = {};
  for (const table of HERD_TABLES) {
    tables[table] = await testApp.db.query(`SELECT * FROM ${table} ORDER BY id`);
  }
  return tables;
};

const rows = <Row extends object>(sql: string, params: unknown[] = []) => testApp.db.query<Row>(sql, params);

beforeAll(async () => {
  testApp = await createTestApp();
  await runSeed(testApp.db, { demo: true });
  token = await logInAsDemo(testApp);
  cows = await demoCowList(testApp, token);
}, 120_000);
afterAll(() => testApp.close());

const countBy = <T>(items: readonly T[], key: (item: T) => string | null) => {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const name = key(item);
    if (name !== null) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
};

describe('the demo herd as the demo user sees it', () => {
  it('has at least 60 cows over every status, a few of them culled', () => {
    expect(cows.length).toBeGreaterThanOrEqual(60);
    const statuses = countBy(cows, (cow) => cow.status);
    expect(Object.keys(statuses).sort()).toEqual(COW_STATUSES.map(storedStatusValue).sort());
    expect(statuses['도태']).toBeGreaterThanOrEqual(2);
    for (const cow of cows) expect(cow.culledAt !== null, cow.code).toBe(cow.status === '도태');
  });

  it('wears both sensor kinds, and a few cows wear none', () => {
    const kinds = countBy(cows, (cow) => cow.sensorKind ?? 'none');
    expect(kinds.neck).toBeGreaterThanOrEqual(10);
    expect(kinds.pill).toBeGreaterThanOrEqual(10);
    expect(kinds.none).toBeGreaterThanOrEqual(3);
    for (const cow of cows) {
      if (cow.sensor !== null) expect(cow.sensorKind, cow.code).toBe(cow.sensor >= 40000 ? 'neck' : 'pill');
    }
  });

  it('writes no sensor values: every sensor starts as never heard, its readings to come through the ingest', () => {
    const wearing = cows.filter((cow) => cow.sensor !== null && cow.status !== '도태');
    expect(wearing.length).toBeGreaterThanOrEqual(30);
    for (const cow of wearing) {
      expect(cow, cow.code).toMatchObject({ sensorzt: 0, fever: null, activity: null, lastReadingAt: null });
    }
    // No tempadd of their own: on a healthy cow it would only move her reading towards Low (decision 0013).
    expect(wearing.filter((cow) => cow.tempadd !== null).map((cow) => cow.code)).toEqual([]);
  });

  it('sorts cows into the typed buckets, and some stay uncategorized', async () => {
    const types = await rows<{ name: string; cost: number }>(
      `SELECT t.name, t.cost_minor AS cost FROM cow_types t JOIN farms f ON f.id = t.farm_id
        WHERE f.farm_number = $1 ORDER BY t.name`,
      [DEMO_FARM_NUMBER],
    );
    expect(types).toEqual([
      { name: 'Breeding', cost: 5000 },
      { name: 'Fattening', cost: 0 },
      { name: 'Heifers', cost: 2000 },
    ]);
    const buckets = countBy(cows, (cow) => cow.typename ?? 'uncategorized');
    expect(Object.keys(buckets).sort()).toEqual(['Breeding', 'Fattening', 'Heifers', 'uncategorized']);
    for (const cow of cows.filter((cow) => cow.status === '비육')) {
      expect(cow.typename, cow.code).toBe('Fattening');
    }
  });

  it('shows automatic and hand-set reproduction dates', () => {
    expect(cows.some((cow) => cow.pregnancyTest !== null && !cow.pregnancyTestAuto)).toBe(true);
    expect(cows.some((cow) => cow.expectedDelivery !== null && !cow.expectedDeliveryAuto)).toBe(true);
    expect(cows.some((cow) => cow.expectedEstrus !== null && !cow.expectedEstrusAuto)).toBe(true);
    expect(cows.filter((cow) => cow.pregnancyTest !== null && cow.pregnancyTestAuto).length).toBeGreaterThan(
      10,
    );
  });

  it('links calves to their dams, and each dam records that calving', async () => {
    const calves = cows.filter((cow) => cow.damId !== null);
    expect(calves.length).toBeGreaterThanOrEqual(3);
    for (const calf of calves) {
      const dam = cows.find((cow) => cow.id === calf.damId);
      expect(dam?.sex, calf.code).toBe('female');
      const [calving] = await rows<{ day: string }>(
        `SELECT to_char(calving_date, 'YYYY-MM-DD') AS day FROM calving_records
          WHERE cow_id = $1 AND calf_cow_id = $2`,
        [calf.damId, calf.id],
      );
      expect(calving?.day, calf.code).toBe(calf.birthday);
    }
  });

  it("answers the sensor page's totals", async () => {
    const response = await call(testApp, api.cows.sensorPage, {
      token,
      params: { FarmNumber: DEMO_FARM_NUMBER, country: 'KR' },
    });
    const { sensors, totals } = response.json<{
      data: { sensors: unknown[]; totals: Record<string, number> };
    }>().data;
    const wearing = cows.filter((cow) => cow.sensor !== null && cow.status !== '도태');
    expect(sensors).toHaveLength(wearing.length);
    expect(totals).toEqual({
      neck: wearing.filter((cow) => cow.sensorKind === 'neck').length,
      pill: wearing.filter((cow) => cow.sensorKind === 'pill').length,
      online: wearing.filter((cow) => cow.sensorzt === 1).length,
      offline: wearing.filter((cow) => cow.sensorzt === 0).length,
    });
  });
});

describe('the demo herd follows the lifecycle and the automatic dates', () => {
  it('gives every fertilization its service and pregnancy-check dates from the dictionary and the farm days', async () => {
    const fertilizations = await rows<{
      planned: string;
      service: string;
      check: string;
      addDays: number;
      days: number;
    }>(
      `SELECT to_char(r.planned_date, 'YYYY-MM-DD') AS planned,
              to_char(r.effective_service_date, 'YYYY-MM-DD') AS service,
              to_char(r.pregnancy_check_date, 'YYYY-MM-DD') AS "check", d.add_days AS "addDays",
              CASE r.pregnancy_check_method WHEN 'ultrasonic' THEN s.ultrasonic_days WHEN 'inspection' THEN s.inspection_days
                   WHEN 'rectal' THEN s.rectal_days WHEN 'hormone' THEN s.hormone_days ELSE s.external_days END AS days
         FROM fertilization_records r
         JOIN config_dictionary d ON d.dictionary = 'mating' AND d.code = r.method
         JOIN farm_settings s ON s.farm_id = r.farm_id`,
    );
    expect(fertilizations.length).toBeGreaterThanOrEqual(30);
    for (const record of fertilizations) {
      expect(record.service).toBe(addDays(record.planned, record.addDays));
      expect(record.check).toBe(addDays(record.service, record.days));
    }
    const methods = await rows<{ method: string }>(
      'SELECT DISTINCT method FROM fertilization_records ORDER BY 1',
    );
    expect(methods.map((row) => row.method)).toEqual([
      'artificial-insemination',
      'embryo-transfer',
      'natural',
    ]);
  });

  it('expects calving 285 days after service, estrus 21 days after estrus and 60 days after calving', async () => {
    const pregnancies = await rows<{ service: string; expected: string }>(
      `SELECT to_char(f.effective_service_date, 'YYYY-MM-DD') AS service,
              to_char(p.expected_calving_date, 'YYYY-MM-DD') AS expected
         FROM pregnancy_records p
         JOIN LATERAL (SELECT effective_service_date FROM fertilization_records f
                        WHERE f.cow_id = p.cow_id AND f.planned_at <= p.diagnosed_at
                        ORDER BY f.planned_at DESC LIMIT 1) f ON true
        WHERE p.result = 'pregnant'`,
    );
    expect(pregnancies.length).toBeGreaterThanOrEqual(20);
    for (const row of pregnancies) expect(row.expected).toBe(addDays(row.service, 285));
    const estrus = await rows<{ day: string; next: string }>(
      `SELECT to_char(estrus_date, 'YYYY-MM-DD') AS day,
              to_char(next_expected_estrus_date, 'YYYY-MM-DD') AS next FROM estrus_records`,
    );
    for (const row of estrus) expect(row.next).toBe(addDays(row.day, 21));
    const calvings = await rows<{ day: string; next: string }>(
      `SELECT to_char(calving_date, 'YYYY-MM-DD') AS day,
              to_char(expected_estrus_date, 'YYYY-MM-DD') AS next FROM calving_records`,
    );
    expect(calvings.length).toBeGreaterThanOrEqual(8);
    for (const row of calvings) expect(row.next).toBe(addDays(row.day, 60));
  });

  it('records a status history that starts at creation, chains without gaps and ends at the status', async () => {
    const changes = await rows<{
      cowId: number;
      from: string | null;
      to: string;
      reason: string;
      forced: boolean;
    }>(
      `SELECT cow_id AS "cowId", from_status AS "from", to_status AS "to", reason, forced
         FROM cow_status_changes ORDER BY cow_id, changed_at, id`,
    );
    for (const cow of cows) {
      const chain = changes.filter((change) => change.cowId === cow.id);
      expect(chain[0], cow.code).toMatchObject({ from: null, reason: 'created', forced: false });
      chain.slice(1).forEach((change, index) => expect(change.from, cow.code).toBe(chain[index]?.to));
      expect(chain.at(-1)?.to, cow.code).toBe(cow.status);
      if (cow.status === '도태') expect(chain.at(-1)?.reason, cow.code).toBe('eliminate');
      if (cow.status === '포유') expect(chain.at(-1)?.reason, cow.code).toBe('calving');
      if (cow.status === '임신') expect(chain.at(-1)?.reason, cow.code).toBe('pregnancy');
      if (cow.status === '임신감정') expect(chain.at(-1)?.reason, cow.code).toBe('fertilization');
    }
    const forced = new Set(changes.filter((change) => change.forced).map((change) => change.reason));
    expect(forced).toEqual(new Set(['end-lactation', 'convert-to-fattening', 'eliminate']));
  });

  it("keeps each cow's automatic dates equal to its latest record's", async () => {
    // A calving after the latest insemination ends its cycle, and its check with it.
    const latest = await rows<{ cowId: number; check: string | null; calving: string | null }>(
      `SELECT c.id AS "cowId",
              (SELECT to_char(pregnancy_check_date, 'YYYY-MM-DD') FROM fertilization_records f
                WHERE f.cow_id = c.id
                  AND NOT EXISTS (SELECT 1 FROM calving_records k
                                   WHERE k.cow_id = c.id AND k.calved_at >= f.planned_at)
                ORDER BY planned_at DESC LIMIT 1) AS "check",
              (SELECT to_char(expected_calving_date, 'YYYY-MM-DD') FROM pregnancy_records p
                WHERE p.cow_id = c.id ORDER BY diagnosed_at DESC LIMIT 1) AS calving
         FROM cows c`,
    );
    for (const cow of cows) {
      const record = latest.find((row) => row.cowId === cow.id);
      if (cow.pregnancyTestAuto) expect(cow.pregnancyTest, cow.code).toBe(record?.check ?? null);
      if (cow.status === '임신' && cow.expectedDeliveryAuto) {
        expect(cow.expectedDelivery, cow.code).toBe(record?.calving);
      }
    }
  });

  it("dates no record after the farm's seeding day and none before its cow was registered", async () => {
    const tomorrow = new Date(`${addDays(demoFarmDay(seededAt), 1)}T00:00:00${DEMO_FARM_UTC_OFFSET}`);
    const [late] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT estrus_at AS t, cow_id FROM estrus_records UNION ALL SELECT planned_at, cow_id FROM fertilization_records
         UNION ALL SELECT diagnosed_at, cow_id FROM pregnancy_records UNION ALL SELECT calved_at, cow_id FROM calving_records
         UNION ALL SELECT diagnosed_on::timestamptz, cow_id FROM health_cases) r
        JOIN cows c ON c.id = r.cow_id
       WHERE r.t >= $1 OR r.t < date_trunc('day', c.created_at)`,
      [tomorrow.toISOString()],
    );
    expect(late?.n).toBe(0);
  });

  it("keeps each record's day the farm's own: the day its time falls on in Korea, as the cow's dates say", async () => {
    const days = await rows<{ cowId: number; at: string; day: string }>(
      `SELECT cow_id AS "cowId", to_char(planned_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD') AS at,
              to_char(planned_date, 'YYYY-MM-DD') AS day
         FROM fertilization_records`,
    );
    expect(days.length).toBeGreaterThan(10);
    for (const { at, day } of days) expect(day).toBe(at);
    for (const cow of cows.filter((candidate) => candidate.lastFertilization !== null)) {
      const latest = days
        .filter((row) => row.cowId === cow.id)
        .map((row) => row.day)
        .sort()
        .at(-1);
      expect(cow.lastFertilization, cow.code).toBe(latest);
    }
  });

  it('has health cases, fevers among them, and lets a culled sensor be worn again', async () => {
    const cases = await rows<{ disease: string | null }>('SELECT disease_code AS disease FROM health_cases');
    expect(cases.length).toBeGreaterThanOrEqual(6);
    expect(cases.map((row) => row.disease)).toEqual(expect.arrayContaining(['mastitis', 'pneumonia', null]));
    const culledSensors = cows
      .filter((cow) => cow.status === '도태' && cow.sensor !== null)
      .map((cow) => cow.sensor);
    const activeSensors = new Set(cows.filter((cow) => cow.status !== '도태').map((cow) => cow.sensor));
    expect(culledSensors.some((sensor) => activeSensors.has(sensor))).toBe(true);
  });
});

describe('seeding the demo herd', () => {
  it('changes nothing when run again', async () => {
    const before = await snapshot();
    await runSeed(testApp.db, { demo: true });
    expect(await snapshot()).toEqual(before);
  });

  it('plans the same herd for the same moment', () => {
    const input = { now: new Date('2025-06-15T09:30:00Z'), diagnosisDays: DEFAULT_DIAGNOSIS_DAYS };
    const herd = planDemoHerd(input);
    expect(planDemoHerd(input)).toEqual(herd);
    expect(herd.map((cow) => cow.code).slice(0, 3)).toEqual(['C1001', 'C1002', 'C1003']);
    expect(herd).toHaveLength(cows.length);
  });
});
