// Detection by farm across instances: two instances on one PostgreSQL and one bus (Redis, then NATS). Each farm
// is detected by one of them; the other hands it the cows of the batches it stores. Required in CI; locally it
// runs with TEST_DATABASE=postgres and REDIS_URL or NATS_URL. On PGlite there is one writer and no hand-off,
// which is what the PGlite pass checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { detectEstrusEpisodes } from '@cowcare/domain/estrus-detection';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { inboxChannel, membersChannel } from '../src/detection/detection-handoff';
import { farmOwner } from '../src/detection/farm-owner';
import {
  call,
  createFarmUser,
  createTestApp,
  testConfig,
  TEST_RUN_ID,
  type TestApp,
  type TestUser,
} from './helpers/test-app';
import { metricSample, scrapeMetrics } from './helpers/metrics';
import { describeWithServices } from './helpers/required-services';
import { testDatabaseKind } from './helpers/test-database';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';
import {
  basicAuthorization,
  cowWearing,
  createGateway,
  noticesOf,
  reading,
  waitFor,
  type TestGateway,
} from './ingest-fixtures';
import { collar, DAY, HOUR, insertReadings, SLOT, slots, step, type ReadingRow } from './notices-fixtures';

const buses = [
  ['redis', process.env.REDIS_URL],
  ['nats', process.env.NATS_URL],
] as const;

for (const [name, url] of buses) {
  describeWithServices(
    `detection by farm across instances, on a ${name} bus`,
    url ? undefined : `${name.toUpperCase()}_URL`,
    () => {
      if (testDatabaseKind() === 'postgres') {
        describe('two instances on one PostgreSQL', () => {
          handoffSuite(url ?? '');
          heatMarksSuite(url ?? '');
          outageSuite(url ?? '');
        });
      } else {
        soleWriterSuite(url ?? '');
      }
    },
  );
}

/** Two instances on one database; the second reaches the bus at `secondBusUrl` (a proxy, to cut it). */
interface InstancePair {
  first: TestApp;
  second: TestApp;
  names: [string, string];
  busChannel: string;
}

const openPair = async (name: string, busUrl: string, secondBusUrl = busUrl): Promise<InstancePair> => {
  const names: [string, string] = [`${name}-1-${TEST_RUN_ID}`, `${name}-2-${TEST_RUN_ID}`];
  const busChannel = `cowcare-test.${name}.${TEST_RUN_ID}`;
  const first = await createTestApp({ busUrl, busChannel, instanceName: names[0] });
  const second = await anotherInstance(first, { busUrl: secondBusUrl, busChannel, instanceName: names[1] });
  return { first, second, names, busChannel };
};

/** One more instance on the database of `first`. */
const anotherInstance = async (
  first: TestApp,
  config: Pick<Config, 'busUrl' | 'busChannel' | 'instanceName'>,
): Promise<TestApp> => {
  const built = await buildApp(testConfig(config), first.db);
  await built.app.ready();
  return { ...built, db: first.db, close: () => built.app.close() };
};

const closePair = async (pair: InstancePair | undefined) => {
  await pair?.second.close();
  await pair?.first.close();
};

const metric = async (instance: TestApp, name: string, labels = '') =>
  metricSample((await scrapeMetrics(instance.app)).body, name, labels) ?? 0;
const handedOff = (instance: TestApp, way: string) =>
  metric(instance, 'cowcare_detection_handoff_batches_total', `{way="${way}"}`);
const instancesHeard = (instance: TestApp) => metric(instance, 'cowcare_detection_instances');

interface Farm {
  farmer: TestUser;
  gateway: TestGateway;
}

/** A new farm with a gateway that `owner` detects for (each new farm goes to either, as its id hashes). */
const farmDetectedBy = async (pair: InstancePair, owner: TestApp): Promise<Farm> => {
  const ownerName = owner === pair.first ? pair.names[0] : pair.names[1];
  for (;;) {
    const farmer = await createFarmUser(pair.first);
    const gateway = await createGateway(pair.first, farmer);
    if (farmOwner(gateway.farmId, pair.names) === ownerName) return { farmer, gateway };
  }
};

/**
 * A cow of the farm with a fever held for two hours, and the reading that makes its notice due posted through
 * `through`'s HTTP ingest. Answers her id.
 */
const feverThrough = async (pair: InstancePair, through: TestApp, farm: Farm, sensorId: number) => {
  const cowId = await cowWearing(pair.first, farm.farmer, `C${sensorId}`, sensorId);
  const now = Math.floor(Date.now() / SLOT) * SLOT;
  const history = slots(now - 3 * DAY, now).map((time) => ({
    time,
    temperature: time >= now - 2 * HOUR ? 40.15 : 38.9,
  }));
  await insertReadings(pair.first, farm.gateway.farmId, cowId, sensorId, history);
  const response = await call(through, api.ingest.postReadings, {
    body: [reading(sensorId, Math.floor(now / SLOT), new Date(now), { temp: 40.15 })],
    headers: basicAuthorization(farm.gateway.username, farm.gateway.secret),
  });
  expect(response.statusCode).toBe(200);
  return cowId;
};

const feverNotices = async (pair: InstancePair, farm: Farm, cowId: number) =>
  (await noticesOf(pair.first, farm.gateway.farmId)).filter(
    (notice) => notice.cowId === cowId && notice.code >= 201 && notice.code <= 203,
  );

const postThrough = async (through: TestApp, farm: Farm, sensorId: number, row: ReadingRow) => {
  const values = { temp: row.temperature ?? undefined, activity: row.activity ?? undefined };
  const response = await call(through, api.ingest.postReadings, {
    body: [reading(sensorId, Math.floor(row.time / SLOT), new Date(row.time), values)],
    headers: basicAuthorization(farm.gateway.username, farm.gateway.secret),
  });
  expect(response.statusCode).toBe(200);
};

/**
 * A cycling cow of the farm whose collar has counted three times her usual activity for hours: her readings
 * stored up to the one before her heat's alert, which is posted through `detectedBy`, the instance that
 * detects for the farm; once it has detected her, a heat is building and no notice is out yet. Answers her id
 * and the way to post her alert's reading.
 */
interface HeatBuilding {
  cowId: number;
  postAlert: (through: TestApp) => Promise<void>;
}

const heatBuildingOn = async (
  pair: InstancePair,
  detectedBy: TestApp,
  farm: Farm,
  sensorId: number,
): Promise<HeatBuilding> => {
  const cowId = await cowWearing(pair.first, farm.farmer, `C${sensorId}`, sensorId);
  const now = Math.floor(Date.now() / SLOT) * SLOT;
  const readings = collar(
    now - 12 * DAY,
    now + SLOT,
    (time) => 1 + step(now - 12 * HOUR, now + SLOT, 2)(time),
  );
  const activity = readings.map(({ time, activity }) => ({ time, activity: activity ?? 0 }));
  const [episode] = detectEstrusEpisodes(activity, { parameters: { lookAhead: false } });
  const alertAt = episode?.alertAt ?? Infinity;
  const at = (time: number) => readings.filter((row) => row.time === time);
  const [beforeAlert] = at(alertAt - SLOT);
  const [alert] = at(alertAt);
  if (!beforeAlert || !alert) throw new Error('the series holds no heat whose alert is due by now');
  await insertReadings(
    pair.first,
    farm.gateway.farmId,
    cowId,
    sensorId,
    readings.filter((row) => row.time < beforeAlert.time),
  );
  const detected = await metric(detectedBy, 'cowcare_detection_cows_total');
  await postThrough(detectedBy, farm, sensorId, beforeAlert);
  await waitFor(async () => (await metric(detectedBy, 'cowcare_detection_cows_total')) > detected);
  expect(await heatNotices(pair, farm, cowId)).toEqual([]);
  return { cowId, postAlert: (through: TestApp) => postThrough(through, farm, sensorId, alert) };
};

const heatNotices = async (pair: InstancePair, farm: Farm, cowId: number) =>
  (await noticesOf(pair.first, farm.gateway.farmId)).filter(
    (notice) => notice.cowId === cowId && notice.code === 101,
  );

/** Cows the instance detected after the ingest told of them, by urgency (the timing comes after the notices). */
const detectionsTimed = async (instance: TestApp) => ({
  urgent: await metric(instance, 'cowcare_detection_delay_seconds_count', '{urgency="urgent"}'),
  routine: await metric(instance, 'cowcare_detection_delay_seconds_count', '{urgency="routine"}'),
});
/** Posts her alert's reading through `instance`, which detects her; answers whether she went first. */
const alertWentFirst = async (pair: InstancePair, instance: TestApp, farm: Farm, heat: HeatBuilding) => {
  const before = await detectionsTimed(instance);
  await heat.postAlert(instance);
  await waitFor(async () => {
    const now = await detectionsTimed(instance);
    return now.urgent + now.routine > before.urgent + before.routine;
  });
  expect(await heatNotices(pair, farm, heat.cowId)).toEqual([expect.objectContaining({ code: 101 })]);
  return (await detectionsTimed(instance)).urgent > before.urgent;
};
const heatMarksMoved = (instance: TestApp, way: 'sent' | 'received') =>
  metric(instance, 'cowcare_detection_heat_marks_moved_total', `{way="${way}"}`);

/** The embedded database has one writer, its process: one instance, which detects whatever it stores. */
function soleWriterSuite(busUrl: string) {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ busUrl, busChannel: `cowcare-test.sole.${TEST_RUN_ID}` });
  });
  afterAll(() => testApp?.close());

  it('on PGlite an instance with a bus neither says it is there nor hands anything over', async () => {
    const text = (await scrapeMetrics(testApp.app)).body;
    expect(metricSample(text, 'cowcare_detection_instances')).toBeUndefined();
    expect(metricSample(text, 'cowcare_detection_handoff_batches_total', '{way="kept"}')).toBeUndefined();
    expect(metricSample(text, 'cowcare_detection_cows_total')).toBe(0);
  });
}

function handoffSuite(busUrl: string) {
  let pair: InstancePair;
  beforeAll(async () => {
    pair = await openPair('handoff', busUrl);
  });
  afterAll(() => closePair(pair));

  it('each instance hears the other, and both count two', async () => {
    await waitFor(async () => (await instancesHeard(pair.first)) === 2);
    await waitFor(async () => (await instancesHeard(pair.second)) === 2);
  });

  it.each([0, 1])(
    "a fever stored by the other instance is detected once, by the one that detects for the cow's farm (instance %i)",
    async (ownerIndex) => {
      const [owner, other] = ownerIndex === 0 ? [pair.first, pair.second] : [pair.second, pair.first];
      const farm = await farmDetectedBy(pair, owner);
      const before = {
        sent: await handedOff(other, 'sent'),
        received: await handedOff(owner, 'received'),
        otherDetected: await metric(other, 'cowcare_detection_cows_total'),
        ownerDetected: await metric(owner, 'cowcare_detection_cows_total'),
      };
      const cowId = await feverThrough(pair, other, farm, 40701 + ownerIndex);
      await waitFor(async () => (await feverNotices(pair, farm, cowId)).length > 0);

      expect(await feverNotices(pair, farm, cowId)).toEqual([expect.objectContaining({ cowId, code: 202 })]);
      expect(await handedOff(other, 'sent')).toBe(before.sent + 1);
      expect(await handedOff(owner, 'received')).toBe(before.received + 1);
      expect(await metric(other, 'cowcare_detection_cows_total')).toBe(before.otherDetected);
      expect(await metric(owner, 'cowcare_detection_cows_total')).toBeGreaterThan(before.ownerDetected);
    },
  );

  it('a fever stored by the instance that detects for the farm stays there', async () => {
    const farm = await farmDetectedBy(pair, pair.first);
    const kept = await handedOff(pair.first, 'kept');
    const sent = await handedOff(pair.first, 'sent');
    const cowId = await feverThrough(pair, pair.first, farm, 40703);
    await waitFor(async () => (await feverNotices(pair, farm, cowId)).length > 0);
    expect(await handedOff(pair.first, 'kept')).toBe(kept + 1);
    expect(await handedOff(pair.first, 'sent')).toBe(sent);
  });

  it('drops a hand-off that is not a batch of cows, and goes on', async () => {
    const peers = pair.first.services.bus.peers;
    if (!peers) throw new Error('the bus has no peer channels');
    const received = await handedOff(pair.second, 'received');
    const inbox = inboxChannel(pair.busChannel, pair.names[1]);
    await peers.publish(inbox, '{"farmId":"1; DROP TABLE cows","cows":[]}');
    await peers.publish(inbox, 'not json');
    const farm = await farmDetectedBy(pair, pair.second);
    const cowId = await feverThrough(pair, pair.first, farm, 40704);
    await waitFor(async () => (await feverNotices(pair, farm, cowId)).length > 0);
    expect(await handedOff(pair.second, 'received')).toBe(received + 1);
  });

  it('forgets an instance that stopped without a word once its heartbeats are overdue', async () => {
    const peers = pair.first.services.bus.peers;
    if (!peers) throw new Error('the bus has no peer channels');
    const ghost = JSON.stringify({ instance: `ghost-${TEST_RUN_ID}` });
    await peers.publish(membersChannel(pair.busChannel), ghost);
    await waitFor(async () => (await instancesHeard(pair.second)) === 3);
    // Its heartbeats expire after 3.5 s; the live ones go on every second.
    await waitFor(async () => (await instancesHeard(pair.second)) === 2, 6_000);
  });

  it('when the instance that detects for a farm stops, the other detects its batches at once', async () => {
    const farm = await farmDetectedBy(pair, pair.second);
    await pair.second.app.close();
    // It said it was leaving: well before its heartbeats would have expired (3.5 s).
    await waitFor(async () => (await instancesHeard(pair.first)) === 1, 1_000);
    const kept = await handedOff(pair.first, 'kept');
    const cowId = await feverThrough(pair, pair.first, farm, 40705);
    await waitFor(async () => (await feverNotices(pair, farm, cowId)).length > 0);
    expect(await handedOff(pair.first, 'kept')).toBe(kept + 1);
  });
}

/**
 * A cow in whom a heat is building goes first at her next batch; when her farm moves to another instance, so
 * does that mark, or her alert would wait behind the routine rounds there.
 */
function heatMarksSuite(busUrl: string) {
  const opened: TestApp[] = [];
  afterAll(async () => {
    for (const instance of opened.reverse()) await instance.close();
  });
  const pairOfTwo = async (name: string) => {
    const pair = await openPair(name, busUrl);
    opened.push(pair.first, pair.second);
    await waitFor(async () => (await instancesHeard(pair.first)) === 2);
    await waitFor(async () => (await instancesHeard(pair.second)) === 2);
    return pair;
  };

  it("an instance that stops gives its heats building to its farms' new instance", async () => {
    const pair = await pairOfTwo('heat-marks-stop');
    const farm = await farmDetectedBy(pair, pair.second);
    const heat = await heatBuildingOn(pair, pair.second, farm, 40901);
    await pair.second.app.close();
    await waitFor(async () => (await heatMarksMoved(pair.first, 'received')) === 1);

    expect(await alertWentFirst(pair, pair.first, farm, heat)).toBe(true);
  });

  it('an instance that hears a new one gives it the heats building of the farms it takes, and only those', async () => {
    const pair = await pairOfTwo('heat-marks-join');
    await pair.second.app.close();
    await waitFor(async () => (await instancesHeard(pair.first)) === 1);
    const newcomer = `heat-marks-join-3-${TEST_RUN_ID}`;
    const farmDetectedAfterJoining = async (by: string): Promise<Farm> => {
      for (;;) {
        const farmer = await createFarmUser(pair.first);
        const gateway = await createGateway(pair.first, farmer);
        if (farmOwner(gateway.farmId, [pair.names[0], newcomer]) === by) return { farmer, gateway };
      }
    };
    const moving = await farmDetectedAfterJoining(newcomer);
    const staying = await farmDetectedAfterJoining(pair.names[0]);
    const heat = await heatBuildingOn(pair, pair.first, moving, 40902);
    await heatBuildingOn(pair, pair.first, staying, 40903);

    const joined = await anotherInstance(pair.first, {
      busUrl,
      busChannel: pair.busChannel,
      instanceName: newcomer,
    });
    opened.push(joined);
    await waitFor(async () => (await heatMarksMoved(joined, 'received')) === 1);
    expect(await heatMarksMoved(pair.first, 'sent')).toBe(1);

    expect(await alertWentFirst(pair, joined, moving, heat)).toBe(true);
  });
}

/** A pair whose second instance reaches the bus through a proxy, so a test can cut it off; closed after. */
const withSecondCuttable = async (
  name: string,
  busUrl: string,
  test: (pair: InstancePair, proxy: TcpProxy) => Promise<void>,
) => {
  const proxy = await startTcpProxy(busUrl);
  const pair = await openPair(name, busUrl, proxy.url);
  try {
    await test(pair, proxy);
  } finally {
    await closePair(pair);
    await proxy.cut();
  }
};

function outageSuite(busUrl: string) {
  it('an instance cut off from the bus detects what it stores, for every farm', () =>
    withSecondCuttable('handoff-outage', busUrl, async (pair, proxy) => {
      await waitFor(async () => (await instancesHeard(pair.second)) === 2);
      const farm = await farmDetectedBy(pair, pair.first);
      await proxy.cut();
      const notSent = await handedOff(pair.second, 'not_sent');

      const cowId = await feverThrough(pair, pair.second, farm, 40801);
      await waitFor(async () => (await feverNotices(pair, farm, cowId)).length > 0);
      expect(await handedOff(pair.second, 'not_sent')).toBe(notSent + 1);
      // Its heartbeats overdue, the first instance is gone for it: every farm is its own until the bus is back.
      await waitFor(async () => (await instancesHeard(pair.second)) === 1, 6_000);
    }));

  it('a fever handed to an instance that has just gone silent is detected by the instance its farm moves to', () =>
    withSecondCuttable('handoff-silent', busUrl, async (pair, proxy) => {
      await waitFor(async () => (await instancesHeard(pair.first)) === 2);
      const farm = await farmDetectedBy(pair, pair.second);
      // Crashed, as far as the bus can tell: no more heartbeats, and what is sent to it goes nowhere.
      await proxy.cut();
      const sent = await handedOff(pair.first, 'sent');
      const resent = await handedOff(pair.first, 'resent');

      const cowId = await feverThrough(pair, pair.first, farm, 40951);
      await waitFor(async () => (await handedOff(pair.first, 'sent')) === sent + 1);
      // Once its heartbeats are overdue (3.5 s), the farm is the first instance's, and so is the fever.
      await waitFor(async () => (await feverNotices(pair, farm, cowId)).length > 0, 8_000);
      expect(await handedOff(pair.first, 'resent')).toBe(resent + 1);
      expect(await instancesHeard(pair.first)).toBe(1);
    }));
}
