import { describe, expect, it } from 'vitest';
import { violations } from '../setup/axe';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { addCow, apiLogIn, historyEntry } from '../setup/herd';
import { solidPng } from '../setup/pictures';
import { logInThroughScreen, registerUser } from '../setup/session';

describe.skipIf(skipReason() !== '')("a health case's pictures", () => {
  const phone = phonePagePerTest();

  it('shows a thumbnail that opens full size; the vet adds a picture later and removes one', async () => {
    const { page } = phone;
    const credentials = await registerUser(baseUrl(), 'pic');
    const session = await apiLogIn(baseUrl(), credentials);
    const cow = await addCow(session, {
      code: 'C3001',
      status: '발정탐지',
      sex: 'female',
      birthday: '2022-03-01',
    });
    await logInThroughScreen(page, credentials);

    await page.goto(`/pages/index/addhsty?id=${cow.id}&kind=health`);
    const form = page.getByRole('form', { name: 'Health case' });
    await form.locator('input[type="file"]').setInputFiles({
      name: 'hoof-day-1.png',
      mimeType: 'image/png',
      buffer: solidPng(200, 30, 30),
    });
    await form.getByTestId('uploaded-file').filter({ hasText: 'hoof-day-1.png' }).waitFor();
    await form.getByLabel('Disease').selectOption({ label: 'Lameness' });
    await form.getByLabel('Memo').fill('e2e pictures: right hind');
    await form.getByRole('button', { name: 'Save record' }).click();
    await page.waitForURL('**/pages/index/hsty?**');

    // The case shows its picture, not "1 file"; the thumbnail is the picture itself, loaded.
    const entry = historyEntry(page, 'e2e pictures: right hind');
    const first = entry.getByRole('button', { name: 'Open hoof-day-1.png' });
    await first.waitFor();
    expect(await entry.innerText()).not.toMatch(/\b1 file\b/);
    const thumbnail = entry.getByRole('img', { name: 'hoof-day-1.png' });
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(32);

    // Full size, over the page.
    await first.click();
    const viewer = page.getByRole('dialog', { name: 'hoof-day-1.png' });
    const full = viewer.getByTestId('picture-full');
    await expect.poll(() => full.evaluate((image: HTMLImageElement) => image.naturalHeight)).toBe(24);
    await page.screenshot({ path: '/tmp/cowcare-e2e-shots/health-picture-full.png' });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    // A picture taken days later goes onto the same case.
    await entry.locator('input[type="file"]').setInputFiles({
      name: 'hoof-day-3.png',
      mimeType: 'image/png',
      buffer: solidPng(30, 160, 60),
    });
    await entry.getByRole('button', { name: 'Open hoof-day-3.png' }).waitFor();
    expect(await entry.getByTestId('case-file').count()).toBe(2);
    await page.screenshot({ path: '/tmp/cowcare-e2e-shots/health-pictures.png' });
    expect(await violations(page)).toEqual([]);

    // The first one was the wrong cow's: taken off the case, after a confirmation.
    await entry.getByRole('button', { name: 'Remove hoof-day-1.png' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this file?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await first.waitFor({ state: 'detached' });
    expect(await entry.getByTestId('case-file').count()).toBe(1);

    // The server keeps what the screen shows, after a reload too.
    await page.reload();
    const reloaded = historyEntry(page, 'e2e pictures: right hind');
    await reloaded.getByRole('button', { name: 'Open hoof-day-3.png' }).waitFor();
    expect(await reloaded.getByTestId('case-file').count()).toBe(1);
  });
});
