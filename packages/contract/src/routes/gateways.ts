import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { SensorId } from '../cow-schemas';
import { defineRoute } from '../route';
import { CountryCode, FarmNumber, Id, IdParam } from '../schemas';
import { SensorKindSchema } from './cows';

// A farm's own gateways and sensor inventory (issue 34). Gateways are the owner's (architecture §10: staff
// have no gateways); the sensor inventory is open to staff, who put collars and boluses on cows.

const tag = 'gateways';

const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);
const FarmParams = Type.Object({ country: CountryCode, FarmNumber });
const farmScopes = { country: 'country', FarmNumber: 'farmNumber' } as const;

/** How long a gateway counts as online after its last message (or login) when no connection is open here. */
export const GATEWAY_ONLINE_MINUTES = 15;

export const GatewayName = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' });

export const GatewaySchema = Type.Object({
  id: Id,
  name: Type.String(),
  username: Type.String({ description: 'what the gateway logs in with (MQTT username, HTTP Basic user)' }),
  online: Type.Boolean({
    description: `an MQTT connection of it is open, or it sent or logged in within ${GATEWAY_ONLINE_MINUTES} minutes`,
  }),
  lastSeenAt: Nullable(Type.String({ description: 'ISO-8601: its last login or message' })),
  lastAddress: Nullable(Type.String({ description: 'the address its last login came from' })),
  storedToday: Type.Integer({ minimum: 0, description: 'readings of it stored today (UTC day)' }),
  refusedToday: Type.Integer({ minimum: 0, description: 'readings of it refused today (UTC day)' }),
  topRefusal: Nullable(Type.String({ description: "the most common reason of today's refusals" })),
  firstReading: Nullable(
    Type.Object({ sensor: SensorId, at: Type.String({ description: 'ISO-8601, when it was received' }) }),
  ),
  createdAt: Type.String(),
});
export type Gateway = Static<typeof GatewaySchema>;

/** Where and how a gateway of this farm sends its readings. */
export const GatewayConnectionSchema = Type.Object({
  mqttUrl: Type.String({ description: 'the broker as gateways reach it from outside (PUBLIC_MQTT_URL)' }),
  mqttHost: Type.String(),
  mqttPort: Type.Integer({ minimum: 0, maximum: 65535 }),
  mqttsUrl: Type.Optional(
    Type.String({
      description:
        "MQTT over TLS: PUBLIC_MQTTS_URL, else the embedded broker's MQTTS port (MQTT_TLS_CERT/KEY set) on " +
        "the broker's public host; absent when neither (an external broker's TLS listener is told by " +
        'PUBLIC_MQTTS_URL)',
    }),
  ),
  websocketUrl: Type.Optional(
    Type.String({
      description:
        'MQTT over WebSocket: PUBLIC_MQTT_WS_URL, else ws(s)://<this server>/mqtt with the embedded broker; ' +
        'absent with an external broker unless configured',
    }),
  ),
  topic: Type.String({ description: "the farm's readings topic; publish at QoS 1" }),
  httpPath: Type.String({ description: 'the HTTP alternative: POST with HTTP Basic username:secret' }),
});
export type GatewayConnection = Static<typeof GatewayConnectionSchema>;

/** A gateway with its secret: answered once, when the gateway is added or its secret rotated. */
export const GatewayWithSecretSchema = Type.Object({
  gateway: GatewaySchema,
  secret: Type.String({ description: 'shown once; the server keeps only a slow hash of it' }),
});

export const listGateways = defineRoute({
  ownerOnly: true,
  method: 'GET',
  path: 'gateways/list/:country/:FarmNumber',
  access: 'user',
  tag,
  summary: "The farm's gateways with their state and today's traffic, and how a gateway connects",
  params: FarmParams,
  scopes: farmScopes,
  data: Type.Object({ gateways: Type.Array(GatewaySchema), connection: GatewayConnectionSchema }),
});

export const addGateway = defineRoute({
  ownerOnly: true,
  method: 'POST',
  path: 'gateways/add/:country/:FarmNumber',
  access: 'user',
  tag,
  summary:
    'Add a gateway: the server makes its username and a long random secret. The secret is in this answer ' +
    'only; 409 when the farm already has a gateway of that name.',
  params: FarmParams,
  scopes: farmScopes,
  body: Type.Object({ name: GatewayName }),
  data: GatewayWithSecretSchema,
});

export const rotateGatewaySecret = defineRoute({
  ownerOnly: true,
  method: 'POST',
  path: 'gateways/rotate/:id',
  access: 'user',
  tag,
  summary:
    'A new secret for the gateway (needs a verified boss password): the old one is refused from now on and ' +
    "the gateway's open MQTT connection is closed. 404 for a gateway of another farm.",
  params: Type.Object({ id: IdParam }),
  needsBossGrant: true,
  data: GatewayWithSecretSchema,
});

export const deleteGateway = defineRoute({
  ownerOnly: true,
  method: 'DELETE',
  path: 'gateways/delete/:id',
  access: 'user',
  tag,
  summary:
    'Delete the gateway (needs a verified boss password): its credentials stop working and its open MQTT ' +
    'connection is closed; readings it sent stay. 404 for a gateway of another farm.',
  params: Type.Object({ id: IdParam }),
  needsBossGrant: true,
  data: Type.Object({ id: Id }),
});

export const InventorySensorSchema = Type.Object({
  sensor: SensorId,
  kind: SensorKindSchema,
  cowId: Nullable(Id),
  cowCode: Nullable(Type.String()),
  registeredAt: Type.String(),
  firstReadingAt: Nullable(Type.String()),
  lastReadingAt: Nullable(Type.String()),
});
export type InventorySensor = Static<typeof InventorySensorSchema>;

/** Most sensor ids one registration may carry (a pasted list, a CSV column). */
export const MAX_SENSORS_PER_REGISTRATION = 2000;

export const listSensors = defineRoute({
  method: 'GET',
  path: 'sensors/list/:country/:FarmNumber',
  access: 'user',
  tag,
  summary:
    "The farm's sensor inventory, by sensor id: registered ones and those worn by its active cows, with the " +
    'cow wearing each and its first and last reading',
  params: FarmParams,
  scopes: farmScopes,
  data: Type.Array(InventorySensorSchema),
});

export const registerSensors = defineRoute({
  method: 'POST',
  path: 'sensors/add/:country/:FarmNumber',
  access: 'user',
  tag,
  summary:
    'Register sensors to the farm (ones already its own are kept as they are). A sensor id is unique on the ' +
    'platform: when one is registered by another farm nothing is registered and the answer is 409 ' +
    'E_SENSOR_OTHER_FARM naming it.',
  params: FarmParams,
  scopes: farmScopes,
  body: Type.Object({
    sensors: Type.Array(SensorId, { minItems: 1, maxItems: MAX_SENSORS_PER_REGISTRATION }),
  }),
  data: Type.Object({ registered: Type.Array(SensorId), alreadyRegistered: Type.Array(SensorId) }),
});

export const removeSensor = defineRoute({
  method: 'DELETE',
  path: 'sensors/remove/:country/:FarmNumber/:sensor',
  access: 'user',
  tag,
  summary:
    'Take a sensor off the inventory (it may then be registered by any farm). 409 while an active cow wears ' +
    'it; 404 when it is not registered to this farm.',
  params: Type.Object({ country: CountryCode, FarmNumber, sensor: SensorId }),
  scopes: farmScopes,
  data: Type.Object({ sensor: SensorId }),
});
