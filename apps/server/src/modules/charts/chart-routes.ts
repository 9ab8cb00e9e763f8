import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { RouteData, RouteDefinition } from '@cowcare/contract/route';
import type { ChartRequest, SensorBounds } from '@cowcare/contract/routes/charts';
import { EARLIEST_RECORD_DAY, LATEST_RECORD_DAY } from '@cowcare/contract/schemas';
import { AppError, badRequest } from '../../http/app-error';
import { bind, type AuthUser, type RouteBinding } from '../../http/route-context';
import type { Services } from '../../services';
import * as charts from './chart-builders';
import { formatChartDate, parseChartDay, type ChartDay } from './chart-day';
import { herdHourly } from './chart-herd';
import {
  checkFarmScope,
  requireChartFields,
  requireHerdChartFields,
  resolveChartedSensor,
} from './chart-sensor';
import { findSensorBounds, saveSensorBounds, type BoundChanges } from './sensor-bounds-repository';

/** The columns keep two decimals: a line is compared and stored as it will read back. */
const toStoredScale = (changes: BoundChanges): BoundChanges =>
  Object.fromEntries(
    Object.entries(changes).map(([field, value]) => [
      field,
      typeof value === 'number' ? Math.round(value * 100) / 100 : value,
    ]),
  );

/** Low must stay below up, for the values as they will be after this change. */
const checkBounds = (current: SensorBounds, changes: BoundChanges): void => {
  const next = { ...current, ...changes };
  const pairs = [
    ['tempLow', next.tempLow, next.tempUp],
    ['activityLow', next.activityLow, next.activityUp],
  ] as const;
  for (const [field, low, up] of pairs) {
    if (low !== null && up !== null && low >= up) {
      throw new AppError(400, ERROR_CODES.validation, `body.datas.${field} must be below its upper bound`, {
        details: [{ path: `body.datas.${field}`, message: 'must be below its upper bound' }],
      });
    }
  }
};

const chartDayOf = (timedate: string | undefined, now: Date): ChartDay => {
  const day = parseChartDay(timedate, now);
  if (!day) {
    throw badRequest(
      ERROR_CODES.validation,
      "body.timedate must be 'YYYY-MM-DD' or an ISO-8601 time with an offset",
    );
  }
  // The day a chart draws must be one the readings can have: far dates overflow the hour buckets' clock.
  const localDay = formatChartDate(day.start, day.offsetMinutes);
  if (localDay < EARLIEST_RECORD_DAY || localDay > LATEST_RECORD_DAY) {
    throw badRequest(
      ERROR_CODES.validation,
      `body.timedate must name a day from ${EARLIEST_RECORD_DAY} to ${LATEST_RECORD_DAY}`,
    );
  }
  return day;
};

export const chartRoutes = (services: Services): RouteBinding[] => {
  /** validate (spec's 'Invalid payload', then the day) -> authorize (scope, sensor of the farm). */
  const contextOf = async (user: AuthUser, body: ChartRequest): Promise<charts.ChartContext> => {
    const fields = requireChartFields(body);
    const now = new Date();
    const day = chartDayOf(body.timedate, now);
    const sensor = await resolveChartedSensor(services.db, user, fields);
    return { db: services.db, farmId: user.farmId, sensor, day, now: now.getTime() };
  };

  // Generic over the eleven chart routes, whose user and body types the compiler cannot narrow through the
  // generic: all are `user` routes with ChartRequestSchema as their body (contract routes/charts.ts).
  const chart = <R extends RouteDefinition>(
    route: R,
    build: (context: charts.ChartContext) => Promise<RouteData<R>>,
  ): RouteBinding =>
    bind(route, async ({ body, user }) =>
      build(await contextOf(user as AuthUser, body as unknown as ChartRequest)),
    );

  return [
    chart(api.charts.readingCounts, charts.readingCounts),
    chart(api.charts.activitySixHourly, charts.activitySixHourly),
    chart(api.charts.activityDaily, charts.activityDaily),
    chart(api.charts.temperatureAgainstYesterday, charts.temperatureAgainstYesterday),
    chart(api.charts.temperatureDeviation, charts.temperatureDeviation),
    chart(api.charts.activityLastSixHours, charts.activityLastSixHours),
    chart(api.charts.temperatureDaily, charts.temperatureDaily),
    chart(api.charts.readingsOfDay, charts.readingsOfDay),
    chart(api.charts.temperatureHourly, charts.temperatureHourly),
    chart(api.charts.temperatureActivityHourly, charts.temperatureActivityHourly),
    chart(api.charts.temperatureWithAverage, charts.temperatureWithAverage),

    bind(api.charts.herdHourly, async ({ body, user }) => {
      const scope = requireHerdChartFields(body);
      const day = chartDayOf(body.timedate, new Date());
      await checkFarmScope(services.db, user, scope);
      return herdHourly(services.db, user.farmId, day);
    }),

    bind(api.charts.saveSensorBounds, async ({ params, body, user }) => {
      const sensor = await resolveChartedSensor(services.db, user, { sensorId: params.id });
      const changes = toStoredScale(body.datas);
      return services.db.transaction(async (tx) => {
        const current = await findSensorBounds(tx, user.farmId, sensor.sensorId);
        checkBounds(current, changes);
        if (Object.values(changes).some((value) => value !== undefined)) {
          await saveSensorBounds(tx, user.farmId, sensor.sensorId, user.userId, changes);
        }
        return findSensorBounds(tx, user.farmId, sensor.sensorId);
      });
    }),
  ];
};
