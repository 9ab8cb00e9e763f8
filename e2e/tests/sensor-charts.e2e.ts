import mqtt from 'mqtt';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { apiLogIn, farmCows } from '../setup/herd';
import { DEMO, logInThroughScreen } from '../setup/session';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const GATEWAY = { username: 'demo-gw', password: 'demo-gw-secret' } as const;

/**
 * Yesterday (the machine's clock, which the browser shares) every ten minutes: 38.5 °C, and 39.5 °C from noon
 * to 12:50. 144 readings, so the day chart must show all of them and fill none.
 */
const yesterdayReadings = (sensor: number) => {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  const start = midnight.getTime() - 24 * HOUR;
  return Array.from({ length: 144 }, (_, slot) => {
    const time = start + slot * 10 * MINUTE;
    const noon = slot >= 72 && slot < 78;
    return {
      sensor,
      num: 500_000 + slot,
      timedate: new Date(time).toISOString(),
      temp: noon ? 39.5 : 38.5,
      activity: 20,
    };
  });
};

describe.skipIf(skipReason() !== '')('sensor charts', () => {
  const phone = phonePagePerTest();

  it("draws a day of readings sent over MQTT on the cow's page, with the count and the range", async () => {
    const session = await apiLogIn(baseUrl(), DEMO);
    // A neck collar the herd's replay left silent, so yesterday holds only these readings.
    const sensor = inject('ownReadingsSensors').charts;
    const cow = (await farmCows(session)).find(
      (candidate) => candidate.sensor === sensor && candidate.status !== '도태',
    );
    if (!cow?.sensor) throw new Error(`no cow wears sensor ${sensor}`);
    const client = await mqtt.connectAsync(inject('mqttUrl'), {
      ...GATEWAY,
      clientId: `e2e-charts-${Date.now()}`,
      reconnectPeriod: 0,
    });
    try {
      const topic = `${inject('mqttTopicRoot')}/${session.user.country}/${session.user.FarmNumber}/readings`;
      await client.publishAsync(topic, JSON.stringify(yesterdayReadings(cow.sensor)), { qos: 1 });
    } finally {
      await client.endAsync();
    }

    await logInThroughScreen(phone.page);
    await phone.page.goto(`${baseUrl()}/pages/index/cow?id=${cow.id}`);
    await phone.page.getByRole('button', { name: 'Previous day' }).first().click();

    const counts = phone.page.getByTestId('readings-count');
    await expect
      .poll(() => counts.textContent(), { timeout: 15_000 })
      .toMatch(/^144 of 144 readings received, 0 missing, 0 filled in/);
    expect(await phone.page.getByTestId('chart-temperature-summary').textContent()).toMatch(
      /^144 readings: lowest 38\.50 °C, highest 39\.50 °C/,
    );
  });

  it("colours the herd's temperature bands as the cow list colours a cow's reading", async () => {
    await logInThroughScreen(phone.page);
    await phone.page.goto(`${baseUrl()}/pages/index/data`);
    const chart = phone.page.getByTestId('chart-temperature-bands');
    const summary = (await chart.getByTestId('chart-temperature-bands-summary').textContent()) ?? '';
    // 'Low: 1, Normal: 50, …': the bands with cows, in order; a band without cows draws no bar.
    const counted = [...summary.matchAll(/([A-Za-z ]+): (\d+)/g)].flatMap(([, band, count]) =>
      Number(count) > 0 ? [band?.trim()] : [],
    );
    const colour: Record<string, string> = {
      Low: 'blue-text',
      Normal: 'green-text',
      Slight: 'yellow-text',
      Moderate: 'orange-text',
      Severe: 'red-text',
      'No reading': 'gray-5',
    };
    expect(counted.length).toBeGreaterThan(1);
    const fills = await chart
      .locator('.recharts-bar-rectangle path')
      .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('fill')));
    expect(fills).toEqual(counted.map((band) => `var(--mantine-color-${colour[band ?? '']})`));
  });
});
