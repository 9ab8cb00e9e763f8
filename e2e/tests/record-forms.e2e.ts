import { api } from '@cowcare/contract/api';
import { addDays } from '@cowcare/domain/calendar-date';
import { describe, expect, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { addCow, apiLogIn, callApi } from '../setup/herd';
import { logInThroughScreen, registerUser } from '../setup/session';

/** 'YYYY-MM-DDTHH:mm' of the browser's clock `days` from now, as the form's time field takes it. */
const localInput = (days: number): string => {
  const at = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

describe.skipIf(skipReason() !== '')('record forms: errors, field names, warnings and heats', () => {
  const phone = phonePagePerTest();

  /** A new farm with one cow in estrus detection, its owner logged in through the screen. */
  const farmWithCow = async (suffix: string) => {
    const credentials = await registerUser(baseUrl(), suffix);
    const session = await apiLogIn(baseUrl(), credentials);
    const cow = await addCow(session, { code: 'C3001', status: '발정탐지', sex: 'female' });
    await logInThroughScreen(phone.page, credentials);
    return { session, cow };
  };

  const openForm = async (cowId: number, kind: string, name: string) => {
    await phone.page.goto(`/pages/index/addhsty?id=${cowId}&kind=${kind}`);
    const form = phone.page.getByRole('form', { name });
    await form.getByRole('button', { name: 'Save record' }).waitFor();
    return form;
  };

  it("takes a form's error away as soon as the field is corrected", async () => {
    const { cow } = await farmWithCow('rferr');
    const form = await openForm(cow.id, 'pregnancy', 'Pregnancy diagnosis');
    await form.getByRole('button', { name: 'Save record' }).click();
    const error = form.getByText('Select pregnancy status', { exact: true });
    await error.waitFor();
    await form.getByRole('radio', { name: 'Pregnant', exact: true }).check();
    await error.waitFor({ state: 'detached' });
    // The field not yet corrected keeps its error.
    expect(await form.getByText('Choose a method', { exact: true }).count()).toBe(1);
  });

  it("names a refused field by its label, never the wire's name", async () => {
    const { cow } = await farmWithCow('rfname');
    const form = await openForm(cow.id, 'estrus', 'Estrus');
    await form.getByLabel('Estrus time').fill(localInput(3));
    await form.getByRole('button', { name: 'Save record' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain('Estrus time: Cannot be in the future');
    expect(text).not.toContain('estrusAt');
    await form.getByLabel('Estrus time').fill(localInput(0));
    await alert.waitFor({ state: 'detached' });
  });

  it('warns of a pregnancy diagnosis earlier than 28 days after the insemination, and still saves it', async () => {
    const { session, cow } = await farmWithCow('rfearly');
    const inseminated = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await callApi(session, api.reproduction.addFertilization, {
      body: { cowId: cow.id, plannedAt: inseminated, method: 'natural' },
    });
    const form = await openForm(cow.id, 'pregnancy', 'Pregnancy diagnosis');
    const warning = form.getByTestId('early-diagnosis');
    expect(await warning.innerText()).toMatch(
      /^This diagnosis is 1[01] days after the insemination of .+: before day 28 a pregnancy is not reliably seen\./,
    );
    await form.getByLabel('Diagnosis method').selectOption({ label: 'Ultrasonic' });
    await form.getByRole('radio', { name: 'Pregnant', exact: true }).check();
    await form.getByRole('button', { name: 'Save record' }).click();
    await phone.page.waitForURL('**/pages/index/hsty?**');
  });

  it('lists her heats under Reproduction on the cow page', async () => {
    const { session, cow } = await farmWithCow('rfheat');
    const heatDay = addDays(new Date().toISOString().slice(0, 10), -3);
    await callApi(session, api.reproduction.addEstrus, {
      body: { cowId: cow.id, estrusAt: `${heatDay}T06:30:00+00:00`, memo: 'e2e heat: standing' },
    });
    await phone.page.goto(`/pages/index/cow?id=${cow.id}`);
    const reproduction = phone.page.getByRole('region', { name: 'Reproduction dates' });
    const heats = reproduction.getByRole('region', { name: 'Heats' });
    const item = heats.getByTestId('heat-item');
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    expect(await item.innerText()).toContain('e2e heat: standing');
  });
});
