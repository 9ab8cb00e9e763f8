// Builds the benchmark farm: one user and 10,000 cows with readings, types and reproduction dates, written
// by set-based SQL so the build takes seconds rather than minutes.
import type { Database } from '../../apps/server/src/db/database';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { registerFarmUser } from '../../apps/server/src/modules/auth/register-farm-user';

export const BENCH_FARM = { farmNumber: 'BENCH-10K', country: 'KR', city: 'Hoengseong' } as const;
export const BENCH_USER = { username: 'bench', password: 'bench password 10k' } as const;

export const buildBenchFarm = async (db: Database, cowCount: number): Promise<void> => {
  await registerFarmUser(db, {
    username: BENCH_USER.username,
    passwordHash: await hashPassword(BENCH_USER.password),
    name: 'Bench Farmer',
    phone: '010-0000-0000',
    country: BENCH_FARM.country,
    FarmNumber: BENCH_FARM.farmNumber,
    city: BENCH_FARM.city,
  });
  const [farm] = await db.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
    BENCH_FARM.farmNumber,
  ]);
  if (!farm) throw new Error('bench farm missing');
  await db.query(
    `INSERT INTO cow_types (farm_id, name, cost_minor)
     VALUES ($1, 'Breeding', 5000), ($1, 'Fattening', 0), ($1, 'Heifers', 2000)`,
    [farm.id],
  );
  // Every 50th cow is culled and every 25th wears no sensor; the rest alternate neck and pill ids. Values
  // are spread with setseed/random so two runs build the same farm.
  await db.query('SELECT setseed(0.42)');
  await db.query(
    `INSERT INTO cows (farm_id, code, sensor_id, sensor_online, status, parity, birthday, sex, cow_type_id,
                       temperature_offset, current_temperature, average_temperature, current_activity,
                       average_activity, activity_by_hour, current_drink, average_drink, last_reading_at,
                       last_estrus_date,
                       pregnancy_check_date, expected_calving_date, expected_estrus_date, culled_at)
     SELECT $1, 'C' || (100000 + g),
            CASE WHEN g % 25 = 0 THEN NULL WHEN g % 2 = 0 THEN 40000 + g ELSE g END,
            g % 9 <> 4,
            CASE WHEN g % 50 = 0 THEN '도태'
                 ELSE (ARRAY['발정탐지', '임신감정', '임신', '포유', '비육', '설정대기'])[1 + g % 6] END,
            g % 5, DATE '2020-01-01' + (g % 1500), CASE WHEN g % 7 = 0 THEN 'male' ELSE 'female' END,
            (SELECT id FROM cow_types WHERE farm_id = $1 ORDER BY id LIMIT 1 OFFSET g % 3),
            CASE WHEN g % 11 = 0 THEN 0.3 END,
            round((38.5 + random() * 2)::numeric, 2), round((38.4 + random() * 0.6)::numeric, 2),
            round((5 + random() * 15)::numeric, 2), round((8 + random() * 6)::numeric, 2),
            -- One hourly profile for every cow (an uncorrelated subquery runs once): reading it costs the same.
            (SELECT array_agg(round((3 + random() * 12)::numeric, 2)) FROM generate_series(0, 23)),
            round((3 + random() * 9)::numeric, 1), round((6 + random() * 4)::numeric, 1),
            now() - (random() * interval '2 hours'),
            CURRENT_DATE - (g % 40), CURRENT_DATE + (g % 60) - 20, CURRENT_DATE + (g % 280),
            CURRENT_DATE + (g % 21),
            CASE WHEN g % 50 = 0 THEN now() - interval '10 days' END
       FROM generate_series(1, $2::int) AS g`,
    [farm.id, cowCount],
  );
};
