// The farm's cameras (issue 37): owners add, change and delete them with credentials that are stored sealed
// and never answered; every member lists them and opens the one that shows a cow. Another farm's user gets
// 404 (or 403 on a stream link), never data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Camera, StreamTicket } from '@cowcare/contract/routes/cameras';
import { expectRefusal, farmIdOf, insertCowType, insertFarmCow } from './cows-fixtures';
import { call, createArrangedTestApp, createFarmUser, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;
let staffToken: string;
let farmId: number;
let strangerFarmId: number;

beforeAll(async () => {
  ({ testApp, farmer, stranger, farmId, strangerFarmId, staffToken } = await createArrangedTestApp(
    async (app) => {
      const owner = await createFarmUser(app);
      const other = await createFarmUser(app);
      const invitation = await call(app, api.staff.createInvitation, { token: owner.token });
      const { code } = invitation.json<{ data: { code: string } }>().data;
      const joined = await call(app, api.staff.joinFarm, {
        body: {
          invitationCode: code,
          username: `camstaff${process.pid}`,
          password: 'staff password 1',
          name: 'Camera Staff',
          phone: '010-5555-1234',
        },
      });
      return {
        farmer: owner,
        stranger: other,
        farmId: await farmIdOf(app, owner),
        strangerFarmId: await farmIdOf(app, other),
        staffToken: joined.json<{ data: { token: string } }>().data.token,
      };
    },
  ));
});
afterAll(() => testApp.close());

const ok = <T>(response: { statusCode: number; body: string; json: <J>() => J }): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
};

const barnCamera = {
  name: 'Barn east',
  ip: '192.0.2.10',
  port: 40006,
  protocol: 'rtsp',
  streamPath: '/Streaming/Channels/101',
  username: 'admin',
  password: 'Sup3r-secret!',
};

const addCamera = async (user: TestUser, body: Record<string, unknown> = barnCamera) =>
  ok<Camera>(await call(testApp, api.cameras.addCamera, { token: user.token, body }));

const listOf = async (token: string) => ok<Camera[]>(await call(testApp, api.cameras.listCameras, { token }));

describe('adding and listing cameras', () => {
  it('adds a camera with its channel in the name (spec §9) and never answers its credentials', async () => {
    const camera = await addCamera(farmer);
    expect(camera).toMatchObject({
      name: 'Barn east',
      displayName: 'Barn east (2)',
      ip: '192.0.2.10',
      port: 40006,
      streamPath: '/Streaming/Channels/101',
      hasCredentials: true,
      cowIds: [],
      cowTypeId: null,
      status: { state: 'idle', since: null },
    });
    const listed = await call(testApp, api.cameras.listCameras, { token: farmer.token });
    expect(listed.body).not.toContain('Sup3r-secret!');
    expect(listed.body).not.toContain('admin');
    expect(listed.json<{ data: Camera[] }>().data.map((c) => c.id)).toContain(camera.id);

    const [stored] = await testApp.db.query<{ credentials: string }>(
      'SELECT credentials FROM cameras WHERE id = $1',
      [camera.id],
    );
    expect(stored?.credentials).toBeTruthy();
    expect(stored?.credentials).not.toContain('Sup3r');
    expect(testApp.services.cameras.secrets.open(stored?.credentials ?? null)).toEqual({
      username: 'admin',
      password: 'Sup3r-secret!',
    });
  });

  it('shows a camera outside the recorder port scheme by its name alone; staff see the list too', async () => {
    const camera = await addCamera(farmer, { name: 'Gate', ip: 'gate.local', port: 554 });
    expect(camera.displayName).toBe('Gate');
    expect(camera.hasCredentials).toBe(false);
    expect((await listOf(staffToken)).map((c) => c.id)).toContain(camera.id);
  });

  it('drops a listed entry that lacks a usable ip (spec §3)', async () => {
    const [row] = await testApp.db.query<{ id: number }>(
      "INSERT INTO cameras (farm_id, name, ip, port) VALUES ($1, 'Broken', ' ', 554) RETURNING id",
      [farmId],
    );
    expect((await listOf(farmer.token)).map((c) => c.id)).not.toContain(row?.id);
    await testApp.db.query('DELETE FROM cameras WHERE id = $1', [row?.id]);
  });

  it('refuses without a token (401), a bad body (400), staff (403) and links to another farm (404)', async () => {
    expectRefusal(await call(testApp, api.cameras.listCameras, {}), 401, 'E_UNAUTHORIZED');
    expectRefusal(await call(testApp, api.cameras.addCamera, { body: barnCamera }), 401, 'E_UNAUTHORIZED');
    for (const body of [
      { ...barnCamera, port: 0 },
      { ...barnCamera, ip: 'http://x/y' },
      { ...barnCamera, protocol: 'ftp' },
      { ...barnCamera, name: '' },
      { ...barnCamera, password: 'bad\nline' },
      { ...barnCamera, extra: 1 },
    ]) {
      const response = await call(testApp, api.cameras.addCamera, { token: farmer.token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expectRefusal(
      await call(testApp, api.cameras.addCamera, { token: staffToken, body: barnCamera }),
      403,
      'E_OWNER_ONLY',
    );
    const strangerCow = await insertFarmCow(testApp, strangerFarmId);
    const strangerPen = await insertCowType(testApp, strangerFarmId, `Pen ${process.pid}`);
    expectRefusal(
      await call(testApp, api.cameras.addCamera, {
        token: farmer.token,
        body: { ...barnCamera, cowIds: [strangerCow] },
      }),
      404,
      'E_NOT_FOUND',
    );
    expectRefusal(
      await call(testApp, api.cameras.addCamera, {
        token: farmer.token,
        body: { ...barnCamera, cowTypeId: strangerPen },
      }),
      404,
      'E_NOT_FOUND',
    );
    // the other farm sees none of this farm's cameras
    expect(await listOf(stranger.token)).toEqual([]);
  });
});

describe('changing and deleting a camera', () => {
  it('changes the address and keeps credentials left out; null clears them', async () => {
    const camera = await addCamera(farmer);
    const moved = ok<Camera>(
      await call(testApp, api.cameras.updateCamera, {
        token: farmer.token,
        params: { id: camera.id },
        body: { port: 40011, name: 'Barn west' },
      }),
    );
    expect(moved).toMatchObject({ displayName: 'Barn west (3)', hasCredentials: true });
    const newPassword = ok<Camera>(
      await call(testApp, api.cameras.updateCamera, {
        token: farmer.token,
        params: { id: camera.id },
        body: { password: 'n3w' },
      }),
    );
    expect(newPassword.hasCredentials).toBe(true);
    const [row] = await testApp.db.query<{ credentials: string }>(
      'SELECT credentials FROM cameras WHERE id = $1',
      [camera.id],
    );
    expect(testApp.services.cameras.secrets.open(row?.credentials ?? null)).toEqual({
      username: 'admin',
      password: 'n3w',
    });
    const cleared = ok<Camera>(
      await call(testApp, api.cameras.updateCamera, {
        token: farmer.token,
        params: { id: camera.id },
        body: { username: null, password: null },
      }),
    );
    expect(cleared.hasCredentials).toBe(false);
  });

  it('refuses to change or delete without a token, with a bad body, as staff, or another farm’s camera', async () => {
    const camera = await addCamera(farmer);
    const params = { id: camera.id };
    expectRefusal(
      await call(testApp, api.cameras.updateCamera, { params, body: { name: 'x' } }),
      401,
      'E_UNAUTHORIZED',
    );
    expectRefusal(await call(testApp, api.cameras.deleteCamera, { params }), 401, 'E_UNAUTHORIZED');
    for (const body of [{}, { port: 70000 }, { nope: true }]) {
      const response = await call(testApp, api.cameras.updateCamera, { token: farmer.token, params, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call(testApp, api.cameras.deleteCamera, { token: farmer.token, params: { id: 'x' } }))
        .statusCode,
    ).toBe(400);
    expectRefusal(
      await call(testApp, api.cameras.updateCamera, { token: staffToken, params, body: { name: 'x' } }),
      403,
      'E_OWNER_ONLY',
    );
    expectRefusal(
      await call(testApp, api.cameras.deleteCamera, { token: staffToken, params }),
      403,
      'E_OWNER_ONLY',
    );
    expectRefusal(
      await call(testApp, api.cameras.updateCamera, {
        token: stranger.token,
        params,
        body: { name: 'Mine' },
      }),
      404,
      'E_NOT_FOUND',
      ['Barn'],
    );
    expectRefusal(
      await call(testApp, api.cameras.deleteCamera, { token: stranger.token, params }),
      404,
      'E_NOT_FOUND',
    );
    expect((await listOf(farmer.token)).find((c) => c.id === camera.id)?.name).toBe('Barn east');

    ok(await call(testApp, api.cameras.deleteCamera, { token: farmer.token, params }));
    expect((await listOf(farmer.token)).map((c) => c.id)).not.toContain(camera.id);
    expectRefusal(
      await call(testApp, api.cameras.deleteCamera, { token: farmer.token, params }),
      404,
      'E_NOT_FOUND',
    );
  });
});

describe("the cow's camera", () => {
  it('opens the camera linked to the cow, else the one of her pen, else none', async () => {
    const pen = await insertCowType(testApp, farmId, `Calving pen ${process.pid}`);
    const inPen = await insertFarmCow(testApp, farmId, { typeId: pen });
    const named = await insertFarmCow(testApp, farmId, { typeId: pen });
    const alone = await insertFarmCow(testApp, farmId);
    const penCamera = await addCamera(farmer, { name: 'Pen', ip: '192.0.2.20', port: 554, cowTypeId: pen });
    const cowCam = await addCamera(farmer, { name: 'Box', ip: '192.0.2.21', port: 554, cowIds: [named] });
    expect(cowCam.cowIds).toEqual([named]);
    const cameraOf = async (cowId: number, token = farmer.token) =>
      ok<{ camera: Camera | null }>(await call(testApp, api.cameras.cowCamera, { token, params: { cowId } }))
        .camera;
    expect((await cameraOf(inPen))?.id).toBe(penCamera.id);
    expect((await cameraOf(named, staffToken))?.id).toBe(cowCam.id);
    expect(await cameraOf(alone)).toBeNull();

    expectRefusal(
      await call(testApp, api.cameras.cowCamera, { params: { cowId: named } }),
      401,
      'E_UNAUTHORIZED',
    );
    expect(
      (await call(testApp, api.cameras.cowCamera, { token: farmer.token, params: { cowId: 0 } })).statusCode,
    ).toBe(400);
    expectRefusal(
      await call(testApp, api.cameras.cowCamera, { token: stranger.token, params: { cowId: named } }),
      404,
      'E_NOT_FOUND',
      ['Box'],
    );
  });
});

describe('stream links', () => {
  it('gives a signed, expiring link to members of the farm only', async () => {
    const camera = await addCamera(farmer);
    const ticket = ok<StreamTicket>(
      await call(testApp, api.cameras.cameraStream, { token: staffToken, params: { id: camera.id } }),
    );
    expect(ticket.url).toMatch(/^\/api\/device\/device\/hls\/[A-Za-z0-9_-]+\/index\.m3u8$/);
    expect(Date.parse(ticket.expiresAt) - Date.now()).toBeGreaterThan(25 * 60_000);
    expect(ticket.status.state).toBe('idle');

    expectRefusal(
      await call(testApp, api.cameras.cameraStream, { params: { id: camera.id } }),
      401,
      'E_UNAUTHORIZED',
    );
    expect(
      (await call(testApp, api.cameras.cameraStream, { token: farmer.token, params: { id: -1 } })).statusCode,
    ).toBe(400);
    expectRefusal(
      await call(testApp, api.cameras.cameraStream, { token: stranger.token, params: { id: camera.id } }),
      404,
      'E_NOT_FOUND',
    );
    expectRefusal(await call(testApp, api.cameras.demoStream, {}), 401, 'E_UNAUTHORIZED');
    const demo = ok<StreamTicket>(await call(testApp, api.cameras.demoStream, { token: farmer.token }));
    expect(demo.url).toContain(`/hls/${farmId}-demo-`);
  });

  it('refuses a forged, tampered or expired link (403) and a deleted camera (404), without starting ffmpeg', async () => {
    const camera = await addCamera(farmer);
    const { url } = ok<StreamTicket>(
      await call(testApp, api.cameras.cameraStream, { token: farmer.token, params: { id: camera.id } }),
    );
    const ticket = url.split('/')[5] ?? '';
    const fetchFile = (text: string, file = 'index.m3u8') =>
      call(testApp, api.cameras.streamFile, { params: { ticket: text, file } });

    // another farm's id put into this farm's ticket breaks its signature
    const [, source, expires, signature] = ticket.split('-');
    expectRefusal(await fetchFile(`${strangerFarmId}-${source}-${expires}-${signature}`), 403, 'E_FORBIDDEN');
    expectRefusal(
      await fetchFile(`${farmId}-${source}-${Number(expires) + 60}-${signature}`),
      403,
      'E_FORBIDDEN',
    );
    expectRefusal(await fetchFile('1-demo-99-nope'), 403, 'E_FORBIDDEN');
    expect((await fetchFile(ticket, '../secrets')).statusCode).toBe(400);
    expect((await fetchFile(ticket, 'other.mp4')).statusCode).toBe(400);

    const { issueTicket } = await import('../src/modules/cameras/stream-tickets');
    const expired = issueTicket(testApp.services.cameras.secrets, {
      farmId,
      source: { kind: 'camera', cameraId: camera.id },
      expiresAt: Date.now() - 1000,
    });
    const refusal = await fetchFile(expired);
    expectRefusal(refusal, 403, 'E_FORBIDDEN');
    expect(refusal.json<{ msg: string }>().msg).toMatch(/expired/);

    ok(await call(testApp, api.cameras.deleteCamera, { token: farmer.token, params: { id: camera.id } }));
    expectRefusal(await fetchFile(ticket), 404, 'E_NOT_FOUND');
    expect(testApp.services.cameras.pipeline.isRunning(`${farmId}-c${camera.id}`)).toBe(false);
  });
});
