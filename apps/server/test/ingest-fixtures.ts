// Shared by the ingest tests: gateways, cows wearing sensors, MQTT clients, sockets and readings.
import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { readingsTopic } from '@cowcare/contract/routes/ingest';
import { hashPassword } from '../src/modules/auth/passwords';
import { insertGateway } from '../src/modules/gateways/gateways-repository';
import { farmIdOf, insertCowRow, type CowRow } from './cows-fixtures';
import { createArrangedTestApp, createFarmUser, type TestApp, type TestUser } from './helpers/test-app';

export interface TestGateway {
  username: string;
  secret: string;
  farmId: number;
  topic: string;
}

export const createGateway = async (testApp: TestApp, user: TestUser): Promise<TestGateway> => {
  const username = `gw-${user.farmNumber}-${randomBytes(3).toString('hex')}`;
  const secret = `secret-${randomBytes(8).toString('hex')}`;
  const farmId = await farmIdOf(testApp, user);
  await insertGateway(testApp.db, { farmId, username, secretHash: await hashPassword(secret) });
  const topic = readingsTopic(testApp.services.config.mqttTopicRoot, user.country, user.farmNumber);
  return { username, secret, farmId, topic };
};

/** The app with two farms of one user and one gateway each: the farmer's, where a test works, and a neighbour's. */
export interface GatewayFarms {
  testApp: TestApp;
  farmer: TestUser;
  neighbour: TestUser;
  gateway: TestGateway;
  neighbourGateway: TestGateway;
}

/** `listening` puts the app on a port, which notification sockets need. */
export const openGatewayFarms = (options: { listening: boolean }): Promise<GatewayFarms> =>
  createArrangedTestApp(async (testApp) => {
    if (options.listening) await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const farmer = await createFarmUser(testApp);
    const neighbour = await createFarmUser(testApp);
    const gateway = await createGateway(testApp, farmer);
    const neighbourGateway = await createGateway(testApp, neighbour);
    return { farmer, neighbour, gateway, neighbourGateway };
  });

/** A cow of the user's farm wearing `sensorId`; answers her id. */
export const cowWearing = (
  testApp: TestApp,
  user: TestUser,
  code: string,
  sensorId: number,
  row: Partial<CowRow> = {},
): Promise<number> => insertCowRow(testApp, user, { code, sensorId, ...row });

export interface WireReading {
  sensor: number;
  num: number;
  timedate: string;
  temp?: number;
  activity?: number;
  drink?: number;
}

export const reading = (
  sensor: number,
  num: number,
  at: Date,
  values: { temp?: number; activity?: number; drink?: number } = {},
): WireReading => ({ sensor, num, timedate: at.toISOString(), ...values });

export const minutesAgo = (minutes: number, from = new Date()): Date =>
  new Date(from.getTime() - minutes * 60_000);

/** Rounded down to the second, so times compare exactly with what the database gives back. */
export const wholeSecond = (date: Date): Date => new Date(Math.floor(date.getTime() / 1000) * 1000);

/** The embedded broker's address of a running test app. */
export const brokerUrl = (testApp: TestApp): string => {
  const port = testApp.services.mqtt?.port;
  if (port === undefined) throw new Error('the test app runs no embedded broker');
  return `mqtt://127.0.0.1:${port}`;
};

/** How a gateway logs in to the embedded broker (MQTT 3.1.1), once, with an id of its own. */
export const gatewayClientOptions = (gateway: Pick<TestGateway, 'username' | 'secret'>): IClientOptions => ({
  username: gateway.username,
  password: gateway.secret,
  protocolVersion: 4,
  reconnectPeriod: 0,
  clientId: `test-${randomBytes(4).toString('hex')}`,
});

export const connectGateway = (
  url: string,
  gateway: Pick<TestGateway, 'username' | 'secret'>,
  options: IClientOptions = {},
): Promise<MqttClient> => mqtt.connectAsync(url, { ...gatewayClientOptions(gateway), ...options });

/** HTTP Basic with a gateway's username and secret, as `POST /api/ingest/readings` takes them. */
export const basicAuthorization = (username: string, secret: string): { authorization: string } => ({
  authorization: `Basic ${Buffer.from(`${username}:${secret}`).toString('base64')}`,
});

export const publishReadings = async (client: MqttClient, topic: string, payload: unknown): Promise<void> => {
  await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
};

export const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> => {
  for (let waited = 0; waited < timeoutMs; waited += 10) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
};

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SocketMessage {
  type: string;
  data: Record<string, unknown>;
}

/** A logged-in user's notification socket, collecting what it receives. */
export const openFarmSocket = async (
  testApp: TestApp,
  user: TestUser,
): Promise<{ messages: SocketMessage[]; close(): void }> => {
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test app is not listening');
  const socket = new WebSocket(
    `ws://127.0.0.1:${address.port}/socket?token=${encodeURIComponent(user.token)}`,
  );
  const messages: SocketMessage[] = [];
  socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as SocketMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  // The server adds the socket to its farm once the token is checked; register_res says that is done.
  socket.send(JSON.stringify({ type: 'register', data: {} }));
  await waitFor(() => messages.some((message) => message.type === 'register_res'));
  return { messages, close: () => socket.close() };
};

export const storedReadings = (testApp: TestApp, farmId: number) =>
  testApp.db.query<{ sensorId: number; cowId: number | null; num: number; temperature: number | null }>(
    `SELECT sensor_id AS "sensorId", cow_id AS "cowId", sequence_number AS num, temperature::float8 AS temperature
       FROM sensor_readings WHERE farm_id = $1 ORDER BY sensor_id, sequence_number`,
    [farmId],
  );

export const noticesOf = (testApp: TestApp, farmId: number) =>
  testApp.db.query<{
    code: number;
    cowId: number | null;
    sensorId: number | null;
    details: Record<string, unknown>;
  }>(
    `SELECT code, cow_id AS "cowId", sensor_id AS "sensorId", details FROM notices WHERE farm_id = $1 ORDER BY id`,
    [farmId],
  );

export interface CowState {
  currentTemperature: number | null;
  averageTemperature: number | null;
  currentActivity: number | null;
  averageActivity: number | null;
  lastReadingAt: string | null;
  sensorOnline: boolean;
}

export const cowState = async (testApp: TestApp, cowId: number): Promise<CowState> => {
  const [row] = await testApp.db.query<CowState>(
    `SELECT current_temperature::float8 AS "currentTemperature", average_temperature::float8 AS "averageTemperature",
            current_activity::float8 AS "currentActivity", average_activity::float8 AS "averageActivity",
            to_char(last_reading_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastReadingAt",
            sensor_online AS "sensorOnline"
       FROM cows WHERE id = $1`,
    [cowId],
  );
  if (!row) throw new Error(`no cow ${cowId}`);
  return row;
};
