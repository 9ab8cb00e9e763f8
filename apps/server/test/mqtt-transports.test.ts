// How gateways reach the embedded broker besides plain MQTT (issue 34): MQTTS, with MQTT_TLS_CERT and
// MQTT_TLS_KEY, on a port of its own; and MQTT over WebSocket on the server's HTTP port (`/mqtt`), for
// gateways behind proxies that pass only HTTP(S). Real clients, a real certificate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import {
  cowWearing,
  createGateway,
  gatewayClientOptions,
  minutesAgo,
  publishReadings,
  reading,
  storedReadings,
  type TestGateway,
} from './ingest-fixtures';

let directory: string;
let certFile: string;
let testApp: TestApp;
let farmer: TestUser;
let gateway: TestGateway;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'cowcare-mqtts-'));
  certFile = path.join(directory, 'cert.pem');
  const keyFile = path.join(directory, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  testApp = await createTestApp({ mqttTlsCert: certFile, mqttTlsKey: keyFile, mqttTlsPort: 0 });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  farmer = await createFarmUser(testApp);
  gateway = await createGateway(testApp, farmer);
  await cowWearing(testApp, farmer, 'C3501', 40_351);
});
afterAll(async () => {
  await testApp?.close();
  rmSync(directory, { recursive: true, force: true });
});

const tlsUrl = () => `mqtts://127.0.0.1:${testApp.services.mqtt?.tlsPort ?? 0}`;

describe('MQTTS on the embedded broker', () => {
  it('takes a gateway’s readings over TLS, trusting the server’s certificate', async () => {
    expect(testApp.services.mqtt?.tlsPort).toBeGreaterThan(0);
    expect(testApp.services.mqtt?.tlsPort).not.toBe(testApp.services.mqtt?.port);
    const client = await mqtt.connectAsync(tlsUrl(), {
      ...gatewayClientOptions(gateway),
      ca: readFileSync(certFile),
    });
    await publishReadings(client, gateway.topic, [reading(40_351, 1, minutesAgo(2))]);
    await client.endAsync();
    const stored = await storedReadings(testApp, gateway.farmId);
    expect(stored.map((row) => row.num)).toEqual([1]);
  });

  it('refuses a wrong secret over TLS as over plain MQTT', async () => {
    await expect(
      mqtt.connectAsync(tlsUrl(), {
        ...gatewayClientOptions({ username: gateway.username, secret: 'wrong' }),
        ca: readFileSync(certFile),
      }),
    ).rejects.toThrow();
  });

  it('refuses a client that does not trust the certificate (the handshake fails)', async () => {
    await expect(mqtt.connectAsync(tlsUrl(), gatewayClientOptions(gateway))).rejects.toThrow();
  });
});

const webSocketUrl = () => {
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test app is not listening');
  return `ws://127.0.0.1:${address.port}/mqtt`;
};

describe('MQTT over WebSocket on the HTTP port', () => {
  it('takes a gateway’s readings at /mqtt, acknowledged once stored', async () => {
    const client = await mqtt.connectAsync(webSocketUrl(), gatewayClientOptions(gateway));
    await publishReadings(client, gateway.topic, [reading(40_351, 2, minutesAgo(1))]);
    const stored = await storedReadings(testApp, gateway.farmId);
    expect(stored.map((row) => row.num)).toContain(2);
    // Its own farm's topic only, as on TCP: another topic closes the connection unacknowledged.
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    void client.publishAsync(`${gateway.topic}-elsewhere`, '[]', { qos: 1 }).catch(() => undefined);
    await closed;
    client.end(true);
  });

  it('refuses a wrong secret', async () => {
    await expect(
      mqtt.connectAsync(
        webSocketUrl(),
        gatewayClientOptions({ username: gateway.username, secret: 'wrong' }),
      ),
    ).rejects.toThrow();
  });
});
