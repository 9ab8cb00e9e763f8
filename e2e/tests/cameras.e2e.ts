import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { startLoopbackCamera } from '../../apps/server/test/helpers/loopback-camera';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { feverReadings, publishAsDemoGateway } from '../setup/demo-gateway';
import { addCow, apiLogIn, callApi, farmCows } from '../setup/herd';
import { DEMO, logInThroughScreen, registerUser } from '../setup/session';

/** Its port may land on a recorder channel (spec §9), which adds " (n)" to the name shown. */
const LOOPBACK_NAME = /^Barn loopback( \(\d+\))?$/;

/** How far the video has played, in seconds: it grows while frames arrive. */
const playedTo = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);

// Issue 37: a farm without cameras watches demo footage of its own herd, real video through the same HLS
// pipeline and player as a camera; the frames advance (the video's currentTime grows).
describe.skipIf(skipReason() !== '')('cameras', () => {
  const phone = phonePagePerTest();

  it('plays demo footage in the cctv grid and on the cow page’s camera when the farm has no cameras', async () => {
    const { page } = phone;
    const credentials = await registerUser(baseUrl(), 'cam');
    const session = await apiLogIn(baseUrl(), credentials);
    const cow = await addCow(session, {
      code: 'C4201',
      status: '발정탐지',
      sex: 'female',
      birthday: '2022-03-01',
    });
    await logInThroughScreen(page, credentials);

    await page.goto('/pages/index/cctv');
    const demo = page.getByRole('region', { name: 'Demo footage' });
    const video = demo.getByTestId('camera-video');
    await video.waitFor();
    await expect.poll(() => playedTo(video), { timeout: 30_000 }).toBeGreaterThan(0.5);
    const first = await playedTo(video);
    await expect.poll(() => playedTo(video), { timeout: 15_000 }).toBeGreaterThan(first + 1);
    await page.screenshot({ path: '/tmp/cowcare-e2e-shots/cctv-demo.png' });

    // The cow page's Camera button opens the cow's camera; with none at all, the same demo footage.
    await page.goto(`/pages/index/cow?id=${cow.id}`);
    await page.getByRole('link', { name: 'Camera' }).click();
    await page.waitForURL('**/pages/index/cowcamera?**');
    const cowVideo = page.getByRole('region', { name: 'Demo footage' }).getByTestId('camera-video');
    await expect.poll(() => playedTo(cowVideo), { timeout: 30_000 }).toBeGreaterThan(0.5);
  });

  it('plays an RTSP camera added on the cameras page, and her severe-fever notice carries its still', async () => {
    const { page } = phone;
    const camera = await startLoopbackCamera({ username: 'barn', password: 'hay-bale-7' });
    const session = await apiLogIn(baseUrl(), DEMO);
    const sensor = inject('ownReadingsSensors').snapshot;
    const cow = (await farmCows(session)).find((each) => each.sensor === sensor && each.status !== '도태');
    if (!cow) throw new Error(`no cow wears sensor ${sensor}`);
    try {
      await logInThroughScreen(page);
      await page.goto('/pages/index/cctv');
      await page.getByRole('button', { name: 'Add camera' }).click();
      const form = page.getByRole('dialog');
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Barn loopback');
      await form.getByRole('textbox', { name: 'IP address or host', exact: true }).fill(camera.ip);
      await form.getByRole('textbox', { name: 'Port', exact: true }).fill(String(camera.port));
      await form.getByRole('textbox', { name: 'Stream path', exact: true }).fill(camera.streamPath);
      await form.getByRole('textbox', { name: 'Username', exact: true }).fill(camera.username ?? '');
      await form.getByLabel('Password', { exact: true }).fill(camera.password ?? '');
      await form.getByLabel('Cows this camera shows').fill(cow.code);
      await page.getByRole('option', { name: cow.code, exact: true }).click();
      // the list of cows stays open over the form until the field is left
      await form.getByRole('textbox', { name: 'Name', exact: true }).click();
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'hidden' });

      const video = page.getByRole('region', { name: LOOPBACK_NAME }).getByTestId('camera-video');
      await expect.poll(() => playedTo(video), { timeout: 30_000 }).toBeGreaterThan(0.5);
      const first = await playedTo(video);
      await expect.poll(() => playedTo(video), { timeout: 15_000 }).toBeGreaterThan(first + 1);
      await page.screenshot({ path: '/tmp/cowcare-e2e-shots/cctv-rtsp.png' });

      // her page's Camera button opens the camera linked to her, not the demo footage
      await page.goto(`/pages/index/cow?id=${cow.id}`);
      await page.getByRole('link', { name: 'Camera' }).click();
      const hers = page.getByRole('region', { name: LOOPBACK_NAME }).getByTestId('camera-video');
      await expect.poll(() => playedTo(hers), { timeout: 30_000 }).toBeGreaterThan(0.5);

      const topic = `${inject('mqttTopicRoot')}/${session.user.country}/${session.user.FarmNumber}/readings`;
      await publishAsDemoGateway(topic, feverReadings(sensor, Date.now()));
      await page.goto('/pages/index/notice');
      const row = page
        .getByTestId('notice-row')
        .filter({ hasText: 'Severe fever' })
        .filter({ hasText: cow.code });
      const still = row.getByRole('img', { name: /^Picture from Barn loopback at / });
      await still.waitFor({ timeout: 45_000 });
      await expect
        .poll(() => still.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
      await page.screenshot({ path: '/tmp/cowcare-e2e-shots/notice-snapshot.png' });
    } finally {
      const cameras = await callApi(session, api.cameras.listCameras, {});
      for (const added of cameras.filter((each) => each.name === 'Barn loopback')) {
        await callApi(session, api.cameras.deleteCamera, { params: { id: added.id } });
      }
      await camera.stop();
    }
  });
});
