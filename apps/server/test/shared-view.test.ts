// Issue 33, point 6: staff share one view. Every change to a cow, her records, the cow types and the
// notices' read state reaches the other open sessions of the same farm over the socket, and no other farm's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { addCow, bossGrant, daysFromToday, farmIdOf, todayUtc } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { insertNotice } from './notices-fixtures';
import { insertCow, nextCode, ok } from './reproduction-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let neighbour: TestUser;
let socketUrl: string;
let grant: string;
let colleague: Session;
let stranger: Session;

interface Received {
  type: string;
  data: Record<string, unknown>;
}

interface Session {
  socket: WebSocket;
  messages: Received[];
  /** The first message since the last `forget` that `matches`, waiting up to 5 s. */
  next: (matches: (message: Received) => boolean) => Promise<Received>;
  forget: () => void;
}

const openSession = async (token: string): Promise<Session> => {
  const socket = new WebSocket(`${socketUrl}?token=${encodeURIComponent(token)}`);
  const messages: Received[] = [];
  socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as Received));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'register', data: {} }));
  const next = async (matches: (message: Received) => boolean): Promise<Received> => {
    for (let waited = 0; waited < 5000; waited += 10) {
      const found = messages.find(matches);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no matching message within 5 s; got ${JSON.stringify(messages)}`);
  };
  await next((message) => message.type === 'register_res');
  return { socket, messages, next, forget: () => messages.splice(0) };
};

/** A second login of the same user: another device of the farm, with a socket of its own. */
const logInAgain = async (user: TestUser): Promise<string> => {
  const response = await call(
    testApp,
    { method: 'POST', path: 'login/login/loginApp' },
    {
      body: { username: user.username, password: user.password },
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { token: string } }>().data.token;
};

const FARM_EVENTS = new Set(['cowchange', 'noticesread', 'cowinfo', 'notice']);

/** After the colleague got what she waited for, the other farm's session has had time to get it too. */
const expectStrangerGotNothing = async () => {
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(stranger.messages.filter((message) => FARM_EVENTS.has(message.type))).toEqual([]);
};

const cowChange = (change: string, cowId?: number) => (message: Received) =>
  message.type === 'cowchange' &&
  message.data.change === change &&
  (cowId === undefined || (message.data.cowIds as number[]).includes(cowId));

const newCow = (status?: string) => insertCow(testApp, farmer, { code: nextCode(), status });

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  neighbour = await createFarmUser(testApp);
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace('http', 'ws')}/socket`;
  grant = await bossGrant(testApp, farmer);
  colleague = await openSession(await logInAgain(farmer));
  stranger = await openSession(neighbour.token);
});
afterAll(async () => {
  colleague.socket.close();
  stranger.socket.close();
  await testApp.close();
});
beforeEach(() => {
  colleague.forget();
  stranger.forget();
});

describe('another session of the same farm sees every change to a cow at once', () => {
  it('an edit of the cow', async () => {
    const cowId = await newCow();
    await ok(testApp, api.cows.updateCow, {
      token: farmer.token,
      params: { id: cowId },
      body: { parity: 2 },
    });
    expect((await colleague.next(cowChange('cow'))).data).toEqual({ change: 'cow', cowIds: [cowId] });
    await expectStrangerGotNothing();
  });

  it('a cow added', async () => {
    const cow = await addCow(testApp, farmer, { code: nextCode() });
    await colleague.next(cowChange('added', cow.id));
    await expectStrangerGotNothing();
  });

  it.each([
    ['a force change', { action: 'forceChange', status: '비육' }],
    ['an elimination', { action: 'eliminate' }],
  ])('%s', async (_name, body) => {
    const cowId = await newCow();
    const response = await call(testApp, api.cows.changeCowStatus, {
      token: farmer.token,
      params: { id: cowId },
      body,
      headers: { 'x-boss-grant': grant },
    });
    expect(response.statusCode, response.body).toBe(200);
    await colleague.next(cowChange('status', cowId));
    await expectStrangerGotNothing();
  });

  it('an estrus record added, changed and removed', async () => {
    const cowId = await newCow();
    const { record } = await ok<{ record: { id: number } }>(testApp, api.reproduction.addEstrus, {
      token: farmer.token,
      body: { cowId, estrusAt: '2026-03-01T06:00:00+09:00' },
    });
    await colleague.next(cowChange('estrus', cowId));
    colleague.forget();
    await ok(testApp, api.reproduction.updateEstrus, {
      token: farmer.token,
      params: { id: record.id },
      body: { memo: 'standing heat' },
    });
    await colleague.next(cowChange('estrus', cowId));
    colleague.forget();
    await ok(testApp, api.reproduction.deleteEstrus, { token: farmer.token, params: { id: record.id } });
    await colleague.next(cowChange('estrus', cowId));
    await expectStrangerGotNothing();
  });

  it('a fertilization, a pregnancy diagnosis and a calving with its calf', async () => {
    const cowId = await newCow();
    await ok(testApp, api.reproduction.addFertilization, {
      token: farmer.token,
      body: { cowId, plannedAt: '2025-03-01T10:00:00+09:00', method: 'artificial-insemination' },
    });
    await colleague.next(cowChange('fertilization', cowId));
    await ok(testApp, api.reproduction.addPregnancy, {
      token: farmer.token,
      body: {
        cowId,
        diagnosisMethod: 'ultrasonic',
        diagnosedAt: '2025-04-15T09:00:00+09:00',
        result: 'pregnant',
      },
    });
    await colleague.next(cowChange('pregnancy', cowId));
    const { calf } = await ok<{ calf: Cow }>(testApp, api.reproduction.addCalving, {
      token: farmer.token,
      body: {
        cowId,
        calvedAt: '2025-12-10T05:00:00+09:00',
        method: 'normal',
        result: 'cow',
        calf: { code: nextCode() },
      },
    });
    await colleague.next(cowChange('calving', cowId));
    await colleague.next(cowChange('added', calf.id));
    await expectStrangerGotNothing();
  });

  it('a health case added, changed and removed', async () => {
    const cowId = await newCow();
    const healthCase = await ok<{ id: number }>(testApp, api.health.addHealthCase, {
      token: farmer.token,
      body: { cowId, diagnosedOn: daysFromToday(-1), diagnosisText: 'lame, left hind' },
    });
    await colleague.next(cowChange('healthCase', cowId));
    colleague.forget();
    await ok(testApp, api.health.updateHealthCase, {
      token: farmer.token,
      params: { id: healthCase.id },
      body: { prescription: 'hoof block' },
    });
    await colleague.next(cowChange('healthCase', cowId));
    colleague.forget();
    await ok(testApp, api.health.deleteHealthCase, { token: farmer.token, params: { id: healthCase.id } });
    await colleague.next(cowChange('healthCase', cowId));
    await expectStrangerGotNothing();
  });

  it('cows put in a type, and a type renamed or removed', async () => {
    const cowId = await newCow();
    const type = await ok<{ id: number }>(testApp, api.cowTypes.addCowType, {
      token: farmer.token,
      params: { FarmNumber: farmer.farmNumber },
      body: { name: `Heifers ${nextCode()}`, costnb: 0 },
    });
    await colleague.next(cowChange('cowType'));
    colleague.forget();
    await ok(testApp, api.cowTypes.assignCowsType, {
      token: farmer.token,
      body: { checklist: [cowId], type: { id: type.id } },
    });
    expect((await colleague.next(cowChange('cowType', cowId))).data.cowIds).toEqual([cowId]);
    colleague.forget();
    await ok(testApp, api.cowTypes.updateCowType, {
      token: farmer.token,
      params: { id: type.id },
      body: { name: `Young ${nextCode()}` },
    });
    await colleague.next(cowChange('cowType'));
    colleague.forget();
    await ok(testApp, api.cowTypes.deleteCowType, { token: farmer.token, params: { id: type.id } });
    await colleague.next(cowChange('cowType'));
    await expectStrangerGotNothing();
  });

  it('a refused change tells no one', async () => {
    const cowId = await newCow();
    const response = await call(testApp, api.cows.updateCow, {
      token: neighbour.token,
      params: { id: cowId },
      body: { parity: 3 },
    });
    expect(response.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(colleague.messages.filter((message) => FARM_EVENTS.has(message.type))).toEqual([]);
    await expectStrangerGotNothing();
  });
});

describe("another session of the same farm sees the notices' read state", () => {
  const notice = async (cowId: number, code: number, details: Record<string, unknown>) =>
    insertNotice(testApp, {
      farmId: await farmIdOf(testApp, farmer),
      cowId,
      sensorId: null,
      code,
      episodeKey: `shared-view:${cowId}:${code}:${nextCode()}`,
      occurredAt: new Date(),
      details,
    });

  it('one notice read, then all read: the colleague is told which, and the cows read', async () => {
    const cowId = await newCow();
    const notices = await Promise.all([
      notice(cowId, 201, { deviation: 0.7 }),
      notice(cowId, 301, { deviation: -20 }),
      notice(cowId, 401, { drink: 10 }),
    ]);
    const [first, ...rest] = notices.map((item) => item.id);
    // New notices leave her unread in the list, as the detectors do.
    await testApp.db.query('UPDATE cows SET is_read = false WHERE id = $1', [cowId]);
    await ok(testApp, api.notices.readNotices, { token: farmer.token, body: { ids: [first] } });
    expect((await colleague.next((message) => message.type === 'noticesread')).data).toEqual({
      ids: [first],
    });
    colleague.forget();
    // "Mark all read" sends every unread id it shows, the read one among them.
    await ok(testApp, api.notices.readNotices, { token: farmer.token, body: { ids: [first, ...rest] } });
    expect((await colleague.next((message) => message.type === 'noticesread')).data.ids).toEqual(
      [...rest].sort((x, y) => x - y),
    );
    expect(
      (await colleague.next((message) => message.type === 'cowinfo' && message.data.id === cowId)).data,
    ).toEqual({ id: cowId, readed: 1 });
    await expectStrangerGotNothing();
  });
});

describe('a reminder is done when the event it reminded of is recorded', () => {
  const farmNotice = async (cowId: number, code: number, details: Record<string, unknown>) =>
    insertNotice(testApp, {
      farmId: await farmIdOf(testApp, farmer),
      cowId,
      sensorId: null,
      code,
      episodeKey: `reminder-test:${cowId}:${code}:${nextCode()}`,
      occurredAt: new Date(),
      details,
    });
  const readAt = async (id: number) =>
    (
      await testApp.db.query<{ read: boolean }>(
        'SELECT read_at IS NOT NULL AS read FROM notices WHERE id = $1',
        [id],
      )
    )[0]?.read;
  const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

  it('a calving ends "expected calving near" and "calving overdue", not her fever alert', async () => {
    const cowId = await newCow('임신');
    const near = await farmNotice(cowId, 603, { expectedCalvingDate: daysFromToday(3), daysLeft: 3 });
    const overdue = await farmNotice(cowId, 502, { expectedCalvingDate: daysFromToday(-1), daysOverdue: 1 });
    const fever = await farmNotice(cowId, 201, { deviation: 0.7 });
    await ok(testApp, api.reproduction.addCalving, {
      token: farmer.token,
      body: { cowId, calvedAt: now(), method: 'normal', result: 'stillbirth' },
    });
    expect([await readAt(near.id), await readAt(overdue.id), await readAt(fever.id)]).toEqual([
      true,
      true,
      false,
    ]);
    const told = await colleague.next((message) => message.type === 'noticesread');
    expect(told.data.ids).toEqual([near.id, overdue.id].sort((a, b) => a - b));
    await expectStrangerGotNothing();
  });

  it('a heat seen ends "expected estrus", an old heat entered late does not', async () => {
    const cowId = await newCow();
    const due = await farmNotice(cowId, 602, { expectedEstrusDate: todayUtc() });
    await ok(testApp, api.reproduction.addEstrus, {
      token: farmer.token,
      body: { cowId, estrusAt: '2025-01-10T06:00:00+09:00' },
    });
    expect(await readAt(due.id)).toBe(false);
    await ok(testApp, api.reproduction.addEstrus, { token: farmer.token, body: { cowId, estrusAt: now() } });
    expect(await readAt(due.id)).toBe(true);
    await colleague.next(
      (message) => message.type === 'noticesread' && (message.data.ids as number[])[0] === due.id,
    );
  });

  it('a diagnosis of the insemination ends "pregnancy check due"', async () => {
    const cowId = await newCow();
    await ok(testApp, api.reproduction.addFertilization, {
      token: farmer.token,
      body: {
        cowId,
        plannedAt: new Date(Date.now() - 40 * 86_400_000).toISOString(),
        method: 'artificial-insemination',
      },
    });
    const due = await farmNotice(cowId, 601, { pregnancyCheckDate: todayUtc() });
    await ok(testApp, api.reproduction.addPregnancy, {
      token: farmer.token,
      body: { cowId, diagnosisMethod: 'ultrasonic', diagnosedAt: now(), result: 'pregnant' },
    });
    expect(await readAt(due.id)).toBe(true);
  });

  it('culling a cow ends her reminders', async () => {
    const cowId = await newCow();
    const due = await farmNotice(cowId, 602, { expectedEstrusDate: todayUtc() });
    const response = await call(testApp, api.cows.changeCowStatus, {
      token: farmer.token,
      params: { id: cowId },
      body: { action: 'eliminate' },
      headers: { 'x-boss-grant': grant },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await readAt(due.id)).toBe(true);
    await colleague.next((message) => message.type === 'noticesread');
  });
});
