import mqtt from 'mqtt';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { readingsTopic } from '@cowcare/contract/routes/ingest';
import type { LatLonPoint } from '@cowcare/contract/routes/location';
import { polygonCentre } from '@cowcare/domain/geo-fence';
import { violations } from '../setup/axe';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { addCow, apiLogIn, callApi, farmCows, type ApiSession } from '../setup/herd';
import { DEMO, logInThroughScreen, registerUser } from '../setup/session';

// Issue 37, location: a farm picks its point on a map served from loopback tiles, draws a paddock, puts a
// GPS-collared cow in it; her readings sent over MQTT put her on the map with her track, and when she stays
// outside the paddock for 10 minutes the fence notice arrives in the open notice tab without a reload.

const MINUTE = 60_000;
const SHOTS = '/tmp/cowcare-e2e-shots';

const mapOf = (page: Page) => page.getByTestId('farm-map');

/** Clicks the map at a fraction of its width and height from its top-left corner. */
const clickMap = async (page: Page, x: number, y: number) => {
  const box = await mapOf(page).boundingBox();
  if (!box) throw new Error('the map is not on the screen');
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
};

/** The loopback tiles drew: some tile image of the map came from the test's tile server and decoded. */
const tilesLoaded = (page: Page) =>
  page
    .locator('img.leaflet-tile')
    .evaluateAll(
      (images, origin) =>
        images.filter(
          (image) =>
            (image as HTMLImageElement).src.startsWith(origin) &&
            (image as HTMLImageElement).naturalWidth === 256,
        ).length,
      new URL(inject('mapTileUrl').replace(/\{[a-z]\}/g, '0')).origin,
    );

interface GpsReading {
  sensor: number;
  num: number;
  timedate: string;
  activity: number;
  lat: number;
  lon: number;
}

const publish = async (session: ApiSession, username: string, secret: string, readings: GpsReading[]) => {
  const client = await mqtt.connectAsync(inject('mqttUrl'), {
    username,
    password: secret,
    clientId: `e2e-location-${Date.now()}`,
    reconnectPeriod: 0,
  });
  try {
    const topic = readingsTopic(inject('mqttTopicRoot'), session.user.country, session.user.FarmNumber);
    await client.publishAsync(topic, JSON.stringify(readings), { qos: 1 });
  } finally {
    await client.endAsync();
  }
};

describe.skipIf(skipReason() !== '')('location', () => {
  const phone = phonePagePerTest();

  it('picks the farm on a map, shows a GPS cow with her track, and raises the fence notice live', async () => {
    const { page } = phone;
    await page.setViewportSize({ width: 360, height: 740 });
    const credentials = await registerUser(baseUrl(), 'loc');
    const session = await apiLogIn(baseUrl(), credentials);
    const params = { country: session.user.country, FarmNumber: session.user.FarmNumber };
    const { gateway, secret } = await callApi(session, api.gateways.addGateway, {
      params,
      body: { name: 'Pasture gateway' },
    });
    const sensor = 48000 + (Date.now() % 1000);
    await callApi(session, api.sensors.registerSensors, { params, body: { sensors: [sensor] } });
    const cow = await addCow(session, {
      code: `C${Date.now() % 100000}`,
      status: '발정탐지',
      sex: 'female',
      birthday: '2021-04-01',
      sensor,
    });
    await logInThroughScreen(page, credentials);

    // The farm's point, from settings: a tap on the map, then Save.
    await page.goto('/pages/index/userset');
    await page.getByRole('link', { name: 'Set farm location' }).click();
    await page.waitForURL('**/choose-location?for=farm');
    await mapOf(page).waitFor();
    await expect.poll(() => tilesLoaded(page), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.getByText('Test tiles').isVisible()).resolves.toBe(true);
    await clickMap(page, 0.5, 0.5);
    await expect.poll(() => page.getByTestId('picked-point').textContent()).toMatch(/^Chosen: /);
    await page.getByRole('button', { name: 'Save location' }).click();
    await page.getByText('Location saved').waitFor();
    const farm = await callApi(session, api.location.getFarmLocation);
    expect(farm.location).not.toBeNull();
    await page.screenshot({ path: `${SHOTS}/choose-location-360.png`, fullPage: true });

    // A paddock drawn around the farm's point: the view opens zoomed in on it, so four taps make a field.
    await page.goto('/choose-location?for=paddock');
    await mapOf(page).waitFor();
    await page.waitForTimeout(500);
    for (const [x, y] of [
      [0.3, 0.3],
      [0.7, 0.3],
      [0.7, 0.7],
      [0.3, 0.7],
    ] as const) {
      await clickMap(page, x, y);
    }
    await expect.poll(() => page.getByTestId('paddock-corners').textContent()).toBe('Corners: 4');
    await page.getByLabel('Paddock name').fill('East pasture');
    await page.getByRole('button', { name: 'Save paddock' }).click();
    await page.getByText('Paddock saved').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/choose-paddock-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    const [paddock] = await callApi(session, api.location.listPaddocks);
    if (!paddock) throw new Error('the paddock was not saved');
    expect(paddock.boundary).toHaveLength(4);
    const inside = polygonCentre(paddock.boundary) as LatLonPoint;
    const lats = paddock.boundary.map((corner) => corner.lat);
    const span = Math.max(...lats) - Math.min(...lats);
    const outside = { lat: Math.max(...lats) + (Math.max(...lats) - Math.min(...lats)), lon: inside.lon };

    // Her page leads to her location, where she is put in the paddock.
    await page.goto(`/pages/index/cow?id=${cow.id}`);
    await page.getByRole('link', { name: 'Location' }).click();
    await page.waitForURL(`**/open-location?cow=${cow.id}`);
    await page.getByText(/^No position yet/).waitFor();
    await page.getByRole('combobox', { name: 'Her paddock' }).click();
    await page.getByRole('option', { name: 'East pasture' }).click();
    await page.getByText('Location saved').waitFor();

    // An hour of GPS fixes inside the paddock, sent over MQTT as her collar's gateway would.
    const now = Date.now();
    let num = 1;
    const fix = (minutesAgo: number, point: LatLonPoint): GpsReading => ({
      sensor,
      num: num++,
      timedate: new Date(now - minutesAgo * MINUTE).toISOString(),
      activity: 30,
      // A wander across the middle of the field, so her track is a line on the map.
      lat: point.lat + ((minutesAgo % 30) / 30 - 0.5) * span * 0.4,
      lon: point.lon + ((minutesAgo % 45) / 45 - 0.5) * span * 0.4,
    });
    await publish(
      session,
      gateway.username,
      secret,
      [60, 45, 30, 15].map((minutes) => fix(minutes, inside)),
    );
    await expect
      .poll(
        async () =>
          (await callApi(session, api.location.cowLocation, { params: { cowId: cow.id } })).track.length,
        {
          timeout: 15_000,
        },
      )
      .toBe(4);
    await page.reload();
    await page
      .getByTestId('position-time')
      .filter({ hasText: /^GPS position taken/ })
      .waitFor();
    await expect(page.getByTestId('track-summary').textContent()).resolves.toContain('4');
    await expect.poll(() => page.locator('path.cow-track').count()).toBe(1);
    await expect.poll(() => page.locator('path.cow-position').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/open-location-cow-360.png`, fullPage: true });

    // The herd list's map shows her.
    await page.goto('/');
    await page.getByRole('link', { name: 'Herd map' }).click();
    await page.waitForURL('**/open-location');
    await page.getByTestId('herd-position').filter({ hasText: cow.code }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/open-location-herd-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });

    // She walks out and stays out for 11 minutes: the fence notice arrives in the open notice tab.
    await page
      .getByRole('navigation', { name: 'Main sections' })
      .getByRole('link', { name: 'Notices' })
      .click()
      .catch(async () => page.goto('/pages/index/notice'));
    await page.waitForURL('**/pages/index/notice');
    await page.waitForLoadState('networkidle');
    await publish(
      session,
      gateway.username,
      secret,
      [12, 6, 1].map((minutes) => fix(minutes, outside)),
    );
    const row = page.getByTestId('notice-row').filter({ hasText: 'Outside her paddock' });
    // The live message names her collar; her code follows once the herd list is fetched again.
    await row
      .filter({ hasText: String(sensor) })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await row.first().textContent()).toContain('Outside “East pasture” since');
    await page.screenshot({ path: `${SHOTS}/fence-notice-360.png`, fullPage: true });

    // The notice leads to her on the map.
    await row.first().click();
    await page.waitForURL(`**/open-location?cow=${cow.id}`);
    await page.getByTestId('position-time').waitFor();
  }, 150_000);

  it('passes the WCAG 2.1 AA checks of axe-core on the location screens', async () => {
    const { page } = phone;
    const demo = await apiLogIn(baseUrl(), DEMO);
    // A demo cow without GPS: her location page says so and offers her paddock.
    const [cow] = await farmCows(demo);
    if (!cow) throw new Error('the demo farm has no cows');
    await logInThroughScreen(page);
    const found: string[] = [];
    for (const path of [
      '/choose-location?for=farm',
      '/choose-location?for=paddock',
      '/open-location',
      `/open-location?cow=${cow.id}`,
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      found.push(...(await violations(page)).map((line) => `${path}: ${line}`));
    }
    expect(found).toEqual([]);
  });
});
