import type { PregnancyCheckDays } from '@cowcare/contract/schemas';
import type { Queryable } from '../../db/database';

const SELECT_DAYS = `ultrasonic_days AS "Ultrasonic", inspection_days AS "Inspection", rectal_days AS "Rectal",
                     hormone_days AS "Hormone", external_days AS "External"`;

/** A farm without a settings row yet reads the defaults, because the row is created with them. */
export const findSettings = async (db: Queryable, farmId: number): Promise<PregnancyCheckDays> => {
  const [row] = await db.query<PregnancyCheckDays>(
    `INSERT INTO farm_settings (farm_id) VALUES ($1) ON CONFLICT (farm_id) DO UPDATE SET farm_id = EXCLUDED.farm_id
     RETURNING ${SELECT_DAYS}`,
    [farmId],
  );
  if (!row) throw new Error(`no settings row for farm ${farmId}`);
  return row;
};

export const saveSettings = async (
  db: Queryable,
  farmId: number,
  days: PregnancyCheckDays,
): Promise<PregnancyCheckDays> => {
  const [row] = await db.query<PregnancyCheckDays>(
    `INSERT INTO farm_settings (farm_id, ultrasonic_days, inspection_days, rectal_days, hormone_days, external_days)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (farm_id) DO UPDATE SET ultrasonic_days = $2, inspection_days = $3, rectal_days = $4,
       hormone_days = $5, external_days = $6, updated_at = now()
     RETURNING ${SELECT_DAYS}`,
    [farmId, days.Ultrasonic, days.Inspection, days.Rectal, days.Hormone, days.External],
  );
  if (!row) throw new Error(`settings upsert for farm ${farmId} returned nothing`);
  return row;
};
