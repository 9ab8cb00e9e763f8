import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { api } from '@cowcare/contract/api';
import type { PushDevice } from '@cowcare/contract/routes/push';
import { DEFAULT_PUSH_CODES } from '@cowcare/domain/push-rules';
import { buildApp } from '../src/app';
import type { PushPayload } from '../src/modules/push/push-message';
import { farmIdOf, insertCowRow } from './cows-fixtures';
import { startLocalPushService, type LocalPushService, type TestSubscription } from './helpers/push-service';
import {
  call,
  createFarmUser,
  createTestApp,
  testConfig,
  type TestApp,
  type TestUser,
} from './helpers/test-app';
import { brokerUrl, connectGateway, createGateway, publishReadings } from './ingest-fixtures';
import { DAY, HOUR, SLOT, insertNotice, insertReadings, slots } from './notices-fixtures';

// Web Push end to end against a local push service (web-push-testing): it checks each push's VAPID signature
// and decrypts the payload, so what a test reads is what a phone would show.

let pushService: LocalPushService;
let testApp: TestApp;
let farmer: TestUser;
let neighbour: TestUser;
let farmId: number;
let sequence = 0;

beforeAll(async () => {
  pushService = await startLocalPushService();
  const base = testConfig();
  testApp = await createTestApp({ push: { ...base.push, services: [pushService.origin] } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  farmer = await createFarmUser(testApp);
  neighbour = await createFarmUser(testApp);
  farmId = await farmIdOf(testApp, farmer);
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await pushService.stop();
});

const ok = <T>(response: { statusCode: number; body: string }): T => {
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: T }).data;
};

const publicKey = async (user: TestUser) =>
  ok<{ publicKey: string }>(await call(testApp, api.push.pushKey, { token: user.token })).publicKey;

/** What a browser does: subscribe at its push service with the server's key, then register the subscription. */
const subscribeDevice = async (user: TestUser, label = 'Test phone') => {
  const subscription = await pushService.subscribe(await publicKey(user));
  const device = ok<PushDevice>(
    await call(testApp, api.push.addPushDevice, {
      token: user.token,
      body: { endpoint: subscription.endpoint, keys: subscription.keys, label },
    }),
  );
  return { subscription, device };
};

const received = async (subscription: TestSubscription): Promise<PushPayload[]> =>
  (await pushService.messages(subscription)).map((message) => JSON.parse(message) as PushPayload);

const devicesOf = async (user: TestUser) =>
  ok<PushDevice[]>(await call(testApp, api.push.listPushDevices, { token: user.token }));

const cow = async (user: TestUser, code: string) => {
  sequence += 1;
  return insertCowRow(testApp, user, { code, sensorId: 30000 + sequence });
};

const notice = async (cowId: number | null, code: number, farm = farmId) => {
  sequence += 1;
  return insertNotice(testApp, {
    farmId: farm,
    cowId,
    sensorId: null,
    code,
    episodeKey: `push-test:${sequence}`,
    occurredAt: new Date(),
    details: {},
  });
};

/** One round of the dispatcher, as its timer or a notice on the bus would start it. */
const pushRound = () => testApp.services.push.wake();

const clock = (date: Date) => date.toISOString().slice(11, 16);
/** Quiet hours around now, in UTC. */
const quietNow = () => ({
  start: clock(new Date(Date.now() - HOUR)),
  end: clock(new Date(Date.now() + HOUR)),
});

const choose = async (user: TestUser, choices: Partial<Parameters<typeof setChoicesBody>[0]>) =>
  ok(await call(testApp, api.push.setPushChoices, { token: user.token, body: setChoicesBody(choices) }));
const setChoicesBody = (choices: {
  codes?: number[];
  quietHours?: { start: string; end: string } | null;
  severeDuringQuietHours?: boolean;
  timeZone?: string;
}) => ({
  codes: [...DEFAULT_PUSH_CODES],
  quietHours: null,
  severeDuringQuietHours: true,
  timeZone: 'UTC',
  ...choices,
});

describe('the push calls', () => {
  it('refuse a caller without a token', async () => {
    for (const route of [api.push.pushKey, api.push.listPushDevices, api.push.getPushChoices]) {
      expect((await call(testApp, route)).statusCode).toBe(401);
    }
    expect((await call(testApp, api.push.removePushDevice, { params: { deviceId: 1 } })).statusCode).toBe(
      401,
    );
  });

  it('give the VAPID key, register a device and list it by its push service, never its endpoint', async () => {
    expect(await publicKey(farmer)).toBe(testConfig().push.vapid.publicKey);
    const { subscription, device } = await subscribeDevice(farmer, 'Pixel, Chrome');
    expect(device).toMatchObject({ label: 'Pixel, Chrome', service: 'localhost', lastSentAt: null });
    const listed = await devicesOf(farmer);
    expect(listed.map(({ id }) => id)).toContain(device.id);
    expect(JSON.stringify(listed)).not.toContain(subscription.clientHash);
  });

  it('refuse endpoints of services the server does not send to, and malformed subscriptions', async () => {
    const subscription = await pushService.subscribe(await publicKey(farmer));
    const refused = await call(testApp, api.push.addPushDevice, {
      token: farmer.token,
      body: { endpoint: 'https://169.254.169.254/latest/meta-data', keys: subscription.keys },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'E_VALIDATION',
      msg: 'CowCare does not send to this push service',
    });
    const malformed = await call(testApp, api.push.addPushDevice, {
      token: farmer.token,
      body: { endpoint: subscription.endpoint, keys: { p256dh: 'short', auth: subscription.keys.auth } },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'E_VALIDATION' });
  });

  it("keep one user's devices from another farm's user: not listed, not removable", async () => {
    const { device } = await subscribeDevice(farmer);
    expect((await devicesOf(neighbour)).map(({ id }) => id)).not.toContain(device.id);
    const removal = await call(testApp, api.push.removePushDevice, {
      token: neighbour.token,
      params: { deviceId: device.id },
    });
    expect(removal.statusCode).toBe(404);
    expect((await devicesOf(farmer)).map(({ id }) => id)).toContain(device.id);
    ok(
      await call(testApp, api.push.removePushDevice, {
        token: farmer.token,
        params: { deviceId: device.id },
      }),
    );
    expect((await devicesOf(farmer)).map(({ id }) => id)).not.toContain(device.id);
  });

  it('keep choices per user, with the defaults until changed, and refuse unknown codes and zones', async () => {
    const user = await createFarmUser(testApp);
    expect(ok(await call(testApp, api.push.getPushChoices, { token: user.token }))).toEqual(
      setChoicesBody({}),
    );
    const saved = await choose(user, { codes: [203, 101], quietHours: { start: '22:00', end: '05:30' } });
    expect(saved).toMatchObject({ codes: [101, 203], quietHours: { start: '22:00', end: '05:30' } });
    expect(ok(await call(testApp, api.push.getPushChoices, { token: farmer.token }))).toEqual(
      setChoicesBody({}),
    );
    for (const body of [
      setChoicesBody({ codes: [999] }),
      setChoicesBody({ timeZone: 'Mars/Olympus' }),
      setChoicesBody({ quietHours: { start: '25:00', end: '06:00' } }),
    ]) {
      const refused = await call(testApp, api.push.setPushChoices, { token: user.token, body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('a fever published over MQTT', () => {
  let client: MqttClient;
  afterAll(() => client?.endAsync());

  it('reaches the subscription, naming the cow and the code, and the tap opens her page', async () => {
    const user = await createFarmUser(testApp);
    const userFarm = await farmIdOf(testApp, user);
    const { subscription } = await subscribeDevice(user);
    const cowId = await insertCowRow(testApp, user, { code: 'C1042', sensorId: 21042 });
    // Ten calm days at 38.9 °C, then three hours at 41.1 °C: 1.75 over her average and the 0.45 offset.
    const now = Math.floor(Date.now() / SLOT) * SLOT;
    const feverFrom = now - 3 * HOUR;
    const calm = slots(now - 10 * DAY, feverFrom).map((time) => ({ time, temperature: 38.9 }));
    await insertReadings(testApp, userFarm, cowId, 21042, calm);
    const gateway = await createGateway(testApp, user);
    client = await connectGateway(brokerUrl(testApp), gateway);
    await publishReadings(
      client,
      gateway.topic,
      slots(feverFrom, now + SLOT).map((time) => ({
        sensor: 21042,
        num: Math.floor(time / SLOT),
        timedate: new Date(time).toISOString(),
        temp: 41.1,
      })),
    );
    const deadline = Date.now() + 30_000;
    let payloads: PushPayload[] = [];
    while (payloads.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      payloads = await received(subscription);
    }
    expect(payloads).toHaveLength(1);
    expect(payloads[0]).toMatchObject({
      title: 'C1042 · Severe fever',
      code: 203,
      severe: true,
      url: `/pages/index/cow?id=${cowId}`,
    });
  }, 60_000);
});

describe('who is woken', () => {
  it("pushes only the codes a user chose, in the user's language", async () => {
    const owner = await createFarmUser(testApp);
    const ownerFarm = await farmIdOf(testApp, owner);
    const { subscription } = await subscribeDevice(owner);
    await call(testApp, api.user.setLanguage, { token: owner.token, params: { id: owner.id, lang: 'ko' } });
    const cowId = await cow(owner, 'C7');
    await notice(cowId, 201, ownerFarm); // slight fever: not a default
    await notice(cowId, 101, ownerFarm); // estrus: a default
    await pushRound();
    const payloads = await received(subscription);
    expect(payloads.map(({ code }) => code)).toEqual([101]);
    expect(payloads[0]?.title).toBe('C7 · 발정 감지');
    await choose(owner, { codes: [201] });
    await notice(cowId, 201, ownerFarm);
    await notice(cowId, 101, ownerFarm);
    await pushRound();
    expect((await received(subscription)).map(({ code }) => code)).toEqual([101, 201]);
  });

  it('holds back notices in quiet hours, but severe ones when the user lets them through', async () => {
    const sleeper = await createFarmUser(testApp);
    const sleeperFarm = await farmIdOf(testApp, sleeper);
    const { subscription } = await subscribeDevice(sleeper);
    await choose(sleeper, { quietHours: quietNow(), severeDuringQuietHours: true });
    const cowId = await cow(sleeper, 'C71');
    await notice(cowId, 202, sleeperFarm); // moderate fever: waits
    await notice(cowId, 203, sleeperFarm); // severe fever: breaks through
    await pushRound();
    expect((await received(subscription)).map(({ code }) => code)).toEqual([203]);
    await choose(sleeper, { quietHours: quietNow(), severeDuringQuietHours: false });
    await notice(cowId, 203, sleeperFarm);
    await pushRound();
    expect((await received(subscription)).map(({ code }) => code)).toEqual([203]);
  });

  it("never pushes another farm's notices", async () => {
    const { subscription } = await subscribeDevice(neighbour);
    await notice(await cow(farmer, 'C72'), 203);
    await pushRound();
    expect(await received(subscription)).toEqual([]);
  });

  it('stops pushing to a browser whose login ended', async () => {
    const user = await createFarmUser(testApp);
    const { subscription, device } = await subscribeDevice(user);
    ok(
      await call(testApp, api.auth.logout, { token: user.token, body: { refreshToken: user.refreshToken } }),
    );
    const again = await createFarmUserLogin(user);
    expect((await devicesOf(again)).map(({ id }) => id)).not.toContain(device.id);
    await notice(await cow(user, 'C73'), 203, await farmIdOf(testApp, user));
    await pushRound();
    expect(await received(subscription)).toEqual([]);
  });
});

/** The same user logged in again (a new login session). */
const createFarmUserLogin = async (user: TestUser): Promise<TestUser> => {
  const session = ok<{ token: string; refreshToken: string }>(
    await call(testApp, api.auth.login, { body: { username: user.username, password: user.password } }),
  );
  return { ...user, token: session.token, refreshToken: session.refreshToken };
};

describe("a subscription the browser's push service replaced", () => {
  it('moves the device to the new subscription when the old endpoint names it, and to nothing else', async () => {
    const user = await createFarmUser(testApp);
    const { subscription: old, device } = await subscribeDevice(user, 'Firefox');
    const renewed = await pushService.subscribe(await publicKey(user));
    const unknown = await call(testApp, api.push.renewPushDevice, {
      body: {
        oldEndpoint: `${pushService.origin}/notify/unknown`,
        endpoint: renewed.endpoint,
        keys: renewed.keys,
      },
    });
    expect(unknown.statusCode).toBe(404);
    const elsewhere = await call(testApp, api.push.renewPushDevice, {
      body: { oldEndpoint: old.endpoint, endpoint: 'https://push.attacker.example/x', keys: renewed.keys },
    });
    expect(elsewhere.statusCode).toBe(400);
    ok(
      await call(testApp, api.push.renewPushDevice, {
        body: { oldEndpoint: old.endpoint, endpoint: renewed.endpoint, keys: renewed.keys },
      }),
    );
    expect((await devicesOf(user)).filter(({ id }) => id === device.id)).toMatchObject([
      { label: 'Firefox' },
    ]);
    await notice(await cow(user, 'C78'), 203, await farmIdOf(testApp, user));
    await pushRound();
    expect((await received(renewed)).map(({ code }) => code)).toEqual([203]);
    expect(await received(old)).toEqual([]);
  });
});

describe('dead subscriptions', () => {
  it('are removed when the push service answers 410', async () => {
    const user = await createFarmUser(testApp);
    const { subscription, device } = await subscribeDevice(user);
    await pushService.expire(subscription);
    await notice(await cow(user, 'C74'), 203, await farmIdOf(testApp, user));
    await pushRound();
    expect((await devicesOf(user)).map(({ id }) => id)).not.toContain(device.id);
  });
});

describe('escalation', () => {
  const dueNow = (noticeId: number) =>
    testApp.db.query(`UPDATE notices SET escalate_at = now() - interval '1 second' WHERE id = $1`, [
      noticeId,
    ]);

  it('pushes a severe notice nobody read to every device of the farm, once', async () => {
    const owner = await createFarmUser(testApp);
    const ownerFarm = await farmIdOf(testApp, owner);
    const first = await subscribeDevice(owner, 'phone');
    await choose(owner, { codes: [101] }); // this device is not woken for fevers, but escalations reach it
    const second = await subscribeDevice(owner, 'tablet');
    const severe = await notice(await cow(owner, 'C75'), 203, ownerFarm);
    await pushRound();
    expect(await received(first.subscription)).toEqual([]);
    expect(await received(second.subscription)).toEqual([]);
    const [scheduled] = await testApp.db.query<{ due: boolean }>(
      `SELECT escalate_at > now() + interval '29 minutes' AS due FROM notices WHERE id = $1`,
      [severe.id],
    );
    expect(scheduled?.due).toBe(true);
    await dueNow(severe.id);
    await pushRound();
    await pushRound();
    for (const { subscription } of [first, second]) {
      const payloads = await received(subscription);
      expect(payloads).toHaveLength(1);
      expect(payloads[0]).toMatchObject({ code: 203, title: 'Still unread: C75 · Severe fever' });
      expect(payloads[0]?.body).toContain('30 min');
    }
  });

  it('leaves a severe notice alone once someone read it', async () => {
    const owner = await createFarmUser(testApp);
    const ownerFarm = await farmIdOf(testApp, owner);
    const { subscription } = await subscribeDevice(owner);
    const severe = await notice(await cow(owner, 'C76'), 501, ownerFarm);
    await pushRound();
    expect((await received(subscription)).map(({ code }) => code)).toEqual([501]);
    ok(await call(testApp, api.notices.readNotices, { token: owner.token, body: { ids: [severe.id] } }));
    await dueNow(severe.id);
    await pushRound();
    expect((await received(subscription)).map(({ code }) => code)).toEqual([501]);
  });
});

describe('two instances on one database', () => {
  it('push each notice once, both dispatchers racing for it', async () => {
    const built = await buildApp(
      testConfig({ push: testApp.services.config.push, instanceName: 'push-second' }),
      testApp.db,
    );
    await built.app.ready();
    try {
      const owner = await createFarmUser(testApp);
      const ownerFarm = await farmIdOf(testApp, owner);
      const { subscription } = await subscribeDevice(owner);
      const cowId = await cow(owner, 'C77');
      const ids: number[] = [];
      for (let n = 0; n < 20; n += 1) {
        ids.push((await notice(cowId, 101, ownerFarm)).id);
        if (n % 5 === 4) await Promise.all([pushRound(), built.services.push.wake()]);
      }
      await Promise.all([pushRound(), built.services.push.wake()]);
      const pushed = (await received(subscription)).map(({ noticeId }) => noticeId);
      expect(pushed.sort((a, b) => a - b)).toEqual(ids);
    } finally {
      await built.app.close();
    }
  });
});
