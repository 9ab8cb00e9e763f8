import mqtt from 'mqtt';
import { api } from '@cowcare/contract/api';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { addCow, apiLogIn, callApi, farmCows, freshCowCode, type ApiSession } from '../setup/herd';
import { DEMO, logInThroughScreen } from '../setup/session';

const GATEWAY = { username: 'demo-gw', password: 'demo-gw-secret' } as const;

/** One reading of `sensor` now, over MQTT as the farm's gateway does. */
const publishReading = async (session: ApiSession, sensor: number, num: number): Promise<void> => {
  const client = await mqtt.connectAsync(inject('mqttUrl'), {
    ...GATEWAY,
    clientId: `e2e-cow-sensor-${Date.now()}`,
    reconnectPeriod: 0,
  });
  try {
    const topic = `${inject('mqttTopicRoot')}/${session.user.country}/${session.user.FarmNumber}/readings`;
    const reading = { sensor, num, timedate: new Date().toISOString(), temp: 38.6, activity: 20 };
    await client.publishAsync(topic, JSON.stringify(reading), { qos: 1 });
  } finally {
    await client.endAsync();
  }
};

const unassignedNoticeOf = async (session: ApiSession, sensor: number): Promise<boolean> => {
  const { user } = session;
  const notices = await callApi(session, api.notices.getNoticeData, {
    params: { country: user.country, FarmNumber: user.FarmNumber, phone: user.phone },
  });
  return [...notices.list, ...notices.all].some(
    (notice) => notice.noticecode === 703 && notice.sensor === sensor,
  );
};

describe.skipIf(skipReason() !== '')('putting a sensor on a cow', () => {
  const phone = phonePagePerTest();

  it('offers the sensor that reports with no cow, puts it on her, and her next reading reaches her page', async () => {
    const session = await apiLogIn(baseUrl(), DEMO);
    const worn = new Set((await farmCows(session)).map((cow) => cow.sensor));
    // A neck collar no cow wears, new to this run.
    let sensor = 49_000 + (Date.now() % 900);
    while (worn.has(sensor)) sensor += 1;
    const cow = await addCow(session, { code: freshCowCode() });

    await publishReading(session, sensor, 1);
    await expect.poll(() => unassignedNoticeOf(session, sensor), { timeout: 15_000 }).toBe(true);

    const { page } = phone;
    await logInThroughScreen(page);
    await page.goto(`/pages/index/cow?id=${cow.id}`);
    await page.getByText(`${cow.code} wears no sensor`).waitFor();

    await page.getByRole('button', { name: 'Edit cow info' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${cow.code}` });
    await dialog.getByText('Suggested: sensors that report with no cow wearing them').waitFor();
    await dialog.getByLabel('Sensor id', { exact: true }).and(dialog.locator('input')).click();
    await dialog.getByRole('option', { name: String(sensor), exact: true }).click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`Cow ${cow.code} saved`).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // A new sensor reads offline until it reports; its next reading turns her page online by itself.
    await page.getByText(`Neck ${sensor} · Offline`).waitFor();
    expect(await page.getByText(`${cow.code} wears no sensor`).count()).toBe(0);
    await publishReading(session, sensor, 2);
    await page.getByText(`Neck ${sensor} · Online`).waitFor({ timeout: 15_000 });
  });

  it('puts the sensor of a 703 notice on a cow right from the notice; the notice and the cow list show it', async () => {
    const session = await apiLogIn(baseUrl(), DEMO);
    const worn = new Set((await farmCows(session)).map((cow) => cow.sensor));
    // Another neck collar no cow wears, in a range the test above does not use.
    let sensor = 48_000 + (Date.now() % 900);
    while (worn.has(sensor)) sensor += 1;
    const cow = await addCow(session, { code: freshCowCode() });
    await publishReading(session, sensor, 1);
    await expect.poll(() => unassignedNoticeOf(session, sensor), { timeout: 15_000 }).toBe(true);

    const { page } = phone;
    await logInThroughScreen(page);
    await page.goto('/pages/index/notice');
    const notice = page
      .getByTestId('notice-with-action')
      .filter({ hasText: `Neck ${sensor}` })
      .first();
    await notice.getByRole('button', { name: 'Put on a cow' }).click();
    const dialog = page.getByRole('dialog', { name: `Put sensor ${sensor} on a cow` });
    // Search by her code, as a farmer with a long herd would.
    await dialog.getByLabel('Cow', { exact: true }).and(dialog.locator('input')).fill(cow.code);
    await page.getByRole('option', { name: cow.code, exact: true }).click();
    await dialog.getByRole('button', { name: `Put it on ${cow.code}` }).click();
    await page.getByText(`Sensor ${sensor} is now on cow ${cow.code}`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await notice.getByText(`Now on cow ${cow.code}`).waitFor();
    expect((await farmCows(session)).find((each) => each.id === cow.id)?.sensor).toBe(sensor);

    // Her next reading reaches her: the cow list shows her collar online.
    await publishReading(session, sensor, 2);
    await page.goto('/');
    // The demo herd is long: find her by code, as a farmer would.
    await page.getByRole('textbox', { name: 'Search cows by code' }).fill(cow.code);
    const row = page.locator(`[data-testid="cow-row"][data-code="${cow.code}"]`);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Neck · Online');
  });
});
