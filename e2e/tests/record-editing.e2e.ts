import { api } from '@cowcare/contract/api';
import { addDays } from '@cowcare/domain/calendar-date';
import { effectiveServiceDate, expectedCalvingDate } from '@cowcare/domain/reproduction-dates';
import { describe, expect, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import {
  addCow,
  apiLogIn,
  callApi,
  cowById,
  farmSettingsOf,
  freshCowCode,
  historyEntry,
  shownDate,
  type ApiSession,
} from '../setup/herd';
import { DEMO, logInThroughScreen } from '../setup/session';

/** Today's UTC day `days` from now, 'YYYY-MM-DD'. */
const dayFromToday = (days: number): string => addDays(new Date().toISOString().slice(0, 10), days);

/** A new cow of the demo farm in estrus detection, so the demo herd's own records stay as they are. */
const demoCow = (demo: ApiSession) =>
  addCow(demo, { code: freshCowCode(), status: '발정탐지', sex: 'female', birthday: '2021-04-01' });

const historyOf = (demo: ApiSession, id: number) => callApi(demo, api.cows.cowHistory, { params: { id } });

describe.skipIf(skipReason() !== '')('editing and deleting records from the cow history', () => {
  const phone = phonePagePerTest();

  it("moves a fertilization: its pregnancy check and the diagnosis's expected calving follow", async () => {
    const demo = await apiLogIn(baseUrl(), DEMO);
    const days = await farmSettingsOf(demo);
    const cow = await demoCow(demo);
    await callApi(demo, api.reproduction.addFertilization, {
      body: {
        cowId: cow.id,
        plannedAt: `${dayFromToday(-60)}T09:30:00+00:00`,
        method: 'artificial-insemination',
        memo: 'e2e edit: first service',
      },
    });
    await callApi(demo, api.reproduction.addPregnancy, {
      body: {
        cowId: cow.id,
        diagnosisMethod: 'ultrasonic',
        diagnosedAt: `${dayFromToday(-10)}T09:00:00+00:00`,
        result: 'pregnant',
        memo: 'e2e edit: scanned',
      },
    });

    await logInThroughScreen(phone.page);
    await phone.page.goto(`/pages/index/hsty?id=${cow.id}`);
    const fertilization = historyEntry(phone.page, 'e2e edit: first service');
    await fertilization.waitFor();
    await fertilization.getByRole('link', { name: 'Edit this Fertilization record' }).click();
    await phone.page.waitForURL('**/pages/index/addhsty?**record=**');
    await phone.page.getByRole('heading', { name: 'Edit record' }).waitFor();
    const form = phone.page.getByRole('form', { name: 'Fertilization' });
    const time = form.getByLabel('Fertilization time');
    await expect.poll(() => form.getByLabel('Memo').inputValue()).toBe('e2e edit: first service');

    // Two days later, on the browser's clock: the form and then the server count from the new day.
    const before = await time.inputValue();
    const day = addDays(before.slice(0, 10), 2);
    await time.fill(`${day}${before.slice(10)}`);
    const service = effectiveServiceDate(day, 'artificialInsemination');
    const check = addDays(service, days.Ultrasonic);
    await expect.poll(() => form.getByLabel('Pregnancy check date').inputValue()).toBe(check);
    await form.getByRole('button', { name: 'Save record' }).click();
    await phone.page.waitForURL('**/pages/index/hsty?**');

    const calving = expectedCalvingDate(service);
    await expect
      .poll(() => fertilization.innerText())
      .toContain(`Pregnancy check: ${shownDate(check)} · Ultrasonic (Automatic)`);
    expect(await fertilization.innerText()).toContain(`Service date (scheduled): ${shownDate(service)}`);
    const diagnosis = historyEntry(phone.page, 'e2e edit: scanned');
    expect(await diagnosis.innerText()).toContain(`Expected calving: ${shownDate(calving)} (Automatic)`);

    // The cow page's reproduction dates are the recomputed ones, as the server keeps them.
    await phone.page.goto(`/pages/index/cow?id=${cow.id}`);
    await expect.poll(() => phone.page.getByTestId('date-pregnancyTest').innerText()).toBe(shownDate(check));
    expect(await phone.page.getByTestId('date-expectedDelivery').innerText()).toBe(shownDate(calving));
    expect(await cowById(demo, cow.id)).toMatchObject({
      lastFertilization: day,
      pregnancyTest: check,
      expectedDelivery: calving,
    });
  });

  it('deletes a record after the confirmation: gone from the history, also after a reload', async () => {
    const demo = await apiLogIn(baseUrl(), DEMO);
    const cow = await demoCow(demo);
    await callApi(demo, api.reproduction.addEstrus, {
      body: { cowId: cow.id, estrusAt: `${dayFromToday(-3)}T06:30:00+00:00`, memo: 'e2e delete: wrong cow' },
    });
    expect((await cowById(demo, cow.id)).lastEstrus).not.toBeNull();

    await logInThroughScreen(phone.page);
    await phone.page.goto(`/pages/index/hsty?id=${cow.id}`);
    const entry = historyEntry(phone.page, 'e2e delete: wrong cow');
    await entry.waitFor();
    await entry.getByRole('button', { name: 'Delete this Estrus record' }).click();
    const confirm = phone.page.getByRole('dialog', { name: 'Delete this record?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await entry.waitFor({ state: 'detached' });

    await phone.page.reload();
    await phone.page.getByRole('heading', { name: 'Cow history' }).waitFor();
    // Her registration is still there: the page has loaded her history, without the deleted heat.
    await phone.page.locator('.mantine-Timeline-item').first().waitFor();
    expect(await historyEntry(phone.page, 'e2e delete: wrong cow').count()).toBe(0);
    expect((await historyOf(demo, cow.id)).some((item) => item.kind === 'estrus')).toBe(false);
    expect(await cowById(demo, cow.id)).toMatchObject({ lastEstrus: null, expectedEstrus: null });
  });
});
