import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { Queryable } from '../src/db/database';
import { call, type TestApp, type TestUser } from './helpers/test-app';
import { detailsProblems } from './helpers/notice-details';
import {
  brokerUrl,
  connectGateway,
  cowState,
  cowWearing,
  minutesAgo,
  noticesOf,
  openFarmSocket,
  openGatewayFarms,
  pause,
  publishReadings,
  reading,
  storedReadings,
  waitFor,
  wholeSecond,
  type TestGateway,
} from './ingest-fixtures';

// Ingest through the embedded broker with a real MQTT client (mqtt.js), as a gateway sends it.

let testApp: TestApp;
let farmer: TestUser;
let neighbour: TestUser;
let gateway: TestGateway;
let neighbourGateway: TestGateway;
let client: MqttClient;

beforeAll(async () => {
  ({ testApp, farmer, neighbour, gateway, neighbourGateway } = await openGatewayFarms({ listening: true }));
  client = await connectGateway(brokerUrl(testApp), gateway);
});
afterAll(async () => {
  await client.endAsync();
  await testApp.close();
});

const now = () => wholeSecond(new Date());
const yesterdayMidnight = () =>
  Date.UTC(now().getUTCFullYear(), now().getUTCMonth(), now().getUTCDate()) - 86_400_000;

describe('a valid batch', () => {
  it('is stored, and acknowledged only once it is', async () => {
    const cowId = await cowWearing(testApp, farmer, 'C101', 40101);
    const at = minutesAgo(5, now());
    await publishReadings(client, gateway.topic, [
      reading(40101, 1, minutesAgo(10, at), { temp: 38.6, activity: 11 }),
      reading(40101, 2, at, { temp: 38.9, activity: 14, drink: 2 }),
    ]);
    // No waiting: the PUBACK came after the commit, so the rows are there the moment publish resolves.
    const rows = await storedReadings(testApp, gateway.farmId);
    expect(rows.filter((row) => row.sensorId === 40101)).toEqual([
      { sensorId: 40101, cowId, num: 1, temperature: 38.6 },
      { sensorId: 40101, cowId, num: 2, temperature: 38.9 },
    ]);
    expect(await cowState(testApp, cowId)).toMatchObject({
      currentTemperature: 38.9,
      lastReadingAt: at.toISOString(),
      sensorOnline: true,
    });
    // Her current activity: her newest reading until the detection stage behind the ingest has judged her
    // (update-cow-state), then her mean over her last two hours, here both readings (decision 0013).
    await waitFor(async () => (await cowState(testApp, cowId)).currentActivity === 12.5);
  });

  it('is acknowledged after the commit, however long the commit takes', async () => {
    await cowWearing(testApp, farmer, 'C103', 40103);
    const original = testApp.db.transaction.bind(testApp.db);
    testApp.db.transaction = <T>(work: (tx: Queryable) => Promise<T>) =>
      original(async (tx) => {
        const result = await work(tx);
        await pause(400);
        return result;
      });
    const started = Date.now();
    try {
      await publishReadings(client, gateway.topic, [reading(40103, 1, minutesAgo(2, now()), { temp: 38.1 })]);
    } finally {
      testApp.db.transaction = original;
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(
      (await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === 40103),
    ).toHaveLength(1);
  });

  it('is not acknowledged when the write fails: the gateway sends it again and it is stored once', async () => {
    await cowWearing(testApp, farmer, 'C104', 40104);
    const resender = await connectGateway(brokerUrl(testApp), gateway, {
      clientId: 'resender',
      clean: false,
      reconnectPeriod: 100,
    });
    let closes = 0;
    resender.on('close', () => (closes += 1));
    const original = testApp.db.transaction.bind(testApp.db);
    // The first write of the readings fails (the detection stage's own transactions are left alone).
    let attempts = 0;
    testApp.db.transaction = <T>(work: (tx: Queryable) => Promise<T>) =>
      original((tx) =>
        work({
          ...tx,
          query: (sql, params) => {
            if (/INSERT INTO sensor_readings/.test(sql) && ++attempts === 1) {
              return Promise.reject(new Error('database unavailable'));
            }
            return tx.query(sql, params);
          },
        }),
      );
    try {
      await publishReadings(resender, gateway.topic, [
        reading(40104, 1, minutesAgo(2, now()), { temp: 38.3 }),
      ]);
    } finally {
      testApp.db.transaction = original;
    }
    expect(attempts).toBe(2);
    expect(closes).toBe(1);
    expect(
      (await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === 40104),
    ).toHaveLength(1);
    await resender.endAsync();
  });

  it('accepts a single reading object as the payload', async () => {
    await cowWearing(testApp, farmer, 'C102', 40102);
    await publishReadings(client, gateway.topic, reading(40102, 1, minutesAgo(3, now()), { temp: 38.5 }));
    expect(
      (await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === 40102),
    ).toHaveLength(1);
  });
});

describe('duplicates', () => {
  it('change nothing: same sensor and num, or same sensor and time', async () => {
    const cowId = await cowWearing(testApp, farmer, 'C111', 40111);
    const at = minutesAgo(4, now());
    await publishReadings(client, gateway.topic, [reading(40111, 7, at, { temp: 38.7, activity: 12 })]);
    // Her state once detection has worked out her averages from that reading.
    await waitFor(async () => (await cowState(testApp, cowId)).averageTemperature !== null);
    const before = await cowState(testApp, cowId);
    const stats = { ...testApp.services.ingest.stats };

    await publishReadings(client, gateway.topic, [
      // the same reading again (a QoS 1 resend)
      reading(40111, 7, at, { temp: 38.7, activity: 12 }),
      // same num, other values and time
      reading(40111, 7, minutesAgo(1, at), { temp: 41.5, activity: 90 }),
      // same time, other num
      reading(40111, 8, at, { temp: 41.5, activity: 90 }),
    ]);

    const rows = (await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === 40111);
    expect(rows).toEqual([{ sensorId: 40111, cowId, num: 7, temperature: 38.7 }]);
    expect(await cowState(testApp, cowId)).toEqual(before);
    expect(testApp.services.ingest.stats.duplicate - stats.duplicate).toBe(3);
    expect(testApp.services.ingest.stats.stored - stats.stored).toBe(0);
  });

  it('within one batch: the first is stored, the second is its duplicate', async () => {
    const cowId = await cowWearing(testApp, farmer, 'C112', 40112);
    const at = minutesAgo(2, now());
    await publishReadings(client, gateway.topic, [
      reading(40112, 1, at, { temp: 38.4 }),
      reading(40112, 1, at, { temp: 39.9 }),
    ]);
    const rows = (await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === 40112);
    expect(rows).toEqual([{ sensorId: 40112, cowId, num: 1, temperature: 38.4 }]);
    expect((await cowState(testApp, cowId)).currentTemperature).toBe(38.4);
  });
});

describe('a partial batch', () => {
  it('keeps the good items and rejects, counts and logs the bad ones', async () => {
    await cowWearing(testApp, farmer, 'C121', 40121);
    const at = minutesAgo(6, now());
    const stats = { ...testApp.services.ingest.stats };
    await publishReadings(client, gateway.topic, [
      reading(40121, 1, at, { temp: 38.5 }),
      { sensor: 40121, num: 2, timedate: 'yesterday', temp: 38.5 },
      { sensor: 40121, timedate: at.toISOString() },
      reading(40121, 4, at, { temp: 99 }),
      reading(40121, 5, minutesAgo(-120, now())),
      'not a reading',
      reading(40121, 7, minutesAgo(10, at), { temp: 38.2 }),
    ]);
    const rows = (await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === 40121);
    expect(rows.map((row) => row.num)).toEqual([1, 7]);
    expect(testApp.services.ingest.stats.rejected - stats.rejected).toBe(5);
    expect(testApp.services.ingest.stats.stored - stats.stored).toBe(2);
  });

  it('acknowledges a message that is not JSON and counts it as unreadable', async () => {
    const unreadable = testApp.services.ingest.stats.unreadable;
    await client.publishAsync(gateway.topic, 'not json {', { qos: 1 });
    expect(testApp.services.ingest.stats.unreadable).toBe(unreadable + 1);
    expect(client.connected).toBe(true);
  });
});

describe('gateway credentials and topics', () => {
  it('refuses a connection with a wrong secret', async () => {
    await expect(
      connectGateway(brokerUrl(testApp), { username: gateway.username, secret: 'wrong' }),
    ).rejects.toMatchObject({ code: 4 });
  });

  it('refuses a connection from an unknown gateway and one without credentials', async () => {
    await expect(
      connectGateway(brokerUrl(testApp), { username: 'nobody', secret: 'x' }),
    ).rejects.toMatchObject({ code: 4 });
    await expect(connectGateway(brokerUrl(testApp), { username: '', secret: '' })).rejects.toMatchObject({
      code: 4,
    });
  });

  it("closes the connection of a gateway publishing to another farm's topic and stores nothing", async () => {
    await cowWearing(testApp, farmer, 'C131', 40131);
    const intruder = await connectGateway(brokerUrl(testApp), neighbourGateway);
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(gateway.topic, JSON.stringify([reading(40131, 1, minutesAgo(1, now()), { temp: 41 })]), {
      qos: 1,
    });
    await closed;
    await pause(100);
    const rows = await storedReadings(testApp, gateway.farmId);
    expect(rows.filter((row) => row.sensorId === 40131)).toEqual([]);
    expect(await storedReadings(testApp, neighbourGateway.farmId)).toEqual([]);
    intruder.end(true);
  });

  it("refuses a subscription to another farm's topic or a wildcard across farms, allows its own", async () => {
    const subscriber = await connectGateway(brokerUrl(testApp), neighbourGateway);
    const refused = { packet: { granted: [128] } };
    await expect(subscriber.subscribeAsync(gateway.topic, { qos: 1 })).rejects.toMatchObject(refused);
    await expect(
      subscriber.subscribeAsync(`${testApp.services.config.mqttTopicRoot}/#`, { qos: 1 }),
    ).rejects.toMatchObject(refused);
    expect(await subscriber.subscribeAsync(neighbourGateway.topic, { qos: 1 })).toEqual([
      { topic: neighbourGateway.topic, qos: 1 },
    ]);
    expect(subscriber.connected).toBe(true);
    await subscriber.endAsync();
  });

  it("gives each gateway its own client-id space: the same id does not kick another farm's gateway", async () => {
    const first = await connectGateway(brokerUrl(testApp), gateway, { clientId: 'shared-id' });
    const second = await connectGateway(brokerUrl(testApp), neighbourGateway, { clientId: 'shared-id' });
    await pause(100);
    expect(first.connected).toBe(true);
    expect(second.connected).toBe(true);
    await Promise.all([first.endAsync(), second.endAsync()]);
  });
});

describe('an unassigned sensor', () => {
  it('stores its readings with no cow and gives notice 703 once per sensor per day', async () => {
    const at = minutesAgo(3, now());
    await publishReadings(client, gateway.topic, [
      reading(49901, 1, minutesAgo(10, at), { temp: 38.1 }),
      reading(49901, 2, at, { temp: 38.2 }),
    ]);
    await publishReadings(client, gateway.topic, [reading(49901, 3, minutesAgo(-1, at), { temp: 38.3 })]);
    const rows = (await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === 49901);
    expect(rows.map((row) => [row.num, row.cowId])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
    const notices = (await noticesOf(testApp, gateway.farmId)).filter((notice) => notice.code === 703);
    expect(notices).toEqual([
      {
        code: 703,
        cowId: null,
        sensorId: 49901,
        details: { sensor: 49901, readings: 2, firstReadingAt: minutesAgo(10, at).toISOString() },
      },
    ]);
    expect(detailsProblems(notices[0])).toEqual([]);
  });

  it("is unassigned in another farm even when this farm's cow wears a sensor with that id", async () => {
    const cowId = await cowWearing(testApp, farmer, 'C141', 40141);
    const neighbourClient = await connectGateway(brokerUrl(testApp), neighbourGateway);
    await publishReadings(neighbourClient, neighbourGateway.topic, [
      reading(40141, 1, minutesAgo(2, now()), { temp: 41.9 }),
    ]);
    await neighbourClient.endAsync();
    expect(await storedReadings(testApp, neighbourGateway.farmId)).toEqual([
      { sensorId: 40141, cowId: null, num: 1, temperature: 41.9 },
    ]);
    expect((await cowState(testApp, cowId)).currentTemperature).toBeNull();
  });
});

describe("a cow's current and average values", () => {
  it('are written once per batch per cow, whatever the number of readings', async () => {
    const cows = [40151, 40152, 40153];
    for (const [index, sensor] of cows.entries()) {
      await cowWearing(testApp, farmer, `C15${index + 1}`, sensor);
    }
    const statements: string[] = [];
    const original = testApp.db.transaction.bind(testApp.db);
    testApp.db.transaction = <T>(work: (tx: Queryable) => Promise<T>) =>
      original((tx) =>
        work({
          ...tx,
          query: (sql, params) => {
            statements.push(sql);
            return tx.query(sql, params);
          },
        }),
      );
    try {
      const at = minutesAgo(30, now());
      await publishReadings(
        client,
        gateway.topic,
        cows.flatMap((sensor) =>
          [0, 10, 20].map((minutes, num) =>
            reading(sensor, num + 1, minutesAgo(-minutes, at), { temp: 38.5 + num / 10 }),
          ),
        ),
      );
    } finally {
      testApp.db.transaction = original;
    }
    // (The detection stage's later writes of the averages are its own statements.)
    expect(
      statements.filter((sql) =>
        /UPDATE cows c\s+SET current_temperature = coalesce\(x\.temperature/.test(sql),
      ),
    ).toHaveLength(1);
    expect(statements.filter((sql) => /INSERT INTO sensor_readings/.test(sql))).toHaveLength(1);
  });

  it('are the latest reading at once, and the mean of the days before it (10 for temperature, 7 for activity) right after', async () => {
    const cowId = await cowWearing(testApp, farmer, 'C161', 40161, { temperatureOffset: 0.3 });
    const latest = minutesAgo(5, now());
    const daysBefore = (days: number, minutes = 0) => minutesAgo(days * 1440 + minutes, latest);
    const socket = await openFarmSocket(testApp, farmer);
    const neighbourSocket = await openFarmSocket(testApp, neighbour);
    await publishReadings(client, gateway.topic, [
      reading(40161, 1, daysBefore(9), { temp: 38.0, activity: 40 }), // outside the 7 activity days
      reading(40161, 2, daysBefore(2), { temp: 38.2, activity: 10 }),
      reading(40161, 3, daysBefore(1, 10), { temp: 38.4, activity: 20 }),
      reading(40161, 4, daysBefore(1), { temp: 38.6, activity: 30 }),
      reading(40161, 5, latest, { temp: 39.9, activity: 26 }),
    ]);
    // Committed with the batch: the current values, the last reading and the sensor state.
    expect(await cowState(testApp, cowId)).toMatchObject({
      currentTemperature: 39.9,
      currentActivity: 26,
      lastReadingAt: latest.toISOString(),
      sensorOnline: true,
    });
    // The detection stage writes the averages after the commit:
    // temperature: mean(38.0, 38.2, 38.4, 38.6) = 38.3; activity: mean(10, 20, 30) = 20
    await waitFor(async () => (await cowState(testApp, cowId)).averageTemperature !== null);
    expect(await cowState(testApp, cowId)).toMatchObject({ averageTemperature: 38.3, averageActivity: 20 });
    const cowInfo = () =>
      socket.messages.flatMap((message) =>
        message.type === 'cowinfo' && message.data.id === cowId ? [message.data] : [],
      );
    await waitFor(() => cowInfo().length === 2);
    expect(cowInfo()[0]).toMatchObject({
      temp_current: 39.9,
      activity_current: 26,
      lastReadingAt: latest.toISOString().replace('.000Z', 'Z'),
      sensorzt: 1,
    });
    // fever = 39.9 - (38.3 + 0.3) = 1.3; activity = (26 - 20) / 20 = +30 %
    expect(cowInfo()[1]).toEqual({
      id: cowId,
      temp_current: 39.9,
      temp_avg: 38.3,
      fever: 1.3,
      activity_current: 26,
      activity_avg: 20,
      activity: 30,
    });
    expect(socket.messages.find((message) => message.type === 'sensorzt')?.data).toEqual({
      cowId,
      sensor: 40161,
      sensorzt: 1,
    });
    await pause(100);
    expect(neighbourSocket.messages.map((message) => message.type)).toEqual(['register_res']);
    socket.close();
    neighbourSocket.close();
  });

  it("use her first day's mean while a cow has no earlier day", async () => {
    const cowId = await cowWearing(testApp, farmer, 'C171', 40171);
    // Her first readings, on one day whatever the time of the run: yesterday, 01:00 and 01:10 UTC.
    const firstDay = yesterdayMidnight();
    await publishReadings(client, gateway.topic, [
      reading(40171, 1, new Date(firstDay + 60 * 60_000), { temp: 38.2, activity: 8 }),
      reading(40171, 2, new Date(firstDay + 70 * 60_000), { temp: 38.6, activity: 12 }),
    ]);
    await waitFor(async () => (await cowState(testApp, cowId)).averageTemperature !== null);
    expect(await cowState(testApp, cowId)).toMatchObject({
      currentTemperature: 38.6,
      averageTemperature: 38.4,
      averageActivity: 10,
    });
  });

  it('change when a day ends, not with the readings of the day, and take in late readings of earlier days', async () => {
    // Her "today" is yesterday, so every reading is in the past whatever the time of the run.
    const today = yesterdayMidnight();
    const at = (hoursFromMidnight: number) => new Date(today + hoursFromMidnight * 3_600_000);
    const cowId = await cowWearing(testApp, farmer, 'C191', 40191);
    const averagesOf = async () => {
      const { averageTemperature, averageActivity } = await cowState(testApp, cowId);
      return { averageTemperature, averageActivity };
    };
    await publishReadings(client, gateway.topic, [
      reading(40191, 1, at(-36), { temp: 38.8, activity: 30 }),
      reading(40191, 2, at(-0.2), { temp: 38.6, activity: 20 }),
    ]);
    // Yesterday is her newest day: its average is the day before it.
    await waitFor(async () => (await averagesOf()).averageTemperature === 38.8);
    expect(await averagesOf()).toEqual({ averageTemperature: 38.8, averageActivity: 30 });
    // Her first batch of today: the averages are the days before today.
    await publishReadings(client, gateway.topic, [reading(40191, 3, at(0.3), { temp: 39, activity: 25 })]);
    await waitFor(async () => (await averagesOf()).averageTemperature === 38.7);
    expect(await averagesOf()).toEqual({ averageTemperature: 38.7, averageActivity: 25 });
    // Later today: current values move; then a gateway's late backlog of yesterday arrives. The averages
    // take in the backlog and none of today's readings.
    await publishReadings(client, gateway.topic, [reading(40191, 4, at(0.4), { temp: 41, activity: 5 })]);
    await publishReadings(client, gateway.topic, [reading(40191, 5, at(-12), { temp: 38.3, activity: 10 })]);
    await waitFor(async () => (await averagesOf()).averageTemperature !== 38.7);
    expect(await cowState(testApp, cowId)).toMatchObject({
      currentTemperature: 41,
      // Her last two hours against her usual at their hours (decision 0013): today's 00:00 hour has no usual
      // yet, so of her readings since 22:24 only yesterday's 23:48 one counts.
      currentActivity: 20,
      averageTemperature: 38.57, // mean(38.8, 38.6, 38.3)
      averageActivity: 20, // mean(30, 20, 10)
    });
  });

  it("hold her newest activity against her usual activity at that hour of the day, not her day's mean", async () => {
    // Her "today" is yesterday, so every reading is in the past whatever the time of the run.
    const today = yesterdayMidnight();
    const at = (day: number, hour: number) => new Date(today + day * 86_400_000 + hour * 3_600_000);
    const cowId = await cowWearing(testApp, farmer, 'C195', 40195);
    // A week of quiet nights (02:00, 4 counts) and busy milkings (06:00, 16 counts): a day's mean of 10.
    await publishReadings(
      client,
      gateway.topic,
      [-7, -6, -5, -4, -3, -2, -1].flatMap((day) => [
        reading(40195, 100 + 2 * day, at(day, 2), { temp: 38.6, activity: 4 }),
        reading(40195, 101 + 2 * day, at(day, 6), { temp: 38.6, activity: 16 }),
      ]),
    );
    const socket = await openFarmSocket(testApp, farmer);
    const activityInfo = () =>
      socket.messages.flatMap((message) =>
        message.type === 'cowinfo' && message.data.id === cowId && message.data.activity_avg !== undefined
          ? [message.data]
          : [],
      );
    const listed = async () => {
      const response = await call(testApp, api.cows.getCowInfo, {
        token: farmer.token,
        params: { id: cowId },
      });
      const { activity, activity_current, activity_avg } = response.json<{ data: Cow }>().data;
      return { activity, activity_current, activity_avg };
    };

    // Tonight she is as quiet as every night: normal (0 %), where the day's mean of 10 would say -60 %.
    await publishReadings(client, gateway.topic, [
      reading(40195, 200, at(0, 2.2), { temp: 38.6, activity: 4 }),
    ]);
    // The list shows her activity once the detection stage has judged her last two hours (decision 0013):
    // here her one reading of tonight against her usual at 02:00.
    const judged = (current: number) => waitFor(async () => (await listed()).activity_current === current);
    await waitFor(async () => (await cowState(testApp, cowId)).averageActivity === 10);
    await judged(4);
    expect(await listed()).toEqual({ activity: 0, activity_current: 4, activity_avg: 4 });
    // At milking she moves less than at her usual milkings: low (-25 %), where the day's mean would say +20 %.
    await publishReadings(client, gateway.topic, [
      reading(40195, 201, at(0, 6.2), { temp: 38.6, activity: 12 }),
    ]);
    await judged(12);
    expect(await listed()).toEqual({ activity: -25, activity_current: 12, activity_avg: 16 });
    // The live update the cow list applies says the same.
    await waitFor(() => activityInfo().some((info) => info.activity_current === 12));
    expect(activityInfo().at(-1)).toMatchObject({ activity: -25, activity_current: 12, activity_avg: 16 });
    socket.close();
  });

  it('do not go back in time when an older backlog arrives after newer readings', async () => {
    const cowId = await cowWearing(testApp, farmer, 'C181', 40181);
    // Both readings in one clock hour: her only usual is of the hour of her first reading (decision 0013).
    const recent = minutesAgo(2, now());
    const latest = recent.getUTCMinutes() >= 10 ? recent : minutesAgo(recent.getUTCMinutes() + 2, recent);
    await publishReadings(client, gateway.topic, [reading(40181, 10, latest, { temp: 38.8, activity: 15 })]);
    await publishReadings(client, gateway.topic, [
      reading(40181, 9, minutesAgo(10, latest), { temp: 41, activity: 90 }),
    ]);
    expect(await cowState(testApp, cowId)).toMatchObject({
      currentTemperature: 38.8,
      lastReadingAt: latest.toISOString(),
    });
    // Her activity is her last two hours' mean (decision 0013): the late reading is one of them.
    await waitFor(async () => (await cowState(testApp, cowId)).currentActivity === 52.5);
    expect(await cowState(testApp, cowId)).toMatchObject({
      currentTemperature: 38.8,
      lastReadingAt: latest.toISOString(),
    });
  });
});
