// The benchmark's farms: each with its cows, every cow wearing a sensor, and one gateway; set-based SQL.
import type { Database } from '../../apps/server/src/db/database';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { registerFarmUser } from '../../apps/server/src/modules/auth/register-farm-user';
import { insertGateway } from '../../apps/server/src/modules/gateways/gateways-repository';

export const BENCH_COUNTRY = 'KR';
export const FIRST_SENSOR = 40_001;

export interface BenchFarm {
  farmId: number;
  farmNumber: string;
  gateway: { username: string; secret: string };
}

export const buildBenchFarms = async (
  db: Database,
  farmCount: number,
  cowsPerFarm: number,
): Promise<BenchFarm[]> => {
  // One hash for every gateway: argon2 is slow on purpose, and the secrets need not differ here.
  const secret = 'bench gateway secret';
  const secretHash = await hashPassword(secret);
  const farms: BenchFarm[] = [];
  for (let index = 0; index < farmCount; index += 1) {
    const farmNumber = `BENCH-${String(index + 1).padStart(3, '0')}`;
    await registerFarmUser(db, {
      username: `bench-${index + 1}`,
      passwordHash: secretHash,
      name: 'Bench Farmer',
      phone: '010-0000-0000',
      country: BENCH_COUNTRY,
      FarmNumber: farmNumber,
      city: 'Hoengseong',
    });
    const [farm] = await db.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
      farmNumber,
    ]);
    if (!farm) throw new Error('bench farm missing');
    await db.query(
      `INSERT INTO cows (farm_id, code, sensor_id, status)
       SELECT $1, 'C' || (100000 + g), $2 + g, '발정탐지' FROM generate_series(0, $3 - 1) AS g`,
      [farm.id, FIRST_SENSOR, cowsPerFarm],
    );
    const gateway = { username: `bench-gw-${index + 1}`, secret };
    await insertGateway(db, { farmId: farm.id, username: gateway.username, secretHash });
    farms.push({ farmId: farm.id, farmNumber, gateway });
  }
  return farms;
};
