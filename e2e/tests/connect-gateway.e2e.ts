// Issue 34: a new farm connects its own sensors, as a new user would. Register, register two sensors in
// setup step 2, create a gateway there, read its credentials from the screen, send readings as the gateway
// (a real MQTT client, then the HTTP ingest), watch "first reading" appear by itself, give the sensors to two
// new cows in step 3 and see their readings in the cow list.
import mqtt from 'mqtt';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { freshCowCode } from '../setup/herd';
import { logInThroughScreen, registerUser } from '../setup/session';

interface ShownCredentials {
  username: string;
  secret: string;
  host: string;
  port: number;
  topic: string;
}

/** Two sensors new to this run: a neck collar and a pill, in ranges no other test uses. */
const sensorsOfRun = (offset: number): [number, number] => {
  const run = (Date.now() + offset) % 9000;
  return [47_000 + run, 30_000 + run];
};

const readingsOf = (sensors: readonly number[], num: number, temp: number) =>
  sensors.map((sensor) => ({ sensor, num, timedate: new Date().toISOString(), temp, activity: 15 }));

/** A new user registered, logged in through the screens, on setup step 2. */
const newFarmOnStep2 = async (page: Page, suffix: string): Promise<void> => {
  const credentials = await registerUser(baseUrl(), suffix);
  await logInThroughScreen(page, credentials);
  await page.goto('/pages/index/step2');
};

const registerSensors = async (page: Page, sensors: readonly number[]): Promise<void> => {
  await page.getByLabel('Sensor ids').fill(sensors.join(' '));
  await page.getByRole('button', { name: 'Add sensors' }).click();
  await expect.poll(() => page.getByTestId('setup-sensor').count()).toBe(sensors.length);
};

/** Adds a gateway and reads what the "Connect your gateway" screen shows of it. */
const addGateway = async (page: Page, name: string): Promise<ShownCredentials> => {
  await page.getByLabel('Gateway name').fill(name);
  await page.getByRole('button', { name: 'Add gateway' }).click();
  const shown = page.getByTestId('connect-gateway');
  await shown.getByText('Waiting for the first reading…').waitFor();
  await shown.getByRole('img', { name: 'QR code with the gateway settings' }).waitFor();
  const text = (testId: string) => shown.getByTestId(testId).innerText();
  return {
    username: await text('gateway-username'),
    secret: await text('gateway-secret'),
    host: await text('gateway-host'),
    port: Number(await text('gateway-port')),
    topic: await text('gateway-topic'),
  };
};

const publishOverMqtt = async (credentials: ShownCredentials, payload: unknown): Promise<void> => {
  // The screen names the broker as reached from outside; on this machine that is the e2e server's.
  const client = await mqtt.connectAsync(`mqtt://${credentials.host}:${credentials.port}`, {
    username: credentials.username,
    password: credentials.secret,
    clientId: `e2e-connect-${Date.now()}`,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  try {
    await client.publishAsync(credentials.topic, JSON.stringify(payload), { qos: 1 });
  } finally {
    await client.endAsync();
  }
};

const postOverHttp = async (credentials: ShownCredentials, payload: unknown): Promise<void> => {
  const response = await fetch(`${baseUrl()}/api/ingest/readings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.secret}`).toString('base64')}`,
    },
    body: JSON.stringify(payload),
  });
  expect(response.status, await response.clone().text()).toBe(200);
};

/** Step 3: a new cow for each sensor, the sensor typed in by hand; answers the cows' codes. */
const pairWithNewCows = async (page: Page, sensors: readonly number[]): Promise<string[]> => {
  await page.getByRole('link', { name: 'Next' }).click();
  await page.waitForURL('**/pages/index/step3');
  await page.getByTestId('setup-unpaired-sensors').waitFor();
  const codes: string[] = [];
  for (const sensor of sensors) {
    const code = freshCowCode();
    await page.getByLabel(/^Code/).and(page.locator('input')).fill(code);
    await page
      .getByLabel(/^Sensor id/)
      .and(page.locator('input'))
      .fill(String(sensor));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add this cow' }).click();
    await page.getByRole('link', { name: code, exact: true }).waitFor();
    codes.push(code);
  }
  return codes;
};

const seeValuesInCowList = async (page: Page, codes: readonly string[]): Promise<void> => {
  await page.goto('/');
  for (const code of codes) {
    const row = page.locator(`[data-testid="cow-row"][data-code="${code}"]`);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Online');
    await expect.poll(() => row.textContent()).toContain('°');
    expect(await row.textContent()).not.toContain('No reading');
  }
};

describe.skipIf(skipReason() !== '')('a new farm connects its own gateway', () => {
  const phone = phonePagePerTest();

  it('over MQTT: register, create a gateway, first reading live, pair two cows, values in the list', async () => {
    const { page } = phone;
    expect(inject('mqttUrl')).not.toBe('');
    await newFarmOnStep2(page, 'gwm');
    const sensors = sensorsOfRun(0);
    await registerSensors(page, sensors);
    const credentials = await addGateway(page, 'Barn 1');
    expect(credentials.secret.length).toBeGreaterThanOrEqual(40);
    expect(await page.getByTestId('gateway-mosquitto').innerText()).toContain(`-u '${credentials.username}'`);

    await publishOverMqtt(credentials, readingsOf(sensors, 1, 38.6));
    const line = page.getByTestId('gateway-first-reading');
    await expect
      .poll(() => line.innerText(), { timeout: 15_000 })
      .toMatch(new RegExp(`^First reading from sensor ${sensors[0]} at \\d`));

    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('gateway-row');
    await expect.poll(() => row.getByTestId('gateway-state').textContent()).toBe('Online');
    await expect.poll(() => row.getByTestId('gateway-today').innerText()).toContain('Stored today: 2');

    const codes = await pairWithNewCows(page, sensors);
    await publishOverMqtt(credentials, readingsOf(sensors, 2, 38.7));
    await seeValuesInCowList(page, codes);
  });

  it('over the HTTP ingest: the same flow', async () => {
    const { page } = phone;
    await newFarmOnStep2(page, 'gwh');
    const sensors = sensorsOfRun(4500);
    await registerSensors(page, sensors);
    const credentials = await addGateway(page, 'Pasture gateway');

    await postOverHttp(credentials, readingsOf(sensors, 1, 38.5));
    await expect
      .poll(() => page.getByTestId('gateway-first-reading').innerText(), { timeout: 15_000 })
      .toMatch(new RegExp(`^First reading from sensor ${sensors[0]} at \\d`));
    await page.getByRole('button', { name: 'Done' }).click();

    const codes = await pairWithNewCows(page, sensors);
    await postOverHttp(credentials, readingsOf(sensors, 2, 38.6));
    await seeValuesInCowList(page, codes);
  });
});
