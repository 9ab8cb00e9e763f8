import { describe, expect, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { addCow, apiLogIn } from '../setup/herd';
import { logInThroughScreen, registerUser } from '../setup/session';

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
    const playedTo = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await expect.poll(playedTo, { timeout: 30_000 }).toBeGreaterThan(0.5);
    const first = await playedTo();
    await expect.poll(playedTo, { timeout: 15_000 }).toBeGreaterThan(first + 1);
    await page.screenshot({ path: '/tmp/cowcare-e2e-shots/cctv-demo.png' });

    // The cow page's Camera button opens the cow's camera; with none at all, the same demo footage.
    await page.goto(`/pages/index/cow?id=${cow.id}`);
    await page.getByRole('link', { name: 'Camera' }).click();
    await page.waitForURL('**/pages/index/cowcamera?**');
    const cowVideo = page.getByRole('region', { name: 'Demo footage' }).getByTestId('camera-video');
    await expect
      .poll(() => cowVideo.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.5);
  });
});
