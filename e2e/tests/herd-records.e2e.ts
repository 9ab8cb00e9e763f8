import type { Locator } from 'playwright-core';
import { MAX_UPLOAD_BYTES } from '@cowcare/contract/routes/uploads';
import { addDays } from '@cowcare/domain/calendar-date';
import { storedStatusValue } from '@cowcare/domain/cow-status';
import { expectedCalvingDate, nextExpectedEstrusDate } from '@cowcare/domain/reproduction-dates';
import { describe, expect, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import {
  DEMO_BOSS_PASSWORD,
  addCow,
  apiLogIn,
  codesOf,
  cowById,
  expectedRows,
  farmCows,
  farmSettingsOf,
  freshCowCode,
  historyEntry,
  listRowsOf,
  listSummary,
  listedCodes,
  shownDate,
} from '../setup/herd';
import { DEMO, logInThroughScreen, registerUser } from '../setup/session';

/** A 1×1 PNG: a real picture, so the server's type check has something to accept. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const CSV_HEADER = 'code,sensor,birthday,parity,status';

describe.skipIf(skipReason() !== '')('cow records, force change, uploads and CSV import', () => {
  const phone = phonePagePerTest();

  /** A new, empty farm (no boss password) and its owner logged in through the API. */
  const newFarm = async (suffix: string) => {
    const credentials = await registerUser(baseUrl(), suffix);
    return { credentials, session: await apiLogIn(baseUrl(), credentials) };
  };

  /** A new farm with one female cow in estrus detection, and its owner logged in through the screen. */
  const farmWithCow = async (suffix: string) => {
    const { credentials, session } = await newFarm(suffix);
    const cow = await addCow(session, {
      code: 'C2001',
      status: '발정탐지', // estrus detection, as the wire writes it
      sex: 'female',
      parity: 1,
      birthday: '2022-03-01',
    });
    await logInThroughScreen(phone.page, credentials);
    return { session, cow };
  };

  const titleOf = (entry: Locator) => entry.locator('.mantine-Timeline-itemTitle').innerText();

  it('eliminates a cow after the confirmation and the boss password, and records it in her history', async () => {
    const demo = await apiLogIn(baseUrl(), DEMO);
    const cow = await addCow(demo, {
      code: freshCowCode(),
      status: '발정탐지', // estrus detection, as the wire writes it
      sex: 'female',
    });
    await logInThroughScreen(phone.page);
    await phone.page.goto(`/pages/index/cow?id=${cow.id}`);
    await phone.page.getByRole('heading', { name: cow.code }).waitFor();

    const actions = phone.page.getByRole('region', { name: 'Change status' });
    await actions.getByRole('button', { name: 'Eliminate', exact: true }).click();
    const confirm = phone.page.getByRole('dialog', { name: `Eliminate ${cow.code}?` });
    await confirm
      .getByText(
        'Do you want to eliminate this cow? An eliminated cow leaves the list and her sensor is freed. Restoring her requires customer service.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Eliminate', exact: true }).click();

    const boss = phone.page.getByRole('dialog', { name: 'Management password required' });
    await boss.getByText('This change needs the farm’s management password.').waitFor();
    await boss.getByLabel('Management password').fill('not the boss password');
    await boss.getByRole('button', { name: 'Confirm' }).click();
    await boss.getByText('The management password is incorrect.').waitFor();
    expect((await cowById(demo, cow.id)).status).toBe(storedStatusValue('estrusDetection'));

    await boss.getByLabel('Management password').fill(DEMO_BOSS_PASSWORD);
    await boss.getByRole('button', { name: 'Confirm' }).click();
    await boss.waitFor({ state: 'hidden' });
    await phone.page
      .getByText(
        'This cow has been eliminated. Only customer service can restore her; until then she takes no changes.',
      )
      .waitFor();
    await phone.page.getByText('Eliminated', { exact: true }).first().waitFor();
    expect((await cowById(demo, cow.id)).status).toBe(storedStatusValue('culled'));

    await phone.page.getByRole('link', { name: 'History' }).click();
    await phone.page.waitForURL('**/pages/index/hsty?**');
    const change = historyEntry(phone.page, 'Estrus detection → Eliminated');
    await change.waitFor();
    expect(await titleOf(change)).toBe('Status change');
    const text = await change.innerText();
    expect(text).toContain('Forced');
    expect(text).toContain(demo.user.name);
  });

  it('adds an estrus, a fertilization, a pregnancy diagnosis, a calving with its calf and a health case', async () => {
    const { session, cow } = await farmWithCow('rec');
    const days = await farmSettingsOf(session);
    await phone.page.goto(`/pages/index/cow?id=${cow.id}`);
    await phone.page.getByRole('link', { name: 'Add record' }).click();
    await phone.page.waitForURL('**/pages/index/addhsty?**');
    const recordKind = phone.page.getByLabel('Record type');
    const save = async (form: Locator) => {
      await form.getByRole('button', { name: 'Save record' }).click();
      await phone.page.waitForURL('**/pages/index/hsty?**');
    };
    const addAnother = async (kind: string) => {
      await phone.page.getByRole('link', { name: 'Add record' }).click();
      await phone.page.waitForURL('**/pages/index/addhsty?**');
      await recordKind.selectOption({ label: kind });
      return phone.page.getByRole('form', { name: kind });
    };

    // Estrus (the first kind offered).
    const estrus = phone.page.getByRole('form', { name: 'Estrus' });
    const estrusDay = (await estrus.getByLabel('Estrus time').inputValue()).slice(0, 10);
    await estrus.getByLabel('Memo').fill('e2e estrus: standing heat at milking');
    await save(estrus);
    const estrusEntry = historyEntry(phone.page, 'e2e estrus: standing heat at milking');
    expect(await titleOf(estrusEntry)).toBe('Estrus');
    expect(await estrusEntry.innerText()).toContain(
      `Next expected estrus: ${shownDate(nextExpectedEstrusDate(estrusDay))} (Automatic)`,
    );

    // Fertilization: the method fills the service date, the check method the pregnancy-check date.
    const fertilization = await addAnother('Fertilization');
    const day = (await fertilization.getByLabel('Fertilization time').inputValue()).slice(0, 10);
    await fertilization.getByLabel('Fertilization method').selectOption({ label: 'Artificial insemination' });
    const serviceDate = addDays(day, 1);
    await expect
      .poll(() => fertilization.getByLabel('Service date (scheduled)').inputValue())
      .toBe(serviceDate);
    await fertilization.getByLabel('Pregnancy check method').selectOption({ label: 'Hormone test' });
    const checkDate = addDays(day, 1 + days.Hormone);
    await expect.poll(() => fertilization.getByLabel('Pregnancy check date').inputValue()).toBe(checkDate);
    await fertilization.getByLabel('Bull or semen code').fill('KPN1291');
    await fertilization.getByLabel('Memo').fill('e2e fertilization: morning service');
    await save(fertilization);
    const fertilizationEntry = historyEntry(phone.page, 'e2e fertilization: morning service');
    expect(await titleOf(fertilizationEntry)).toBe('Fertilization');
    const fertilizationText = await fertilizationEntry.innerText();
    expect(fertilizationText).toContain(`Service date (scheduled): ${shownDate(serviceDate)}`);
    expect(fertilizationText).toContain(
      `Pregnancy check: ${shownDate(checkDate)} · Hormone test (Automatic)`,
    );
    expect(fertilizationText).toContain('Bull or semen code: KPN1291');

    // Pregnancy diagnosis: refused without a pregnancy status.
    const pregnancy = await addAnother('Pregnancy diagnosis');
    await pregnancy.getByLabel('Diagnosis method').selectOption({ label: 'Ultrasonic' });
    await pregnancy.getByLabel('Memo').fill('e2e pregnancy: confirmed by scan');
    await pregnancy.getByRole('button', { name: 'Save record' }).click();
    await pregnancy.getByText('Select pregnancy status', { exact: true }).waitFor();
    expect(new URL(phone.page.url()).pathname).toBe('/pages/index/addhsty');
    await pregnancy.getByRole('radio', { name: 'Pregnant', exact: true }).check();
    await save(pregnancy);
    const pregnancyEntry = historyEntry(phone.page, 'e2e pregnancy: confirmed by scan');
    expect(await titleOf(pregnancyEntry)).toBe('Pregnancy diagnosis');
    const pregnancyText = await pregnancyEntry.innerText();
    expect(pregnancyText).toContain('Pregnancy status: Pregnant');
    expect(pregnancyText).toContain(
      `Expected calving: ${shownDate(expectedCalvingDate(serviceDate))} (Automatic)`,
    );

    // Calving with a live heifer calf, registered as a new cow.
    const calving = await addAnother('Calving');
    await calving.getByLabel('Calving method').selectOption({ label: 'Normal' });
    await calving.getByLabel('Calving result').selectOption({ label: 'Heifer calf' });
    expect(await calving.getByLabel('Register the calf as a new cow').isChecked()).toBe(true);
    await calving.getByLabel('Calf code').fill('C2002');
    await calving.getByLabel('Memo').fill('e2e calving: easy birth');
    await save(calving);
    const calvingEntry = historyEntry(phone.page, 'e2e calving: easy birth');
    expect(await titleOf(calvingEntry)).toBe('Calving');
    expect(await calvingEntry.innerText()).toContain('Calving result: Heifer calf');

    // Health case.
    const health = await addAnother('Health case');
    await health.getByLabel('Disease').selectOption({ label: 'Mastitis' });
    await health.getByLabel('Prescription', { exact: true }).fill('Cefalexin intramammary, 3 days');
    await health.getByLabel('Memo').fill('e2e health: hard quarter');
    await save(health);
    const healthEntry = historyEntry(phone.page, 'e2e health: hard quarter');
    expect(await titleOf(healthEntry)).toBe('Health case');
    const healthText = await healthEntry.innerText();
    expect(healthText).toContain('Diagnosis: Mastitis');
    expect(healthText).toContain('Prescription: Cefalexin intramammary, 3 days');

    // Every record is still on the one timeline, and the records moved the cow through her lifecycle.
    for (const memo of ['e2e estrus', 'e2e fertilization', 'e2e pregnancy', 'e2e calving', 'e2e health']) {
      expect(await historyEntry(phone.page, memo).count()).toBe(1);
    }
    expect(await historyEntry(phone.page, 'Pregnancy → Lactation').innerText()).toContain('Calving');
    const herd = await farmCows(session);
    const dam = herd.find((each) => each.id === cow.id);
    expect(dam?.status).toBe(storedStatusValue('lactation'));
    expect(dam?.parity).toBe(cow.parity + 1);
    expect(herd.find((each) => each.code === 'C2002')).toMatchObject({ damId: cow.id, sex: 'female' });
  });

  it('refuses a text file named .png and a file over the size limit, each with a clear message', async () => {
    const { cow } = await farmWithCow('upl');
    await phone.page.goto(`/pages/index/addhsty?id=${cow.id}&kind=health`);
    const form = phone.page.getByRole('form', { name: 'Health case' });
    const files = form.locator('input[type="file"]');
    const failure = (name: string) => form.getByRole('alert').filter({ hasText: name });
    const maxMegabytes = MAX_UPLOAD_BYTES / (1024 * 1024);

    await files.setInputFiles({
      name: 'udder.png',
      mimeType: 'image/png',
      buffer: Buffer.from('This is a text file, not a picture.\n'),
    });
    await failure('udder.png').waitFor();
    expect(await failure('udder.png').innerText()).toBe(
      'udder.png: This file type is not accepted. Upload a JPEG, PNG or WebP picture or a PDF.',
    );

    const tooLarge = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    ONE_PIXEL_PNG.copy(tooLarge);
    await files.setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: tooLarge });
    await failure('scan.png').waitFor();
    expect(await failure('scan.png').innerText()).toBe(
      `scan.png: This file is too large. The limit is ${maxMegabytes} MB.`,
    );
    expect(await form.getByTestId('uploaded-file').count()).toBe(0);

    // A real picture goes through, so the refusals above are about the files, not the upload.
    await files.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await form.getByTestId('uploaded-file').filter({ hasText: 'pixel.png' }).waitFor();
    expect(await form.getByRole('alert').count()).toBe(0);
    await form.getByLabel('Disease').selectOption({ label: 'Lameness' });
    await form.getByLabel('Memo').fill('e2e health: with a picture');
    await form.getByRole('button', { name: 'Save record' }).click();
    await phone.page.waitForURL('**/pages/index/hsty?**');
    await historyEntry(phone.page, 'e2e health: with a picture')
      .getByRole('button', { name: 'Open pixel.png' })
      .waitFor();
  });

  it('imports every cow of a good CSV file in the setup wizard, and the list shows them', async () => {
    const { credentials, session } = await newFarm('csv');
    await logInThroughScreen(phone.page, credentials);
    await phone.page.getByText('No cows yet', { exact: true }).waitFor();
    await phone.page.getByRole('link', { name: 'Set up the farm' }).click();
    await phone.page.waitForURL('**/pages/index/step1');
    await phone.page.goto('/pages/index/step3');
    await phone.page.getByText('The farm has 0 cows.', { exact: false }).waitFor();
    await phone.page.getByRole('tab', { name: 'CSV file' }).click();

    const sensor = 50_000 + Math.floor(Math.random() * 40_000);
    const csv = [
      CSV_HEADER,
      `C301,${sensor},2022-03-15,1,설정대기`,
      'C302,,2021-11-02,2,발정탐지',
      'C303,,2023-01-20,0,',
    ].join('\n');
    await phone.page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'herd.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = phone.page.getByTestId('csv-report');
    await report.getByText('All 3 rows are valid.').waitFor();
    await report.getByRole('button', { name: 'Import 3 cows' }).click();
    await report.getByText('Imported 3 cows.').waitFor();
    const rows = report.getByTestId('csv-row');
    expect(await rows.count()).toBe(3);
    for (const line of [2, 3, 4]) {
      expect(await report.locator(`[data-testid="csv-row"][data-line="${line}"]`).innerText()).toContain(
        'Imported',
      );
    }

    const cows = await farmCows(session);
    expect(codesOf(cows)).toEqual(['C301', 'C302', 'C303']);
    expect(cows.find((cow) => cow.code === 'C301')?.sensor).toBe(sensor);

    await phone.page.goto('/');
    await expect
      .poll(() => listSummary(phone.page).innerText(), { timeout: 10_000 })
      .toBe(`Showing ${expectedRows(cows).length} of 3 cows`);
    // New cows have sent no reading yet, so the default filter (online sensors) may hide them: check all.
    await phone.page.getByRole('button', { name: 'Filter' }).click();
    const drawer = phone.page.getByRole('dialog', { name: 'Filter cows' });
    await drawer.getByRole('button', { name: 'Check all' }).click();
    await drawer.getByRole('button', { name: 'Show cows' }).click();
    await expect.poll(() => listSummary(phone.page).innerText()).toBe('Showing 3 of 3 cows');
    expect(await listedCodes(phone.page)).toEqual(codesOf(listRowsOf(cows)));
  });

  it('imports nothing from a CSV file with one bad row, and the report names the row', async () => {
    const { credentials, session } = await newFarm('csvbad');
    await logInThroughScreen(phone.page, credentials);
    await phone.page.goto('/pages/index/step3');
    await phone.page.getByRole('tab', { name: 'CSV file' }).click();

    const nextYear = new Date().getFullYear() + 1;
    const csv = [
      CSV_HEADER,
      'C401,,2022-03-15,1,설정대기',
      `C402,,${nextYear}-01-20,1,`,
      'C403,,2021-11-02,2,발정탐지',
    ].join('\n');
    await phone.page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'herd.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = phone.page.getByTestId('csv-report');
    await report
      .getByText('1 of 3 rows have problems, so nothing will be imported. Fix the file and choose it again.')
      .waitFor();
    const row = (line: number) => report.locator(`[data-testid="csv-row"][data-line="${line}"]`);
    expect(await row(3).innerText()).toContain('C402');
    expect(await row(3).innerText()).toContain('Birthday: The birthday cannot be in the future');
    expect(await row(2).innerText()).toContain('Valid');
    expect(await row(4).innerText()).toContain('Valid');
    expect(await report.getByRole('button', { name: /^Import/ }).count()).toBe(0);

    expect(await farmCows(session)).toEqual([]);
    await phone.page.goto('/');
    await phone.page.getByText('No cows yet', { exact: true }).waitFor();
  });
});
