import { catalog } from '@cowcare/locales/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openPgliteDatabase } from '../src/db/pglite-database';
import { verifyPassword } from '../src/modules/auth/passwords';
import {
  DEFAULT_SUPPORT_PASSWORD,
  DEMO_BOSS_PASSWORD,
  DEMO_FARM_NUMBER,
  DEMO_PASSWORD,
  DEMO_USERNAME,
  SUPPORT_USERNAME,
} from '../src/seed/demo-farm';
import { runSeed } from '../src/seed/run-seed';
import { DEMO_FARM_POINT, DEMO_GRAZING_AREA, DEMO_PADDOCK, wearsGpsCollar } from '../src/seed/demo-pasture';
import { pointInPolygon } from '@cowcare/domain/geo-fence';

const SEEDED_TABLES = [
  'farms',
  'users',
  'farm_settings',
  'admin_users',
  'system_info',
  'config_dictionary',
  'translation_strings',
  'news',
  'farm_locations',
  'paddocks',
  'cow_paddocks',
  'pen_locations',
] as const;
const LANGUAGE_COLUMNS = ['ch', 'ko', 'en', 'pty', 'rb', 'ru', 'th', 'idn', 'vn'] as const;

/** Every row of every seeded table, ordered, so two snapshots are equal only if nothing changed. */
const snapshot = async (db: Database) => {
  const tables: Record<string, unknown[]> = {};
  for (const table of SEEDED_TABLES) {
    tables[table] = await db.query(`SELECT * FROM ${table} ORDER BY 1`);
  }
  return tables;
};

const dictionary = (db: Database, name: string) =>
  db.query<{ code: string; label_ch: string; label_ko: string; label_en: string; add_days: number | null }>(
    'SELECT code, label_ch, label_ko, label_en, add_days FROM config_dictionary WHERE dictionary = $1 ORDER BY sort_order',
    [name],
  );

describe('seed with demo on', () => {
  let db: Database;
  let afterFirstRun: Record<string, unknown[]>;

  beforeAll(async () => {
    db = await openPgliteDatabase(undefined);
    await migrate(db);
    await runSeed(db, { demo: true });
    afterFirstRun = await snapshot(db);
    await runSeed(db, { demo: true });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  it('changes nothing and duplicates nothing when run a second time', async () => {
    expect(await snapshot(db)).toEqual(afterFirstRun);
    const counts = Object.fromEntries(
      Object.entries(afterFirstRun).map(([table, rows]) => [table, rows.length]),
    );
    expect(counts).toMatchObject({
      farms: 1,
      users: 1,
      farm_settings: 1,
      admin_users: 1,
      system_info: 1,
      news: 5,
      farm_locations: 1,
      paddocks: 1,
      pen_locations: 3,
    });
  });

  it('writes system info record 1 with the app version', async () => {
    const rows = await db.query<{ id: number; app_name: string; version: string; version_code: number }>(
      'SELECT id, app_name, version, version_code, service_email, service_phone FROM system_info',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, app_name: 'CowCare', version: '1.5.90', version_code: 190 });
  });

  it('writes the mating methods with their add-days', async () => {
    const rows = await dictionary(db, 'mating');
    expect(rows.map((row) => [row.code, row.add_days])).toEqual([
      ['artificial-insemination', 1],
      ['natural', 0],
      ['embryo-transfer', 7],
    ]);
  });

  it('writes the diagnosis methods with their default days', async () => {
    const rows = await dictionary(db, 'diagnosisMethod');
    expect(rows.map((row) => [row.code, row.add_days])).toEqual([
      ['ultrasonic', 40],
      ['inspection', 60],
      ['rectal', 60],
      ['hormone', 51],
      ['external', 60],
    ]);
  });

  it('writes every dictionary with labels in ch, ko and en', async () => {
    const expected: Record<string, string[]> = {
      calvingMethod: ['normal', 'abnormal', 'premature'],
      calvingResult: ['cow', 'bull', 'abort', 'stillbirth', 'other'],
      pregnancyStatus: ['pregnant', 'unpregnant', 'abort'],
      disease: [
        'foot-and-mouth',
        'ruminal-impaction',
        'mastitis',
        'ketosis',
        'milk-fever',
        'lameness',
        'metritis',
        'displaced-abomasum',
        'pneumonia',
        'diarrhoea',
      ],
    };
    for (const [name, codes] of Object.entries(expected)) {
      const rows = await dictionary(db, name);
      expect(
        rows.map((row) => row.code),
        name,
      ).toEqual(codes);
      expect(
        rows.every((row) => row.add_days === null),
        name,
      ).toBe(true);
    }
    const all = await db.query<{ label_ch: string; label_ko: string; label_en: string }>(
      'SELECT label_ch, label_ko, label_en FROM config_dictionary',
    );
    expect(all).toHaveLength(29);
    for (const row of all) {
      expect(row.label_ch).toMatch(/\p{Script=Han}/u);
      expect(row.label_ko).toMatch(/\p{Script=Hangul}/u);
      expect(row.label_en).toMatch(/^[A-Z][a-z -]+$/);
    }
  });

  it('writes one translation row per catalog key, with every language filled', async () => {
    const rows = await db.query<Record<(typeof LANGUAGE_COLUMNS)[number] | 'key', string>>(
      'SELECT * FROM translation_strings',
    );
    const keys = Object.keys(catalog.en);
    expect(keys.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(keys.length);
    expect(new Set(rows.map((row) => row.key))).toEqual(new Set(keys));
    for (const row of rows) {
      for (const column of LANGUAGE_COLUMNS) expect(row[column].trim(), `${row.key}.${column}`).not.toBe('');
      expect(row.en).toBe(catalog.en[row.key]);
    }
  });

  it('creates the demo user and farm with working passwords', async () => {
    const [user] = await db.query<{
      password_hash: string;
      language: string;
      sensor_filter: string;
      farm_number: string;
      country: string;
      boss_password_hash: string;
    }>(
      `SELECT u.password_hash, u.language, u.sensor_filter, f.farm_number, f.country, f.boss_password_hash
         FROM users u JOIN farms f ON f.id = u.farm_id WHERE u.username = $1`,
      [DEMO_USERNAME],
    );
    expect(user).toMatchObject({
      language: 'en',
      sensor_filter: 'zts',
      farm_number: DEMO_FARM_NUMBER,
      country: 'KR',
    });
    expect(await verifyPassword(user!.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(user!.password_hash, 'wrong-password')).toBe(false);
    expect(await verifyPassword(user!.boss_password_hash, DEMO_BOSS_PASSWORD)).toBe(true);
  });

  it('gives the demo farm the default pregnancy-check days', async () => {
    const [settings] = await db.query(
      `SELECT ultrasonic_days, inspection_days, rectal_days, hormone_days, external_days
         FROM farm_settings s JOIN farms f ON f.id = s.farm_id WHERE f.farm_number = $1`,
      [DEMO_FARM_NUMBER],
    );
    expect(settings).toEqual({
      ultrasonic_days: 40,
      inspection_days: 60,
      rectal_days: 60,
      hormone_days: 51,
      external_days: 60,
    });
  });

  it('creates the support administrator', async () => {
    const [admin] = await db.query<{ password_hash: string; name: string }>(
      'SELECT password_hash, name FROM admin_users WHERE username = $1',
      [SUPPORT_USERNAME],
    );
    expect(admin?.name).toBe('CowCare Support');
    expect(await verifyPassword(admin!.password_hash, DEFAULT_SUPPORT_PASSWORD)).toBe(true);
  });

  it('publishes the news in the past, newest first', async () => {
    const rows = await db.query<{ title: string; published_at: Date }>(
      'SELECT t.title, n.published_at FROM news n JOIN news_texts t ON t.news_id = n.id ORDER BY n.published_at DESC',
    );
    expect(new Set(rows.map((row) => row.title)).size).toBe(5);
    for (const row of rows) expect(new Date(row.published_at).getTime()).toBeLessThan(Date.now());
  });
  it("places the demo farm, its paddock with the GPS-collar cows in it and its pens, and keeps the user's changes", async () => {
    const [farm] = await db.query<{ id: number; lat: number; lon: number }>(
      `SELECT f.id, l.lat, l.lon FROM farms f JOIN farm_locations l ON l.farm_id = f.id WHERE f.farm_number = $1`,
      [DEMO_FARM_NUMBER],
    );
    expect(farm).toMatchObject(DEMO_FARM_POINT);
    const inPaddock = await db.query<{ sensorId: number }>(
      `SELECT c.sensor_id AS "sensorId" FROM cow_paddocks cp JOIN cows c ON c.id = cp.cow_id
        JOIN paddocks p ON p.id = cp.paddock_id WHERE p.farm_id = $1 AND p.name = $2 ORDER BY c.sensor_id`,
      [farm?.id, DEMO_PADDOCK.name],
    );
    const collars = await db.query<{ sensorId: number }>(
      `SELECT sensor_id AS "sensorId" FROM cows WHERE farm_id = $1 AND culled_at IS NULL AND sensor_id >= 40000
        ORDER BY sensor_id`,
      [farm?.id],
    );
    expect(inPaddock).toEqual(collars.filter((cow) => wearsGpsCollar(cow.sensorId)));
    expect(inPaddock.length).toBeGreaterThanOrEqual(10);
    // The area the simulator grazes them in lies inside the fence, corner by corner.
    const { south, north, west, east } = DEMO_GRAZING_AREA;
    for (const corner of [
      { lat: south, lon: west },
      { lat: south, lon: east },
      { lat: north, lon: west },
      { lat: north, lon: east },
    ]) {
      expect(pointInPolygon(corner, DEMO_PADDOCK.boundary)).toBe(true);
    }

    // The demo user moved the farm and deleted the paddock: a restart's seed puts neither back.
    await db.query('UPDATE farm_locations SET lat = 37.6 WHERE farm_id = $1', [farm?.id]);
    await db.query('DELETE FROM paddocks WHERE farm_id = $1', [farm?.id]);
    await runSeed(db, { demo: true });
    const [moved] = await db.query<{ lat: number }>('SELECT lat FROM farm_locations WHERE farm_id = $1', [
      farm?.id,
    ]);
    expect(moved?.lat).toBe(37.6);
    expect(await db.query('SELECT 1 FROM paddocks WHERE farm_id = $1', [farm?.id])).toEqual([]);
  });
});

describe('seed with demo off', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openPgliteDatabase(undefined);
    await migrate(db);
    await runSeed(db, { demo: false });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  it('writes the reference data only', async () => {
    const count = async (table: string) =>
      Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);
    expect(await count('system_info')).toBe(1);
    expect(await count('config_dictionary')).toBe(29);
    expect(await count('translation_strings')).toBe(Object.keys(catalog.en).length);
    for (const table of ['farms', 'users', 'admin_users', 'news']) expect(await count(table), table).toBe(0);
  });

  it('brings an older install up to the release: strings and version, keeping the operator contact', async () => {
    const [key] = Object.keys(catalog.en);
    await db.query("UPDATE translation_strings SET ko = 'stale', en = 'stale' WHERE key = $1", [key]);
    await db.query(
      "UPDATE system_info SET version = '1.5.0', version_code = 100, service_email = 'ops@farm.test'",
    );
    await runSeed(db, { demo: false });
    const [row] = await db.query<{ en: string; ko: string }>(
      'SELECT en, ko FROM translation_strings WHERE key = $1',
      [key],
    );
    expect(row?.en).toBe(catalog.en[key!]);
    expect(row?.ko).not.toBe('stale');
    const [info] = await db.query('SELECT version, version_code, service_email FROM system_info');
    expect(info).toEqual({ version: '1.5.90', version_code: 190, service_email: 'ops@farm.test' });
  });
});
