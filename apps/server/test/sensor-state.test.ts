import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markSilentSensorsOffline, SENSOR_OFFLINE_CHUNK } from '../src/jobs/sensor-offline-job';
import { runLocked } from '../src/jobs/job-runner';
import { farmIdOf } from './cows-fixtures';
import { createFarmUser, type TestApp, type TestUser } from './helpers/test-app';
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
  waitFor,
  wholeSecond,
  type TestGateway,
} from './ingest-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let neighbour: TestUser;
let gateway: TestGateway;

beforeAll(async () => {
  ({ testApp, farmer, neighbour, gateway } = await openGatewayFarms({ listening: true }));
});
afterAll(() => testApp.close());

const runJob = (now: Date) => markSilentSensorsOffline(testApp.db, testApp.services.bus, now);
const sensorNotices = async (sensorId: number) =>
  (await noticesOf(testApp, gateway.farmId)).filter((notice) => notice.sensorId === sensorId);

describe('sensor offline job', () => {
  it('marks a sensor offline after three missed intervals (30 minutes), with notice 701 once', async () => {
    const now = wholeSecond(new Date());
    const lastReading = minutesAgo(31, now);
    const silent = await cowWearing(testApp, farmer, 'C301', 40301, {
      sensorOnline: true,
      lastReadingAt: lastReading.toISOString(),
    });
    const recent = await cowWearing(testApp, farmer, 'C302', 40302, {
      sensorOnline: true,
      lastReadingAt: minutesAgo(29, now).toISOString(),
    });
    const culled = await cowWearing(testApp, farmer, 'C303', 40303, {
      sensorOnline: true,
      lastReadingAt: minutesAgo(120, now).toISOString(),
      culled: true,
    });
    const socket = await openFarmSocket(testApp, farmer);
    const neighbourSocket = await openFarmSocket(testApp, neighbour);

    expect(await runJob(now)).toBe(1);
    expect((await cowState(testApp, silent)).sensorOnline).toBe(false);
    expect((await cowState(testApp, recent)).sensorOnline).toBe(true);
    expect((await cowState(testApp, culled)).sensorOnline).toBe(true);
    expect(await sensorNotices(40301)).toEqual([
      {
        code: 701,
        cowId: silent,
        sensorId: 40301,
        details: { sensor: 40301, lastReadingAt: lastReading.toISOString(), missedIntervals: 3 },
      },
    ]);
    expect(detailsProblems((await sensorNotices(40301))[0])).toEqual([]);
    await waitFor(() => socket.messages.some((message) => message.type === 'notice'));
    expect(socket.messages.find((message) => message.type === 'sensorzt')?.data).toEqual({
      cowId: silent,
      sensor: 40301,
      sensorzt: 0,
    });
    expect(socket.messages.find((message) => message.type === 'notice')?.data).toMatchObject({
      cowid: silent,
      sensor: 40301,
      noticecode: 701,
      time: minutesAgo(1, now).toISOString(),
    });

    // Five minutes later the other cow's sensor is silent too; the first one gets no second notice.
    expect(await runJob(minutesAgo(-5, now))).toBe(1);
    expect((await cowState(testApp, recent)).sensorOnline).toBe(false);
    expect(await sensorNotices(40301)).toHaveLength(1);
    expect((await sensorNotices(40302)).map((notice) => notice.code)).toEqual([701]);
    await pause(100);
    expect(neighbourSocket.messages.map((message) => message.type)).toEqual(['register_res']);
    socket.close();
    neighbourSocket.close();
  });

  it('takes a whole silent gateway offline in one run, however many sensors, each with one 701', async () => {
    const now = wholeSecond(new Date());
    const count = 2 * SENSOR_OFFLINE_CHUNK + 1;
    const cows: number[] = [];
    for (let index = 0; index < count; index += 1) {
      cows.push(
        await cowWearing(testApp, farmer, `C${6000 + index}`, 46000 + index, {
          sensorOnline: true,
          lastReadingAt: minutesAgo(45, now).toISOString(),
        }),
      );
    }
    expect(await runJob(now)).toBeGreaterThanOrEqual(count);
    for (const cowId of cows) expect((await cowState(testApp, cowId)).sensorOnline).toBe(false);
    const offline = (await noticesOf(testApp, gateway.farmId)).filter(
      (notice) => notice.code === 701 && cows.includes(notice.cowId ?? -1),
    );
    expect(offline).toHaveLength(count);
  });

  it('runs on one instance at a time: a run finding the lock taken does nothing', async () => {
    const now = wholeSecond(new Date());
    const cowId = await cowWearing(testApp, farmer, 'C311', 40311, {
      sensorOnline: true,
      lastReadingAt: minutesAgo(45, now).toISOString(),
    });
    let duringHeldLock: number | undefined;
    // PGlite has one connection, so "another instance" can only be tried on PostgreSQL; there the job's
    // lock is held by a second transaction while the job runs.
    if (testApp.db.kind === 'postgres') {
      await runLocked(testApp.db, 'sensor-offline', async () => {
        duringHeldLock = await runJob(now);
      });
      expect(duringHeldLock).toBe(0);
      expect((await cowState(testApp, cowId)).sensorOnline).toBe(true);
    }
    expect(await runJob(now)).toBe(1);
    expect((await cowState(testApp, cowId)).sensorOnline).toBe(false);
  });
});

describe('a sensor heard only through a backlog', () => {
  it('gets its 701 once the farm is live and it is not, and none while the whole farm is behind', async () => {
    const now = wholeSecond(new Date());
    const owner = await createFarmUser(testApp);
    const stoppedAt = minutesAgo(60, now);
    // A new gateway's upload: one collar's news ends an hour ago, another's is still three hours behind.
    const stopped = await cowWearing(testApp, owner, 'C341', 40341, {
      lastReadingAt: stoppedAt.toISOString(),
    });
    const behind = await cowWearing(testApp, owner, 'C342', 40342, {
      lastReadingAt: minutesAgo(180, now).toISOString(),
    });
    const noticesOfFarm = async () =>
      (await noticesOf(testApp, await farmIdOf(testApp, owner))).map((notice) => [notice.cowId, notice.code]);
    await runJob(now);
    expect(await noticesOfFarm()).toEqual([]);

    // The upload has reached the present: a third collar reported two minutes ago.
    await cowWearing(testApp, owner, 'C343', 40343, {
      sensorOnline: true,
      lastReadingAt: minutesAgo(2, now).toISOString(),
    });
    await runJob(now);
    expect(await noticesOfFarm()).toEqual(
      expect.arrayContaining([
        [stopped, 701],
        [behind, 701],
      ]),
    );
    const [offline] = (await noticesOf(testApp, await farmIdOf(testApp, owner))).filter(
      (notice) => notice.cowId === stopped,
    );
    expect(offline?.details).toMatchObject({ lastReadingAt: stoppedAt.toISOString() });
    await runJob(minutesAgo(-5, now));
    expect(await noticesOfFarm()).toHaveLength(2);
  });
});

describe('a sensor coming back', () => {
  it('goes online with its next reading, with notice 702 and sensorzt 1', async () => {
    const now = wholeSecond(new Date());
    const lastReading = minutesAgo(50, now);
    const cowId = await cowWearing(testApp, farmer, 'C321', 40321, {
      sensorOnline: true,
      lastReadingAt: lastReading.toISOString(),
    });
    expect(await runJob(now)).toBeGreaterThanOrEqual(1);
    const socket = await openFarmSocket(testApp, farmer);
    const client = await connectGateway(brokerUrl(testApp), gateway);
    const back = minutesAgo(1, now);
    await publishReadings(client, gateway.topic, [reading(40321, 9, back, { temp: 38.6 })]);
    await client.endAsync();

    expect((await cowState(testApp, cowId)).sensorOnline).toBe(true);
    expect(await sensorNotices(40321)).toEqual([
      expect.objectContaining({ code: 701 }),
      {
        code: 702,
        cowId,
        sensorId: 40321,
        details: { sensor: 40321, lastReadingBefore: lastReading.toISOString(), backAt: back.toISOString() },
      },
    ]);
    for (const notice of await sensorNotices(40321)) expect(detailsProblems(notice)).toEqual([]);
    await waitFor(() => socket.messages.some((message) => message.type === 'notice'));
    expect(
      socket.messages.filter((message) => message.type === 'sensorzt').map((message) => message.data),
    ).toEqual([{ cowId, sensor: 40321, sensorzt: 1 }]);
    expect(socket.messages.find((message) => message.type === 'notice')?.data).toMatchObject({
      noticecode: 702,
      cowid: cowId,
    });
    socket.close();
  });

  it('is not brought back by an old backlog reading, and a new sensor gets no 702', async () => {
    const now = wholeSecond(new Date());
    const offline = await cowWearing(testApp, farmer, 'C331', 40331, {
      sensorOnline: false,
      lastReadingAt: minutesAgo(180, now).toISOString(),
    });
    const fresh = await cowWearing(testApp, farmer, 'C332', 40332);
    const client = await connectGateway(brokerUrl(testApp), gateway);
    await publishReadings(client, gateway.topic, [
      reading(40331, 1, minutesAgo(90, now), { temp: 38.5 }),
      reading(40332, 1, minutesAgo(2, now), { temp: 38.5 }),
    ]);
    await client.endAsync();
    expect(await cowState(testApp, offline)).toMatchObject({
      sensorOnline: false,
      lastReadingAt: minutesAgo(90, now).toISOString(),
    });
    expect((await cowState(testApp, fresh)).sensorOnline).toBe(true);
    expect(await sensorNotices(40331)).toEqual([]);
    expect(await sensorNotices(40332)).toEqual([]);
  });

  it('gets no 702 when a backlog that was its first news reaches the present: it never went offline', async () => {
    const now = wholeSecond(new Date());
    const cowId = await cowWearing(testApp, farmer, 'C333', 40333);
    const client = await connectGateway(brokerUrl(testApp), gateway);
    // A new gateway uploads its past first (as the demo's simulator replays ten days), then the present.
    await publishReadings(client, gateway.topic, [
      reading(40333, 1, minutesAgo(24 * 60, now), { temp: 38.5 }),
      reading(40333, 2, minutesAgo(12 * 60, now), { temp: 38.6 }),
    ]);
    expect((await cowState(testApp, cowId)).sensorOnline).toBe(false);
    await publishReadings(client, gateway.topic, [reading(40333, 3, minutesAgo(1, now), { temp: 38.7 })]);
    await client.endAsync();
    expect((await cowState(testApp, cowId)).sensorOnline).toBe(true);
    expect(await sensorNotices(40333)).toEqual([]);
  });
});
