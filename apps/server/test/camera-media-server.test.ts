// The scale path of issue 37: with a media server configured, the server registers each RTSP camera as an
// on-demand path on it (MediaMTX's control API) and answers its authentication callback, so only a live
// ticket of that very camera reads its video. MediaMTX cannot be installed here; the stand-in speaks its API
// and its callback (test/helpers/media-server-stand-in.ts) and pulls the registered source from a real RTSP
// camera on loopback, so a registration with a wrong URL or password would show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Camera, StreamTicket } from '@cowcare/contract/routes/cameras';
import { issueTicket } from '../src/modules/cameras/stream-tickets';
import { expectRefusal, farmIdOf } from './cows-fixtures';
import { cameraFormOf, startLoopbackCamera, type LoopbackCamera } from './helpers/loopback-camera';
import { startMediaServerStandIn, type MediaServerStandIn } from './helpers/media-server-stand-in';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let mediaServer: MediaServerStandIn;
let camera: LoopbackCamera;
let farmer: TestUser;
let neighbour: TestUser;
let farmId: number;
let callbackUrl = '';

beforeAll(async () => {
  camera = await startLoopbackCamera({ username: 'barn', password: 'hay-bale-7' });
  mediaServer = await startMediaServerStandIn({
    authHttpAddress: () => callbackUrl,
    apiCredentials: { user: 'cowcare', pass: 'api-secret' },
  });
  const apiUrl = new URL(mediaServer.apiUrl);
  apiUrl.username = 'cowcare';
  apiUrl.password = 'api-secret';
  testApp = await createTestApp({
    cameraMediaServer: { hlsUrl: mediaServer.hlsUrl, apiUrl: apiUrl.href.replace(/\/$/, '') },
  });
  const baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  callbackUrl = `${baseUrl}/api/device/device/mediaauth`;
  farmer = await createFarmUser(testApp);
  neighbour = await createFarmUser(testApp);
  farmId = await farmIdOf(testApp, farmer);
}, 40_000);
afterAll(async () => {
  await testApp?.close();
  await mediaServer?.stop();
  await camera?.stop();
});

const ok = <T>(response: { statusCode: number; body: string; json: <J>() => J }): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
};

const addCamera = (body: Record<string, unknown>) =>
  call(testApp, api.cameras.addCamera, { token: farmer.token, body });

const addLoopbackCamera = async (name: string, password?: string) =>
  ok<Camera>(await addCamera(cameraFormOf(camera, name, password)));

const streamOf = async (cameraId: number, user = farmer) =>
  call(testApp, api.cameras.cameraStream, { token: user.token, params: { id: cameraId } });

const pathName = (cameraId: number) => `cowcare-${farmId}-c${cameraId}`;

/** What a browser does with the ticket: open the media server's playlist. */
const play = (url: string) => fetch(url);

const authorize = (body: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url: '/api/device/device/mediaauth', payload: body });

describe('a camera through the media server', () => {
  it('registers the camera on demand and the farmer plays it from there, not from this server', async () => {
    const added = await addLoopbackCamera('Calving pen');
    const ticket = ok<StreamTicket>(await streamOf(added.id));

    expect(ticket.url.startsWith(`${mediaServer.hlsUrl}/${pathName(added.id)}/index.m3u8?ticket=`)).toBe(
      true,
    );
    const registration = mediaServer.apiCalls.find(
      (each) => each.method === 'POST' && each.path === `/v3/config/paths/replace/${pathName(added.id)}`,
    );
    expect(registration?.authorization).toBe(`Basic ${Buffer.from('cowcare:api-secret').toString('base64')}`);
    expect(registration?.body).toMatchObject({
      source: `rtsp://barn:hay-bale-7@127.0.0.1:${camera.port}/barn`,
      sourceOnDemand: true,
      sourceOnDemandCloseAfter: '60s',
    });

    const playlist = await play(ticket.url);
    expect(playlist.status, await playlist.clone().text()).toBe(200);
    expect(await playlist.text()).toMatch(/^#EXTM3U/);
    expect(mediaServer.authentications.at(-1)).toMatchObject({
      request: { action: 'read', protocol: 'hls', path: pathName(added.id) },
      status: 200,
    });
    expect(testApp.services.cameras.pipeline.isRunning(`${farmId}-c${added.id}`)).toBe(false);

    const [listed] = ok<Camera[]>(await call(testApp, api.cameras.listCameras, { token: farmer.token }));
    expect(listed?.status.state).toBe('live');
  }, 60_000);

  it('keeps the stored password from the browser: the ticket URL carries none', async () => {
    const added = await addLoopbackCamera('Heifer shed');
    const ticket = ok<StreamTicket>(await streamOf(added.id));
    expect(ticket.url).not.toContain('hay-bale-7');
    expect(ticket.url).not.toContain('barn:');
  });

  it('drops the path when the camera changes, and registers what changed on the next viewer', async () => {
    const added = await addLoopbackCamera('Dry cows', 'wrong-password');
    const first = ok<StreamTicket>(await streamOf(added.id));
    const refused = await play(first.url);
    expect(refused.status).toBe(404); // the media server could not pull the camera with that password

    const callsBefore = mediaServer.apiCalls.length;
    ok<Camera>(
      await call(testApp, api.cameras.updateCamera, {
        token: farmer.token,
        params: { id: added.id },
        body: { password: camera.password ?? '' },
      }),
    );
    expect(mediaServer.apiCalls.slice(callsBefore)).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/v3/config/paths/delete/${pathName(added.id)}` }),
    );
    const second = ok<StreamTicket>(await streamOf(added.id));
    expect(mediaServer.paths.get(pathName(added.id))?.source).toContain(':hay-bale-7@');
    expect((await play(second.url)).status).toBe(200);
  }, 60_000);
});

describe("the media server's authentication callback", () => {
  let cameraId: number;
  let otherCameraId: number;
  let ticketQuery: string;
  beforeAll(async () => {
    cameraId = (await addLoopbackCamera('Gate')).id;
    otherCameraId = (await addLoopbackCamera('Feed alley')).id;
    ticketQuery = new URL(ok<StreamTicket>(await streamOf(cameraId)).url).search.slice(1);
  });

  const read = (overrides: Record<string, unknown> = {}) =>
    authorize({
      ip: '203.0.113.9',
      user: '',
      password: '',
      token: '',
      action: 'read',
      path: pathName(cameraId),
      protocol: 'hls',
      id: null,
      query: ticketQuery,
      ...overrides,
    });

  it('lets a live ticket read its own camera', async () => {
    expect((await read()).statusCode).toBe(200);
  });

  it('refuses the ticket on another camera, forged, missing, or for anything but reading HLS', async () => {
    expectRefusal(await read({ path: pathName(otherCameraId) }), 403, 'E_FORBIDDEN');
    const ticket = new URLSearchParams(ticketQuery).get('ticket') ?? '';
    const forged = `${ticket.slice(0, -1)}${ticket.endsWith('A') ? 'B' : 'A'}`;
    expectRefusal(await read({ query: `ticket=${forged}` }), 403, 'E_FORBIDDEN');
    const expired = issueTicket(testApp.services.cameras.secrets, {
      farmId,
      source: { kind: 'camera', cameraId },
      expiresAt: Date.now() - 1000,
    });
    expectRefusal(await read({ query: `ticket=${expired}` }), 403, 'E_FORBIDDEN');
    expectRefusal(await read({ query: '' }), 403, 'E_FORBIDDEN');
    expectRefusal(await read({ action: 'publish' }), 403, 'E_FORBIDDEN');
    expectRefusal(await read({ action: 'api', path: '' }), 403, 'E_FORBIDDEN');
    expectRefusal(await read({ protocol: 'rtsp' }), 403, 'E_FORBIDDEN');
  });

  it('answers 400 to a body that is not what MediaMTX sends', async () => {
    for (const response of [
      await authorize({ path: pathName(cameraId), query: ticketQuery }),
      await read({ action: 7 }),
      await read({ query: 'x'.repeat(5000) }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'E_VALIDATION' });
    }
  });

  it('refuses a ticket of a camera that was deleted, and the path is dropped', async () => {
    const gone = await addLoopbackCamera('Old barn');
    const query = new URL(ok<StreamTicket>(await streamOf(gone.id)).url).search.slice(1);
    ok(await call(testApp, api.cameras.deleteCamera, { token: farmer.token, params: { id: gone.id } }));
    expect(mediaServer.paths.has(pathName(gone.id))).toBe(false);
    expectRefusal(await read({ path: pathName(gone.id), query }), 403, 'E_FORBIDDEN');
  });

  it("never lets another farm's user near the camera", async () => {
    expectRefusal(await streamOf(cameraId, neighbour), 404, 'E_NOT_FOUND');
    const ownCamera = ok<Camera>(
      await call(testApp, api.cameras.addCamera, {
        token: neighbour.token,
        body: { name: 'Neighbour', ip: camera.ip, port: camera.port, streamPath: camera.streamPath },
      }),
    );
    const theirQuery = new URL(ok<StreamTicket>(await streamOf(ownCamera.id, neighbour)).url).search.slice(1);
    expectRefusal(await read({ query: theirQuery }), 403, 'E_FORBIDDEN');
  });
});

describe('what stays on this server', () => {
  it('demo footage and an MJPEG camera are served by the embedded pipeline', async () => {
    const demo = ok<StreamTicket>(await call(testApp, api.cameras.demoStream, { token: farmer.token }));
    expect(demo.url.startsWith('/api/device/device/hls/')).toBe(true);
    const mjpeg = ok<Camera>(
      await addCamera({ name: 'Old webcam', ip: '127.0.0.1', port: 8081, protocol: 'http' }),
    );
    const ticket = ok<StreamTicket>(await streamOf(mjpeg.id));
    expect(ticket.url.startsWith('/api/device/device/hls/')).toBe(true);
    expect(mediaServer.paths.has(pathName(mjpeg.id))).toBe(false);
  });
});

describe('a media server that does not answer', () => {
  it('says so (503) instead of giving a link that cannot play, and still lists the cameras', async () => {
    const stopped = await createTestApp({
      cameraMediaServer: { hlsUrl: 'http://127.0.0.1:9', apiUrl: 'http://127.0.0.1:9' },
    });
    try {
      const owner = await createFarmUser(stopped);
      const added = ok<Camera>(
        await call(stopped, api.cameras.addCamera, {
          token: owner.token,
          body: { name: 'Barn', ip: camera.ip, port: camera.port, streamPath: camera.streamPath },
        }),
      );
      const refused = await call(stopped, api.cameras.cameraStream, {
        token: owner.token,
        params: { id: added.id },
      });
      expectRefusal(refused, 503, 'E_UNAVAILABLE');
      expect(refused.json<{ msg: string }>().msg).toMatch(/video server did not answer/);
      const [listed] = ok<Camera[]>(await call(stopped, api.cameras.listCameras, { token: owner.token }));
      expect(listed?.status.state).toBe('idle');
    } finally {
      await stopped.close();
    }
  }, 30_000);
});

describe('without a media server', () => {
  it('has no callback to answer', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/device/device/mediaauth',
        payload: { action: 'read', path: 'cowcare-1-c1', protocol: 'hls', query: 'ticket=x' },
      });
      expectRefusal(response, 404, 'E_NOT_FOUND');
    } finally {
      await plain.close();
    }
  });
});
