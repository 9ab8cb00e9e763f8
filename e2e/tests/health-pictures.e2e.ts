import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { violations } from '../setup/axe';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { addCow, apiLogIn, historyEntry } from '../setup/herd';
import { logInThroughScreen, registerUser } from '../setup/session';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real 32 × 24 RGB picture of one colour, so a thumbnail and its full size have something to show. */
const solidPng = (red: number, green: number, blue: number): Buffer => {
  const [width, height] = [32, 24];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat()),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

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
