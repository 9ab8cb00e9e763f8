import { addDays } from '@cowcare/domain/calendar-date';
import { expectedCalvingDate, expectedEstrusAfterCalving } from '@cowcare/domain/reproduction-dates';
import { describe, expect, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { apiLogIn, farmCows, shownDate } from '../setup/herd';
import { logInThroughScreen, registerUser } from '../setup/session';

const today = (): string => new Date().toISOString().slice(0, 10);

describe.skipIf(skipReason() !== '')('onboarding a herd mid-season', () => {
  const phone = phonePagePerTest();

  it('imports a pregnant and a lactating cow from a CSV after a preview, and the pregnant one shows her expected calving', async () => {
    const credentials = await registerUser(baseUrl(), 'onb');
    const session = await apiLogIn(baseUrl(), credentials);
    await logInThroughScreen(phone.page, credentials);
    await phone.page.goto('/pages/index/step3');
    await phone.page.getByRole('tab', { name: 'CSV file' }).click();

    const inseminated = addDays(today(), -90);
    const checked = addDays(today(), -50);
    const calved = addDays(today(), -20);
    const csv = [
      'code,sensor,birthday,parity,status,last_calving,last_insemination,insemination_method,pregnancy_check',
      `C501,,2020-04-01,2,pregnant,,${inseminated},AI,${checked}`,
      `C502,,2019-03-01,3,lactating,${calved},,,`,
    ].join('\n');
    await phone.page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'herd.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    // The preview: per row what will be written, nothing sent yet.
    const report = phone.page.getByTestId('csv-report');
    await report.getByText('All 2 rows are valid.').waitFor();
    const row = (line: number) => report.locator(`[data-testid="csv-row"][data-line="${line}"]`);
    const expectedCalving = expectedCalvingDate(addDays(inseminated, 1)); // AI: service the next day
    expect(await row(2).innerText()).toContain('Pregnancy');
    expect(await row(2).innerText()).toContain(`insemination ${shownDate(inseminated)}`);
    expect(await row(2).innerText()).toContain(`expected calving ${shownDate(expectedCalving)}`);
    expect(await row(3).innerText()).toContain('Lactation');
    expect(await row(3).innerText()).toContain(
      `expected heat ${shownDate(expectedEstrusAfterCalving(calved))}`,
    );
    expect(await farmCows(session)).toEqual([]);

    await report.getByRole('button', { name: 'Import 2 cows' }).click();
    await report.getByText('Imported 2 cows.').waitFor();
    const pregnant = (await farmCows(session)).find((cow) => cow.code === 'C501');
    expect(pregnant?.status).toBe('임신');

    await phone.page.goto(`/pages/index/cow?id=${pregnant?.id}`);
    await phone.page.getByRole('heading', { name: 'C501' }).waitFor();
    expect(await phone.page.getByTestId('date-expectedDelivery').innerText()).toBe(
      shownDate(expectedCalving),
    );
  });
});
