// The embedded HLS pipeline with the real ffmpeg that npm ci installs: demo footage rendered from the farm's
// herd comes out as a playlist and MPEG-TS segments through the signed stream link, ffmpeg stops once nobody
// fetches for the idle time, and a camera that cannot be reached says it is offline.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Camera, StreamTicket } from '@cowcare/contract/routes/cameras';
import { expectRefusal, farmIdOf, insertFarmCow } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

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
