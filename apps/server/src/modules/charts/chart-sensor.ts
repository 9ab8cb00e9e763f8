import { ERROR_CODES } from '@cowcare/contract/errors';
import {
  INVALID_PAYLOAD_MESSAGE,
  type ChartRequest,
  type HerdChartRequest,
} from '@cowcare/contract/routes/charts';
import type { Queryable } from '../../db/database';
import { AppError, forbidden, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';

/** The cow wearing the charted sensor: her averages fill gaps and draw the average and fever lines. */
export interface ChartedSensor {
  sensorId: number;
  cowId: number;
  averageTemperature: number | null;
  averageActivity: number | null;
  temperatureOffset: number | null;
}

type RequiredField = 'id' | 'city' | 'country';

const missingFields = (body: Partial<Record<RequiredField, unknown>>, fields: readonly RequiredField[]) =>
  fields.filter((field) => {
    const value = body[field];
    return value === undefined || (typeof value === 'string' && value.trim() === '');
  });

/** Spec §5/§8: a chart request without one of its required fields fails with exactly 'Invalid payload'. */
const requireFields = (body: Partial<Record<RequiredField, unknown>>, fields: readonly RequiredField[]) => {
  const missing = missingFields(body, fields);
  if (missing.length > 0) {
    throw new AppError(400, ERROR_CODES.validation, INVALID_PAYLOAD_MESSAGE, {
      details: missing.map((field) => ({ path: `body.${field}`, message: 'is required' })),
    });
  }
};

export interface FarmScope {
  city: string;
  country: string;
}

/** A sensor-data call needs id, city and country. */
export const requireChartFields = (body: ChartRequest): FarmScope & { sensorId: number } => {
  requireFields(body, ['id', 'city', 'country']);
  return { sensorId: Number(body.id), city: String(body.city).trim(), country: String(body.country).trim() };
};

/** The herd call needs city and country. */
export const requireHerdChartFields = (body: HerdChartRequest): FarmScope => {
  requireFields(body, ['city', 'country']);
  return { city: String(body.city).trim(), country: String(body.country).trim() };
};

/**
 * Country must be the farm's and city its city (or its farm number, which some of the spec's payloads carry
 * as city), else 403: a request naming another farm is refused before any data is read.
 */
export const checkFarmScope = async (db: Queryable, user: AuthUser, scope: Partial<FarmScope>) => {
  const [farm] = await db.query<{ city: string }>('SELECT city FROM farms WHERE id = $1', [user.farmId]);
  const cityMatches = scope.city === farm?.city || scope.city === user.farmNumber;
  if (scope.country !== user.country || !cityMatches) throw forbidden();
};

/**
 * The sensor as the caller may chart it: the request's city and country must be the farm's (`checkFarmScope`,
 * 403); the sensor must be worn by an active cow of the farm, else 404 — another farm's sensor reads exactly
 * like one that does not exist.
 */
export const resolveChartedSensor = async (
  db: Queryable,
  user: AuthUser,
  request: { sensorId: number; city?: string; country?: string },
): Promise<ChartedSensor> => {
  if (request.country !== undefined || request.city !== undefined) await checkFarmScope(db, user, request);
  const [cow] = await db.query<ChartedSensor>(
    `SELECT sensor_id AS "sensorId", id AS "cowId", average_temperature::float8 AS "averageTemperature",
            average_activity::float8 AS "averageActivity", temperature_offset::float8 AS "temperatureOffset"
       FROM cows WHERE farm_id = $1 AND sensor_id = $2 AND culled_at IS NULL`,
    [user.farmId, request.sensorId],
  );
  if (!cow) throw notFound('No cow of this farm wears that sensor');
  return cow;
};
