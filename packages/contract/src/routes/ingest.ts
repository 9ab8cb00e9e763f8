import { Type, type Static } from '@sinclair/typebox';
import { SensorId } from '../cow-schemas';
import { defineRoute } from '../route';
import { EventTime } from '../schemas';

const tag = 'ingest';

/** Most readings one MQTT message or HTTP request may carry. */
export const MAX_READINGS_PER_BATCH = 1000;

/**
 * Most bytes one HTTP request's body, or one MQTT message's payload, may take: 1 MiB, about 1 KB a reading
 * at 1,000 readings (a reading is about 100 bytes). A larger body is answered 413; an MQTT packet larger
 * than this and 64 KiB for its header and topic closes the gateway's connection unacknowledged.
 */
export const MAX_READINGS_PAYLOAD_BYTES = 1_048_576;

/**
 * One sensor reading as a gateway sends it (spec §3 "Reading", plus the sensor id and drinking). Unknown
 * extra fields are ignored, so a gateway may add its own (battery, signal) without being refused.
 */
export const SensorReadingSchema = Type.Object(
  {
    sensor: SensorId,
    num: Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: "the sensor's sequence number" }),
    timedate: Type.String({ ...EventTime, description: 'when the sensor measured it, ISO-8601 with offset' }),
    temp: Type.Optional(Type.Number({ minimum: 20, maximum: 45, description: '°C' })),
    activity: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
    drink: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
    // A neck collar with GPS (issue 37) adds where she was; both or neither (`dependencies` below, draft-07).
    lat: Type.Optional(
      Type.Number({ minimum: -90, maximum: 90, description: 'GPS latitude, degrees (WGS 84)' }),
    ),
    lon: Type.Optional(
      Type.Number({ minimum: -180, maximum: 180, description: 'GPS longitude, degrees (WGS 84)' }),
    ),
  },
  { dependencies: { lat: ['lon'], lon: ['lat'] } },
);
export type SensorReading = Static<typeof SensorReadingSchema>;

/** The MQTT payload (JSON): one reading or an array of up to 1,000. */
export const ReadingsPayloadSchema = Type.Union([
  SensorReadingSchema,
  Type.Array(SensorReadingSchema, { minItems: 1, maxItems: MAX_READINGS_PER_BATCH }),
]);

/**
 * The topic a farm's gateways publish readings to, at QoS 1. The root is `cowcare` unless the install
 * sets MQTT_TOPIC_ROOT.
 */
export const readingsTopic = (root: string, country: string, farmNumber: string): string =>
  `${root}/${country}/${farmNumber}/readings`;

export const ReadingOutcomeSchema = Type.Object({
  /** Position of the item in the payload (0 for a single reading). */
  index: Type.Integer({ minimum: 0 }),
  status: Type.Union([Type.Literal('stored'), Type.Literal('duplicate'), Type.Literal('rejected')]),
  /** Why an item was rejected (the field and the rule it broke). */
  reason: Type.Optional(Type.String()),
});
export type ReadingOutcome = Static<typeof ReadingOutcomeSchema>;

export const postReadings = defineRoute({
  method: 'POST',
  path: 'ingest/readings',
  // Not a user call: the gateway's own credentials come as HTTP Basic (username:secret), checked by the
  // handler. The farm is the gateway's; a gateway cannot name another.
  access: 'public',
  bodyJudgedItemByItem: true,
  tag,
  summary:
    'Readings from a gateway without MQTT (HTTP Basic gateway credentials): the MQTT payload, answered per item',
  // Items are checked one by one (SensorReadingSchema), so one bad item does not refuse the good ones.
  body: Type.Union(
    [
      Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_READINGS_PER_BATCH }),
      Type.Object({}, { additionalProperties: true }),
    ],
    { description: 'one reading or an array of up to 1,000 (SensorReadingSchema)' },
  ),
  data: Type.Object({
    stored: Type.Integer({ minimum: 0 }),
    duplicate: Type.Integer({ minimum: 0 }),
    rejected: Type.Integer({ minimum: 0 }),
    items: Type.Array(ReadingOutcomeSchema),
  }),
});
