// Where the farm and its cows are (issue 37): the farm's point, pens' points, paddocks (the virtual fence),
// GPS positions from neck collars through the ingest, and notice 306 when a cow stays outside her paddock
// for 10 minutes. Another farm's user gets 404, never a position or a paddock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { CowLocation, FarmLocation, HerdPosition, Paddock } from '@cowcare/contract/routes/location';
import type { RouteDefinition } from '@cowcare/contract/route';
import { PADDOCK_BREACH_NOTICE } from '@cowcare/domain/notice-codes';
import { expectRefusal, insertCowType } from './cows-fixtures';
import { call, type TestApp, type TestUser } from './helpers/test-app';
import {
  basicAuthorization,
  cowWearing,
  minutesAgo,
  noticesOf,
  openGatewayFarms,
  wholeSecond,
  type TestGateway,
} from './ingest-fixtures';
import { recordBus } from './notices-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let neighbour: TestUser;
let gateway: TestGateway;

beforeAll(async () => {
  ({ testApp, farmer, neighbour, gateway } = await openGatewayFarms({ listening: false }));
});
afterAll(() => testApp.close());

const ok = <T>(response: { statusCode: number; body: string; json: <J>() => J }): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
};

/** A field of about 110 m a side. */
const field = [
  { lat: 37.0, lon: 127.0 },
  { lat: 37.0, lon: 127.001 },
  { lat: 37.001, lon: 127.001 },
  { lat: 37.001, lon: 127.0 },
];
const inField = { lat: 37.0005, lon: 127.0005 };
const northOfField = { lat: 37.0025, lon: 127.0005 };

const addPaddock = async (user: TestUser, name = 'North field') =>
  ok<Paddock>(
    await call(testApp, api.location.addPaddock, { token: user.token, body: { name, boundary: field } }),
  );

const putInPaddock = (user: TestUser, cowId: number, paddockId: number | null) =>
  call(testApp, api.location.setCowPaddock, { token: user.token, params: { cowId }, body: { paddockId } });

const cowLocation = (user: TestUser, cowId: number) =>
  call(testApp, api.location.cowLocation, { token: user.token, params: { cowId } });

const sendPositions = async (
  sensor: number,
  fixes: { minutesAgo: number; at: { lat: number; lon: number } }[],
) => {
  const now = wholeSecond(new Date());
  const body = fixes.map((fix, index) => ({
    sensor,
    num: 1000 + Math.round(1000 - fix.minutesAgo) + index,
    timedate: minutesAgo(fix.minutesAgo, now).toISOString(),
    activity: 40,
    ...fix.at,
  }));
  const response = await call(testApp, api.ingest.postReadings, {
    body,
    headers: basicAuthorization(gateway.username, gateway.secret),
  });
  return ok<{ stored: number; rejected: number; items: { status: string; reason?: string }[] }>(response);
};

const expectInvalid = (response: { statusCode: number; body: string; json: <J>() => J }) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json<{ code: string }>().code).toBe('E_VALIDATION');
};

describe('every location call needs a login', () => {
  const routes: [string, RouteDefinition, Record<string, number>][] = [
    ['farm', api.location.getFarmLocation, {}],
    ['set farm', api.location.setFarmLocation, {}],
    ['pen', api.location.setPenLocation, { cowTypeId: 1 }],
    ['paddocks', api.location.listPaddocks, {}],
    ['add paddock', api.location.addPaddock, {}],
    ['delete paddock', api.location.deletePaddock, { id: 1 }],
    ['cow paddock', api.location.setCowPaddock, { cowId: 1 }],
    ['cow', api.location.cowLocation, { cowId: 1 }],
    ['herd', api.location.herdPositions, {}],
  ];
  it.each(routes)('%s: 401 without a token', async (_name, route, params) => {
    const response = await call(testApp, route, { params, body: { lat: 1, lon: 1 } });
    expectRefusal(response, 401, 'E_UNAUTHORIZED');
  });
});

describe("the farm's point", () => {
  it('is unset at first, with OpenStreetMap tiles and their attribution by default', async () => {
    const location = ok<FarmLocation>(
      await call(testApp, api.location.getFarmLocation, { token: neighbour.token }),
    );
    expect(location.location).toBeNull();
    expect(location.pens).toEqual([]);
    expect(location.tiles.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(location.tiles.attribution).toContain('OpenStreetMap');
  });

  it('is set by picking a point and read back; the other farm keeps its own', async () => {
    const set = ok<FarmLocation>(
      await call(testApp, api.location.setFarmLocation, {
        token: farmer.token,
        body: { lat: 37.2636, lon: 127.0286 },
      }),
    );
    expect(set.location).toEqual({ lat: 37.2636, lon: 127.0286 });
    const read = ok<FarmLocation>(await call(testApp, api.location.getFarmLocation, { token: farmer.token }));
    expect(read.location).toEqual({ lat: 37.2636, lon: 127.0286 });
    const other = ok<FarmLocation>(
      await call(testApp, api.location.getFarmLocation, { token: neighbour.token }),
    );
    expect(other.location).toBeNull();
  });

  it.each([[{ lat: 91, lon: 0 }], [{ lat: 0, lon: -181 }], [{ lat: 10 }], [{ lat: '10', lon: 'x' }]])(
    'refuses %j with 400',
    async (body) => {
      const response = await call(testApp, api.location.setFarmLocation, { token: farmer.token, body });
      expectInvalid(response);
    },
  );
});

describe('pens and paddocks', () => {
  it("shows a cow without GPS at her pen's point, then at the middle of her paddock", async () => {
    const farmId = gateway.farmId;
    const penId = await insertCowType(testApp, farmId, 'Pen A');
    const cowId = await cowWearing(testApp, farmer, 'C3101', 40311);
    await testApp.db.query('UPDATE cows SET cow_type_id = $1 WHERE id = $2', [penId, cowId]);
    ok(
      await call(testApp, api.location.setPenLocation, {
        token: farmer.token,
        params: { cowTypeId: penId },
        body: { lat: 37.1, lon: 127.1 },
      }),
    );
    const farm = ok<FarmLocation>(await call(testApp, api.location.getFarmLocation, { token: farmer.token }));
    expect(farm.pens).toContainEqual({ cowTypeId: penId, location: { lat: 37.1, lon: 127.1 } });
    const atPen = ok<CowLocation>(await cowLocation(farmer, cowId));
    expect(atPen.position).toEqual({ lat: 37.1, lon: 127.1, at: null, source: 'pen' });
    expect(atPen.track).toEqual([]);

    const paddock = await addPaddock(farmer, 'Pen paddock');
    ok(await putInPaddock(farmer, cowId, paddock.id));
    const inPaddock = ok<CowLocation>(await cowLocation(farmer, cowId));
    expect(inPaddock.position).toMatchObject({ source: 'paddock', at: null });
    expect(inPaddock.position?.lat).toBeCloseTo(37.0005, 6);
    expect(inPaddock.paddock).toMatchObject({ id: paddock.id, name: 'Pen paddock', cowIds: [cowId] });

    const herd = ok<HerdPosition[]>(await call(testApp, api.location.herdPositions, { token: farmer.token }));
    expect(herd.find((cow) => cow.cowId === cowId)).toMatchObject({
      code: 'C3101',
      position: { source: 'paddock' },
    });
  });

  it('refuses a paddock of fewer than three corners or a blank name', async () => {
    for (const body of [
      { name: 'Two', boundary: field.slice(0, 2) },
      { name: ' ', boundary: field },
      { name: 'Bad', boundary: [...field.slice(0, 2), { lat: 95, lon: 0 }] },
    ]) {
      const response = await call(testApp, api.location.addPaddock, { token: farmer.token, body });
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it("keeps each farm's paddocks, pens and cows to itself", async () => {
    const paddock = await addPaddock(farmer, 'Private field');
    const cowId = await cowWearing(testApp, farmer, 'C3102', 40312);
    const strangersCow = await cowWearing(testApp, neighbour, 'C3103', 40313);
    const neighbourPaddocks = ok<Paddock[]>(
      await call(testApp, api.location.listPaddocks, { token: neighbour.token }),
    );
    expect(neighbourPaddocks.map((candidate) => candidate.id)).not.toContain(paddock.id);

    expectRefusal(await cowLocation(neighbour, cowId), 404, 'E_NOT_FOUND', ['C3102']);
    expectRefusal(await putInPaddock(neighbour, cowId, null), 404, 'E_NOT_FOUND');
    // Her own cow into the farmer's paddock: the paddock is not hers.
    expectRefusal(await putInPaddock(neighbour, strangersCow, paddock.id), 404, 'E_NOT_FOUND', ['Private']);
    expectRefusal(
      await call(testApp, api.location.deletePaddock, { token: neighbour.token, params: { id: paddock.id } }),
      404,
      'E_NOT_FOUND',
    );
    const penId = await insertCowType(testApp, gateway.farmId, 'Pen B');
    expectRefusal(
      await call(testApp, api.location.setPenLocation, {
        token: neighbour.token,
        params: { cowTypeId: penId },
        body: { lat: 1, lon: 1 },
      }),
      404,
      'E_NOT_FOUND',
    );
    const herd = ok<HerdPosition[]>(
      await call(testApp, api.location.herdPositions, { token: neighbour.token }),
    );
    expect(herd.map((cow) => cow.code)).not.toContain('C3101');
    // The paddock is still the farmer's, whole.
    const mine = ok<Paddock[]>(await call(testApp, api.location.listPaddocks, { token: farmer.token }));
    expect(mine.find((candidate) => candidate.id === paddock.id)?.boundary).toEqual(field);
  });

  it('deletes a paddock; its cows are then in none', async () => {
    const paddock = await addPaddock(farmer, 'Short-lived');
    const cowId = await cowWearing(testApp, farmer, 'C3104', 40314);
    ok(await putInPaddock(farmer, cowId, paddock.id));
    ok(await call(testApp, api.location.deletePaddock, { token: farmer.token, params: { id: paddock.id } }));
    expect(ok<CowLocation>(await cowLocation(farmer, cowId)).paddock).toBeNull();
  });

  it('refuses a bad paddock id with 400', async () => {
    const response = await call(testApp, api.location.setCowPaddock, {
      token: farmer.token,
      params: { cowId: 1 },
      body: { paddockId: 'north' },
    });
    expectInvalid(response);
  });
});

describe('roles', () => {
  it("lets staff see where cows are and put one in a paddock, but not set the farm's point or draw", async () => {
    const invitation = await call(testApp, api.staff.createInvitation, { token: farmer.token });
    const { code } = invitation.json<{ data: { code: string } }>().data;
    const joined = await call(testApp, api.staff.joinFarm, {
      body: {
        invitationCode: code,
        username: `locstaff${process.pid}`,
        password: 'staff password 1',
        name: 'Location Staff',
        phone: '010-5555-4321',
      },
    });
    const staff = { ...farmer, token: joined.json<{ data: { token: string } }>().data.token };
    const cowId = await cowWearing(testApp, farmer, 'C3301', 40331);
    const paddock = await addPaddock(farmer, 'Staff field');
    ok(await putInPaddock(staff, cowId, paddock.id));
    expect(ok<CowLocation>(await cowLocation(staff, cowId)).paddock?.id).toBe(paddock.id);
    ok(await call(testApp, api.location.herdPositions, { token: staff.token }));
    expectRefusal(
      await call(testApp, api.location.setFarmLocation, { token: staff.token, body: { lat: 1, lon: 1 } }),
      403,
      'E_OWNER_ONLY',
    );
    expectRefusal(
      await call(testApp, api.location.addPaddock, {
        token: staff.token,
        body: { name: 'X', boundary: field },
      }),
      403,
      'E_OWNER_ONLY',
    );
  });
});

describe('GPS positions and the virtual fence', () => {
  it('refuses a reading with a latitude but no longitude, or one off the globe, and stores the rest', async () => {
    await cowWearing(testApp, farmer, 'C3201', 40321);
    const now = wholeSecond(new Date());
    const response = await call(testApp, api.ingest.postReadings, {
      body: [
        { sensor: 40321, num: 1, timedate: minutesAgo(3, now).toISOString(), lat: 37 },
        { sensor: 40321, num: 2, timedate: minutesAgo(2, now).toISOString(), lat: 37, lon: 181 },
        { sensor: 40321, num: 3, timedate: minutesAgo(1, now).toISOString(), lat: 37, lon: 127 },
      ],
      headers: basicAuthorization(gateway.username, gateway.secret),
    });
    const result = ok<{ items: { status: string; reason?: string }[] }>(response);
    expect(result.items.map((item) => item.status)).toEqual(['rejected', 'rejected', 'stored']);
    expect(result.items[0]?.reason).toMatch(/lon/);
    expect(result.items[1]?.reason).toMatch(/lon/);
  });

  it('shows her newest GPS position with its time and her track of the last 24 hours', async () => {
    const cowId = await cowWearing(testApp, farmer, 'C3202', 40322);
    await sendPositions(40322, [
      { minutesAgo: 25 * 60, at: { lat: 36.9, lon: 126.9 } },
      { minutesAgo: 30, at: { lat: 37.0001, lon: 127.0001 } },
      { minutesAgo: 20, at: { lat: 37.0002, lon: 127.0002 } },
      { minutesAgo: 10, at: inField },
    ]);
    const location = ok<CowLocation>(await cowLocation(farmer, cowId));
    expect(location.position).toMatchObject({ ...inField, source: 'gps' });
    expect(Date.now() - Date.parse(location.position?.at ?? '')).toBeGreaterThan(9 * 60_000);
    // The fix of 25 hours ago is not part of the last day's track.
    expect(location.track.map((point) => point.lat)).toEqual([37.0001, 37.0002, inField.lat]);
    expectRefusal(await cowLocation(neighbour, cowId), 404, 'E_NOT_FOUND', ['37.0002']);
    const herd = ok<HerdPosition[]>(await call(testApp, api.location.herdPositions, { token: farmer.token }));
    expect(herd.find((cow) => cow.cowId === cowId)?.position).toMatchObject({ ...inField, source: 'gps' });
  });

  it('raises 306 once when she stays outside her paddock for 10 minutes, not for 9, live with her code', async () => {
    const cowId = await cowWearing(testApp, farmer, 'C3203', 40323);
    const bus = await recordBus(testApp);
    const paddock = await addPaddock(farmer, 'Fence field');
    ok(await putInPaddock(farmer, cowId, paddock.id));
    const breaches = async () =>
      (await noticesOf(testApp, gateway.farmId)).filter(
        (notice) => notice.cowId === cowId && notice.code === PADDOCK_BREACH_NOTICE,
      );

    await sendPositions(40323, [
      { minutesAgo: 40, at: inField },
      { minutesAgo: 39, at: northOfField },
      { minutesAgo: 30, at: northOfField },
    ]);
    expect(await breaches()).toEqual([]);

    await sendPositions(40323, [
      { minutesAgo: 29, at: northOfField },
      { minutesAgo: 28, at: northOfField },
    ]);
    const [breach, ...more] = await breaches();
    expect(more).toEqual([]);
    expect(breach?.details).toMatchObject({ paddockId: paddock.id, paddock: 'Fence field', ...northOfField });
    // The open notice tab shows her code even when its list has not loaded her (issue 37's follow-up).
    const live = bus.events.filter(
      ({ message }) => message.type === 'notice' && message.data.noticecode === PADDOCK_BREACH_NOTICE,
    );
    await bus.stop();
    expect(live).toEqual([
      {
        farmId: gateway.farmId,
        message: { type: 'notice', data: expect.objectContaining({ cowid: cowId, code: 'C3203' }) },
      },
    ]);

    // Still out: the same stretch, no second notice. Back in, then out again for 10 minutes: a new one.
    await sendPositions(40323, [
      { minutesAgo: 25, at: northOfField },
      { minutesAgo: 20, at: inField },
      { minutesAgo: 15, at: northOfField },
      { minutesAgo: 4, at: northOfField },
    ]);
    expect(await breaches()).toHaveLength(2);
  });

  it('raises nothing for a cow in no paddock, however far she wanders', async () => {
    const cowId = await cowWearing(testApp, farmer, 'C3204', 40324);
    await sendPositions(40324, [
      { minutesAgo: 30, at: northOfField },
      { minutesAgo: 5, at: { lat: 38, lon: 128 } },
    ]);
    const notices = await noticesOf(testApp, gateway.farmId);
    expect(notices.filter((notice) => notice.cowId === cowId)).toEqual([]);
  });
});
