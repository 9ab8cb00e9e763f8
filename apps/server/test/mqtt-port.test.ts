import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port';
import { createTestApp } from './helpers/test-app';

let occupied: Server;
let takenPort: number;

beforeAll(async () => {
  occupied = createServer();
  await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve));
  takenPort = (occupied.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => occupied.close(() => resolve())));

// mqttUrl is overridden to undefined, so the embedded broker is tested even where MQTT_URL is set (CI).
describe('embedded broker port', () => {
  it('moves to a free port when the default port is taken, so npm start still works', async () => {
    const testApp = await createTestApp({ mqttUrl: undefined, mqttPort: takenPort, mqttPortMayMove: true });
    try {
      expect(testApp.services.mqtt?.port).toBeGreaterThan(0);
      expect(testApp.services.mqtt?.port).not.toBe(takenPort);
    } finally {
      await testApp.close();
    }
  });

  it('fails when the operator chose a port that is taken', async () => {
    await expect(
      createTestApp({ mqttUrl: undefined, mqttPort: takenPort, mqttPortMayMove: false }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('external broker out of reach', () => {
  it('fails to start, saying which subscription it could not make and what the broker account needs', async () => {
    const closedPort = await freePort();
    await expect(createTestApp({ mqttUrl: `mqtt://127.0.0.1:${closedPort}` })).rejects.toThrow(
      /member 0 could not join \$share\/.+\/readings: .*ECONNREFUSED.*_server\/lost-members/s,
    );
  });
});
