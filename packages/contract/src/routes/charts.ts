import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { SensorId } from '../cow-schemas';
import { defineRoute, type RouteDefinition } from '../route';
import { DateString, DateTimeString } from '../schemas';

// The sensor-data calls of spec §7. Every one is a POST of `{ id (sensor), city, country, timedate? }`; the
// windows, resolutions and fields below are ours (the spec names the calls only). The table in
// docs/charts.md says the same. Common rules:
//  - id, city or country missing (or empty): 400 with msg 'Invalid payload' exactly (spec §5/§8); the
//    `details` name the missing fields.
//  - The sensor must be worn by an active cow of the caller's farm (404), and country must be the farm's,
//    city its city (or its farm number, which some payloads carry as city): 403 otherwise.
//  - `timedate` picks the day: 'YYYY-MM-DD' is that UTC day; an ISO-8601 time with an offset is the day it
//    falls on at that offset (so a Korean client sending +09:00 gets Korean days and hours); absent, today
//    (UTC). Buckets start at that day's midnight.
//  - Readings are gap-filled first as spec §4 says (`fillSensorGaps`: holes in the sequence numbers filled
//    around the cow's averages, defaults 38.9 °C / 10, at 10-minute steps; `filled` marks them), then
//    aggregated. A bucket with neither a reading nor a filled value is present with null values, so the
//    x axis is always complete.
//  - A pill's (bolus, id < 40000) temperature means, minima and maxima leave out the readings inside a
//    drink (the dent of cold water: docs/detection.md), as her average, the fever line and the cow list do;
//    `line` gives every reading as measured.

const tag = 'charts';

/** Every field is optional in the schema so a missing one is answered 'Invalid payload', as the spec says. */
export const ChartRequestSchema = Type.Object({
  id: Type.Optional(
    Type.Union([SensorId, Type.String({ maxLength: 8, pattern: '^[1-9][0-9]{0,7}$' })], {
      description: 'the sensor id (a number, or its digits as text)',
    }),
  ),
  city: Type.Optional(Type.String({ maxLength: 64 })),
  country: Type.Optional(Type.String({ maxLength: 8 })),
  timedate: Type.Optional(
    Type.String({
      maxLength: 40,
      description: "'YYYY-MM-DD' (a UTC day) or an ISO-8601 time with offset (the day at that offset)",
    }),
  ),
});
export type ChartRequest = Static<typeof ChartRequestSchema>;

export const INVALID_PAYLOAD_MESSAGE = 'Invalid payload';

const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);
const Temperature = Nullable(Type.Number({ description: '°C' }));
const Activity = Nullable(Type.Number());

export const LineReadingSchema = Type.Object({
  num: Type.Integer({ description: "the sensor's sequence number" }),
  timedate: DateTimeString,
  temp: Temperature,
  activity: Activity,
  drink: Nullable(Type.Number()),
  filled: Type.Boolean({ description: 'true: a gap-filled value, not a measurement' }),
});

export const HourlyTemperatureSchema = Type.Object({
  time: DateTimeString,
  temp: Temperature,
  count: Type.Integer({ minimum: 0, description: 'readings in the hour, filled ones included' }),
});

export const HourlyTemperatureActivitySchema = Type.Object({
  time: DateTimeString,
  temp: Temperature,
  activity: Activity,
});

export const TemperatureAgainstYesterdaySchema = Type.Object({
  time: DateTimeString,
  temp: Temperature,
  tempYesterday: Temperature,
});

export const TemperatureDeviationSchema = Type.Object({
  time: DateTimeString,
  temp: Temperature,
  average: Temperature,
  deviation: Nullable(Type.Number({ description: 'temp − (average + tempadd), spec §5' })),
});

export const ActivityPointSchema = Type.Object({ time: DateTimeString, activity: Activity });

/** How many readings a sum adds up: one with fewer than the sensor's other buckets sums less than she moved. */
const SummedReadings = Type.Integer({
  minimum: 0,
  description:
    "readings in the bucket, filled ones included: a bucket with fewer than the sensor's others (fitted then, or away for hours) sums less than her activity",
});

export const SixHourActivitySchema = Type.Object({
  time: DateTimeString,
  activity: Activity,
  count: SummedReadings,
});

export const DailyActivitySchema = Type.Object({
  date: DateString,
  activity: Activity,
  count: SummedReadings,
});

export const DailyTemperatureSchema = Type.Object({
  date: DateString,
  temp: Temperature,
  min: Temperature,
  max: Temperature,
});

/** The spec names each call by its path's last segment; every path but num's is gpko/<name>. */
const chart = <D extends TSchema>(name: string, summary: string, data: D, path = `gpko/${name}`) =>
  defineRoute({
    method: 'POST',
    path,
    access: 'user',
    tag,
    summary: `${name}: ${summary}`,
    body: ChartRequestSchema,
    data,
  });

export const readingCounts = chart(
  'num',
  'counts for the chosen day: slots expected (144, or up to now today), readings received, gap-filled and missing',
  Type.Object({
    date: DateString,
    expected: Type.Integer({ minimum: 0 }),
    received: Type.Integer({ minimum: 0 }),
    filled: Type.Integer({ minimum: 0 }),
    missing: Type.Integer({ minimum: 0 }),
    lastReadingAt: Nullable(DateTimeString),
  }),
  'news/news/gpko/num',
);

export const activitySixHourly = chart(
  'activitylinesix',
  'activity summed per 6 hours over the 7 days ending with the chosen day (28 points)',
  Type.Array(SixHourActivitySchema),
);

export const activityDaily = chart(
  'activitylinerds',
  'activity summed per day over the 30 days ending with the chosen day (30 points)',
  Type.Array(DailyActivitySchema),
);

export const temperatureAgainstYesterday = chart(
  'hotdatay',
  'hourly temperature means of the chosen day beside the same hours of the day before (24 points)',
  Type.Array(TemperatureAgainstYesterdaySchema),
);

export const temperatureDeviation = chart(
  'hotdataynew',
  "hourly temperature means of the chosen day with the cow's 10-day average and the spec's deviation " +
    'temp − (average + tempadd) (24 points)',
  Type.Array(TemperatureDeviationSchema),
);

export const activityLastSixHours = chart(
  'activityline6',
  'activity of each 10-minute reading over the 6 hours ending at timedate (a time), at the end of the day ' +
    '(a date), or now (36 points)',
  Type.Array(ActivityPointSchema),
);

export const temperatureDaily = chart(
  'templinerds',
  'daily temperature mean, minimum and maximum over the 30 days ending with the chosen day (30 points)',
  Type.Array(DailyTemperatureSchema),
);

export const readingsOfDay = chart(
  'line',
  'every 10-minute reading of the chosen day, gap-filled, in sequence order',
  Type.Array(LineReadingSchema),
);

export const temperatureHourly = chart(
  'hot',
  'temperature means per hour of the chosen day (24 points)',
  Type.Array(HourlyTemperatureSchema),
);

export const temperatureActivityHourly = chart(
  'hotactivity',
  'temperature mean and activity sum per hour of the chosen day, together (24 points)',
  Type.Array(HourlyTemperatureActivitySchema),
);

export const temperatureWithAverage = chart(
  'templinepynew',
  "temperature means per 2 hours over the 7 days ending with the chosen day (84 points) under data.data, with the cow's " +
    '10-day average and her fever line (average + tempadd + 0.5, where the slight band starts)',
  Type.Object({
    data: Type.Array(Type.Object({ time: DateTimeString, temp: Temperature })),
    average: Temperature,
    tempadd: Type.Number(),
    feverLine: Temperature,
  }),
);

// herdhourly is ours, not the spec's: the herd chart of the data tab, dashboard and overviews in one call
// instead of one gpko/hotactivity per sensor. Same request without `id`, same rules for city, country and
// timedate; the herd is the caller's farm, never another.

/** city and country are optional in the schema so a missing one is answered 'Invalid payload', as above. */
export const HerdChartRequestSchema = Type.Object({
  city: ChartRequestSchema.properties.city,
  country: ChartRequestSchema.properties.country,
  timedate: ChartRequestSchema.properties.timedate,
});
export type HerdChartRequest = Static<typeof HerdChartRequestSchema>;

export const HerdHourSchema = Type.Object({
  time: DateTimeString,
  temp: Nullable(
    Type.Number({
      description: "°C: the mean over the sensors of their hourly means, a bolus's without her drinks",
    }),
  ),
  activity: Nullable(
    Type.Number({
      description:
        "the mean over the sensors of their hourly activity: each sensor's mean reading × 6 (readings an hour), " +
        'so an hour still running or with readings lost does not read as a fall',
    }),
  ),
  sensors: Type.Integer({ minimum: 0, description: 'sensors with a reading in the hour' }),
});

export const herdHourly = defineRoute({
  method: 'POST',
  path: 'gpko/herdhourly',
  access: 'user',
  tag,
  summary:
    "herdhourly: the farm's herd per hour of the chosen day (24 points): mean temperature and mean activity " +
    'per sensor over the sensors worn by active cows, how many reported in each hour and in the day, and how ' +
    'many the herd wears. Measured readings only (no gap filling).',
  body: HerdChartRequestSchema,
  data: Type.Object({
    sensors: Type.Integer({ minimum: 0, description: 'sensors worn by active cows of the farm' }),
    reported: Type.Integer({ minimum: 0, description: 'of those, the sensors with a reading in the day' }),
    hours: Type.Array(HerdHourSchema),
  }),
});

/** An alert line is drawn among the readings, so it has their range (routes/ingest.ts); stored to 0.01. */
const TemperatureBound = Nullable(Type.Number({ minimum: 20, maximum: 45, description: '°C, kept to 0.01' }));
const ActivityBound = Nullable(Type.Number({ minimum: 0, maximum: 100_000, description: 'kept to 0.01' }));

export const SensorBoundsSchema = Type.Object({
  sensor: SensorId,
  tempUp: Nullable(Type.Number()),
  tempLow: Nullable(Type.Number()),
  activityUp: Nullable(Type.Number()),
  activityLow: Nullable(Type.Number()),
});
export type SensorBounds = Static<typeof SensorBoundsSchema>;

export const saveSensorBounds = defineRoute({
  method: 'POST',
  path: 'news/news/gpko/uplow/:id',
  access: 'user',
  tag,
  summary:
    "uplow: save the user's upper/lower alert lines of a sensor's charts (°C and activity). A field left out " +
    'keeps its value, null clears it; `datas: {}` reads them. Low must be below up (400). 404 when the sensor ' +
    'is not worn by a cow of the farm.',
  params: Type.Object({ id: SensorId }),
  body: Type.Object({
    datas: Type.Object({
      tempUp: Type.Optional(TemperatureBound),
      tempLow: Type.Optional(TemperatureBound),
      activityUp: Type.Optional(ActivityBound),
      activityLow: Type.Optional(ActivityBound),
    }),
  }),
  data: SensorBoundsSchema,
});

/** The eleven sensor-data calls that share the request shape, by the spec's name. */
export const SENSOR_DATA_CALLS: Readonly<Record<string, RouteDefinition>> = {
  num: readingCounts,
  activitylinesix: activitySixHourly,
  activitylinerds: activityDaily,
  hotdatay: temperatureAgainstYesterday,
  hotdataynew: temperatureDeviation,
  activityline6: activityLastSixHours,
  templinerds: temperatureDaily,
  line: readingsOfDay,
  hot: temperatureHourly,
  hotactivity: temperatureActivityHourly,
  templinepynew: temperatureWithAverage,
};
