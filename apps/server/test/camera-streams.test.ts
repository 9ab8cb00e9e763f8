// The embedded HLS pipeline with the real ffmpeg that npm ci installs: demo footage rendered from the farm's
// herd comes out as a playlist and MPEG-TS segments through the signed stream link, ffmpeg stops once nobody
// fetches for the idle time, and a camera that cannot be reached says it is offline; a real RTSP camera on loopback plays, refuses a wrong
// password, and gives her notices their still.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Camera, StreamTicket } from '@cowcare/contract/routes/cameras';
import type { Notice } from '@cowcare/contract/routes/notices';
import { noticeMessage } from '../src/modules/notices/record-notice';
import { expectRefusal, farmIdOf, insertFarmCow } from './cows-fixtures';
import { cameraFormOf, startLoopbackCamera, type LoopbackCamera } from './helpers/loopback-camera';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { insertNotice, recordBus } from './notices-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let farmId: number;

beforeAll(async () => {
  // a one-second idle time stands for the minute of the default, so the stop is seen quickly
  testApp = await createTestApp({ cameraIdleSeconds: 1 });
  farmer = await createFarmUser(testApp);
  farmId = await farmIdOf(testApp, farmer);
  await insertFarmCow(testApp, farmId, { code: 'C1042' });
}, 30_000);
afterAll(() => testApp.close());

const ok = <T>(response: { statusCode: number; body: string; json: <J>() => J }): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
};

const fetchUrl = (url: string) => testApp.app.inject({ method: 'GET', url });

const waitUntil = async (condition: () => boolean, ms: number): Promise<boolean> => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
};

describe('demo footage through the HLS pipeline', () => {
  it('starts ffmpeg on the first request, serves a playlist and segments, and stops after the idle time', async () => {
    const key = `${farmId}-demo`;
    const ticket = ok<StreamTicket>(await call(testApp, api.cameras.demoStream, { token: farmer.token }));
    expect(testApp.services.cameras.pipeline.isRunning(key)).toBe(false);

    const playlist = await fetchUrl(ticket.url);
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.body).toMatch(/^#EXTM3U/);
    const segment = /^(seg\d+\.ts)$/m.exec(playlist.body)?.[1];
    expect(segment).toBeDefined();

    const video = await fetchUrl(ticket.url.replace('index.m3u8', segment ?? ''));
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp2t');
    expect(video.rawPayload.length).toBeGreaterThan(1000);
    expect(video.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    const live = ok<StreamTicket>(await call(testApp, api.cameras.demoStream, { token: farmer.token }));
    expect(live.status.state).toBe('live');
    expect(testApp.services.cameras.pipeline.isRunning(key)).toBe(true);

    // nobody fetches: stopped within the idle time and a sweep, its files removed
    expect(await waitUntil(() => !testApp.services.cameras.pipeline.isRunning(key), 4000)).toBe(true);
    const after = await fetchUrl(ticket.url.replace('index.m3u8', segment ?? ''));
    expect(after.statusCode).toBe(404);
    const idle = ok<StreamTicket>(await call(testApp, api.cameras.demoStream, { token: farmer.token }));
    expect(idle.status.state).toBe('idle');
  }, 30_000);
});

/** A port on loopback that nothing listens on. */
const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
};

describe('a camera that cannot be reached', () => {
  it('answers 503 "offline since …" and lists the camera as offline', async () => {
    const port = await closedPort();
    const camera = ok<Camera>(
      await call(testApp, api.cameras.addCamera, {
        token: farmer.token,
        body: { name: 'Unplugged', ip: '127.0.0.1', port, streamPath: '/live' },
      }),
    );
    const ticket = ok<StreamTicket>(
      await call(testApp, api.cameras.cameraStream, { token: farmer.token, params: { id: camera.id } }),
    );
    const first = await fetchUrl(ticket.url);
    expectRefusal(first, 503, 'E_UNAVAILABLE');
    expect(first.json<{ msg: string }>().msg).toMatch(/offline since \d{4}-/);
    const [listed] = ok<Camera[]>(await call(testApp, api.cameras.listCameras, { token: farmer.token }));
    expect(listed?.status.state).toBe('offline');
    expect(listed?.status.since).toMatch(/^\d{4}-/);
  }, 30_000);
});

describe('a real camera on loopback (an RTSP server fed by ffmpeg)', () => {
  let camera: LoopbackCamera;
  beforeAll(async () => {
    camera = await startLoopbackCamera({ username: 'barn', password: 'hay-bale-7' });
  }, 30_000);
  afterAll(() => camera?.stop());

  const addLoopbackCamera = (name: string, password: string, cowIds: number[] = []) =>
    call(testApp, api.cameras.addCamera, {
      token: farmer.token,
      body: { ...cameraFormOf(camera, name, password), cowIds },
    });

  it('plays through HLS: a camera refusing RTSP over TCP (461) is pulled over UDP', async () => {
    const added = ok<Camera>(await addLoopbackCamera('Calving pen', camera.password ?? ''));
    const ticket = ok<StreamTicket>(
      await call(testApp, api.cameras.cameraStream, { token: farmer.token, params: { id: added.id } }),
    );
    const playlist = await fetchUrl(ticket.url);
    expect(playlist.statusCode, playlist.body).toBe(200);
    const segment = /^(seg\d+\.ts)$/m.exec(playlist.body)?.[1];
    const video = await fetchUrl(ticket.url.replace('index.m3u8', segment ?? ''));
    expect(video.statusCode).toBe(200);
    expect(video.rawPayload[0]).toBe(0x47);
    await testApp.services.cameras.restart(farmId, added.id);
  }, 40_000);

  it('says the camera refused the password, and lists it so', async () => {
    const added = ok<Camera>(await addLoopbackCamera('Wrong password', 'not-the-password'));
    const ticket = ok<StreamTicket>(
      await call(testApp, api.cameras.cameraStream, { token: farmer.token, params: { id: added.id } }),
    );
    const refused = await fetchUrl(ticket.url);
    expectRefusal(refused, 503, 'E_UNAVAILABLE');
    expect(refused.json<{ msg: string }>().msg).toMatch(/refused the username or password/);
    const listed = ok<Camera[]>(await call(testApp, api.cameras.listCameras, { token: farmer.token }));
    expect(listed.find((each) => each.id === added.id)?.status.state).toBe('unauthorized');
  }, 30_000);

  it("attaches a still from her camera to her estrus notice, for her farm's eyes only", async () => {
    const cowId = await insertFarmCow(testApp, farmId, { code: 'C2077' });
    const otherCowId = await insertFarmCow(testApp, farmId, { code: 'C2078' });
    ok<Camera>(await addLoopbackCamera('Heifer shed', camera.password ?? '', [cowId]));
    const bus = await recordBus(testApp);
    const raise = async (cow: number, code: number) => {
      const notice = await insertNotice(testApp, {
        farmId,
        cowId: cow,
        sensorId: null,
        code,
        episodeKey: `snapshot-test:${cow}:${code}`,
        occurredAt: new Date(),
        details: {},
      });
      // as the detection stage does once the notice is stored
      await testApp.services.bus.publish(farmId, noticeMessage(notice));
      return notice.id;
    };
    const estrus = await raise(cowId, 101);
    const lowActivity = await raise(cowId, 301);
    const noCamera = await raise(otherCowId, 101);

    const noticeList = async () =>
      ok<{ all: Notice[] }>(
        await call(testApp, api.notices.getNoticeData, {
          token: farmer.token,
          params: { country: farmer.country, FarmNumber: farmer.farmNumber, phone: '010-1234-5678' },
        }),
      ).all;
    const snapshotOf = async (id: number) =>
      (await noticeList()).find((notice) => notice.id === id)?.snapshot;
    await expect
      .poll(() => snapshotOf(estrus), { timeout: 20_000 })
      .toMatchObject({
        state: 'taken',
        camera: 'Heifer shed',
        failure: null,
      });
    expect(bus.events.map((event) => event.message)).toContainEqual({
      type: 'noticesnapshot',
      data: { id: estrus },
    });
    await bus.stop();
    // only the notices a farmer wants to look at, and only for a cow with a camera
    expect(await snapshotOf(lowActivity)).toBeUndefined();
    expect(await snapshotOf(noCamera)).toBeUndefined();

    const url = (await snapshotOf(estrus))?.url ?? '';
    const picture = await call(
      testApp,
      { method: 'GET', path: url.replace(/^\/api\//, '') },
      {
        token: farmer.token,
      },
    );
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect([...picture.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);

    const stranger = await createFarmUser(testApp);
    const foreign = await call(testApp, api.cameras.noticeSnapshot, {
      token: stranger.token,
      params: { noticeId: estrus },
    });
    expectRefusal(foreign, 404, 'E_NOT_FOUND');
    expect(foreign.rawPayload.includes(Buffer.from([0xff, 0xd8]))).toBe(false);
    expectRefusal(
      await call(testApp, api.cameras.noticeSnapshot, { params: { noticeId: estrus } }),
      401,
      'E_UNAUTHORIZED',
    );
    const malformed = await testApp.app.inject({
      method: 'GET',
      url: '/api/device/device/noticesnapshot/not-a-number',
      headers: { authorization: `Bearer ${farmer.token}` },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ code: string }>().code).toBe('E_VALIDATION');
    const none = await call(testApp, api.cameras.noticeSnapshot, {
      token: farmer.token,
      params: { noticeId: lowActivity },
    });
    expectRefusal(none, 404, 'E_NOT_FOUND');
  }, 60_000);
});
