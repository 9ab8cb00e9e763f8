import type { Database, Queryable } from '../db/database';
import { hashPassword } from '../modules/auth/passwords';
import {
  DEFAULT_SUPPORT_PASSWORD,
  DEMO_BOSS_PASSWORD,
  DEMO_FARM_NUMBER,
  DEMO_PASSWORD,
  DEMO_USERNAME,
  SUPPORT_USERNAME,
} from './demo-credentials';
import { DEMO_NEWS } from './demo-news';

export {
  DEFAULT_SUPPORT_PASSWORD,
  DEMO_BOSS_PASSWORD,
  DEMO_FARM_NUMBER,
  DEMO_PASSWORD,
  DEMO_USERNAME,
  SUPPORT_USERNAME,
} from './demo-credentials';

export interface DemoFarmOptions {
  /** Password of the `support` administrator; defaults to DEFAULT_SUPPORT_PASSWORD. */
  supportPassword?: string;
}

const DEMO_FARM = { farmNumber: DEMO_FARM_NUMBER, country: 'KR', city: 'Hoengseong' };
const DEMO_USER = { name: 'Kim Min-jun', phone: '010-1234-5678', language: 'en', sensorFilter: 'zts' };
const SUPPORT_NAME = 'CowCare Support';
const DAY_MS = 86_400_000;

/**
 * Existing rows are left alone, so a password changed in the app survives a restart; a password is only
 * hashed (slow on purpose) when its row is about to be created.
 */
const writeFarm = async (tx: Queryable): Promise<number> => {
  const existing = await tx.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
    DEMO_FARM.farmNumber,
  ]);
  if (!existing[0]) {
    await tx.query(
      `INSERT INTO farms (farm_number, country, city, boss_password_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (farm_number) DO NOTHING`,
      [DEMO_FARM.farmNumber, DEMO_FARM.country, DEMO_FARM.city, await hashPassword(DEMO_BOSS_PASSWORD)],
    );
  }
  const [farm] = await tx.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
    DEMO_FARM.farmNumber,
  ]);
  if (!farm) throw new Error('demo farm missing after insert');
  // The column defaults are the spec's pregnancy-check days (40/60/60/51/60).
  await tx.query('INSERT INTO farm_settings (farm_id) VALUES ($1) ON CONFLICT (farm_id) DO NOTHING', [
    farm.id,
  ]);
  return farm.id;
};

const writeUser = async (tx: Queryable, farmId: number): Promise<void> => {
  const existing = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [DEMO_USERNAME]);
  if (existing.length > 0) return;
  await tx.query(
    `INSERT INTO users (farm_id, username, password_hash, name, phone, language, sensor_filter, role)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'owner')
     ON CONFLICT DO NOTHING`,
    [
      farmId,
      DEMO_USERNAME,
      await hashPassword(DEMO_PASSWORD),
      DEMO_USER.name,
      DEMO_USER.phone,
      DEMO_USER.language,
      DEMO_USER.sensorFilter,
    ],
  );
};

const writeSupportAdmin = async (tx: Queryable, password: string): Promise<void> => {
  if (password.length === 0) throw new Error('The support administrator password must not be empty');
  const existing = await tx.query('SELECT 1 FROM admin_users WHERE username = $1', [SUPPORT_USERNAME]);
  if (existing.length > 0) return;
  await tx.query(
    `INSERT INTO admin_users (username, password_hash, name) VALUES ($1, $2, $3)
     ON CONFLICT (username) DO NOTHING`,
    [SUPPORT_USERNAME, await hashPassword(password), SUPPORT_NAME],
  );
};

/** News has no natural key; an item's title stands for it, so each is added once. */
const writeNews = async (tx: Queryable, now: number): Promise<void> => {
  for (const item of DEMO_NEWS) {
    await tx.query(
      `WITH item AS (
         INSERT INTO news (published_at)
         SELECT $3::timestamptz WHERE NOT EXISTS (SELECT 1 FROM news_texts WHERE title = $1::text)
         RETURNING id
       )
       INSERT INTO news_texts (news_id, language, position, title, body)
       SELECT id, 'en', 0, $1::text, $2::text FROM item`,
      [item.title, item.body, new Date(now - item.daysAgo * DAY_MS).toISOString()],
    );
  }
};

/** The demo farm, its user, boss password and settings, the support administrator and some news. */
export const writeDemoFarm = async (tx: Queryable, options: DemoFarmOptions = {}): Promise<void> => {
  const farmId = await writeFarm(tx);
  await writeUser(tx, farmId);
  await writeSupportAdmin(tx, options.supportPassword ?? DEFAULT_SUPPORT_PASSWORD);
  await writeNews(tx, Date.now());
};

/** Writes the demo farm in one transaction; running it again changes nothing. */
export const seedDemoFarm = (db: Database, options: DemoFarmOptions = {}): Promise<void> =>
  db.transaction((tx) => writeDemoFarm(tx, options));
