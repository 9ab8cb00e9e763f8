import { api } from '@cowcare/contract/api';
import { DEFAULT_COW_FILTER_OPTIONS } from '@cowcare/domain/cow-filter';
import { sensorFilterWireValue } from '@cowcare/domain/sensor';
import { describe, expect, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import {
  DEMO_BOSS_PASSWORD,
  addCow,
  apiLogIn,
  callApi,
  cowTypesOf,
  farmCows,
  freshCowCode,
  setSensorFilter,
  walletOf,
} from '../setup/herd';
import { DEMO, logInThroughScreen, registerUser } from '../setup/session';

describe.skipIf(skipReason() !== '')('small things a farmer trips over', () => {
  const phone = phonePagePerTest();

  it('keeps the language chosen on the login screen after login, and saves it for the user', async () => {
    const { page } = phone;
    const credentials = await registerUser(baseUrl(), 'lang');
    expect((await apiLogIn(baseUrl(), credentials)).user.language).not.toBe('ko');
    await page.goto('/pages/login/login');
    await page.getByLabel('Language').selectOption('ko');
    await page.getByLabel('아이디').waitFor();
    // A reload on the login screen (or a look at the agreement) does not forget the choice.
    await page.reload();
    await page.getByLabel('아이디').fill(credentials.username);
    await page.getByLabel('비밀번호', { exact: true }).fill(credentials.password);
    await page.locator('input[type="checkbox"]').first().check();
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    // The first login of this new farmer opens the welcome, in the language chosen.
    await page.waitForURL('**/pages/index/welcome');
    await page.getByRole('heading', { name: 'CowCare에 오신 것을 환영합니다' }).waitFor();
    await page.getByRole('link', { name: '소 목록으로 가기' }).click();
    await page.getByRole('navigation').getByText('알림').waitFor();
    await expect.poll(async () => (await apiLogIn(baseUrl(), credentials)).user.language).toBe('ko');
    await page.reload();
    await page.getByRole('navigation').getByText('알림').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko-KR');
  });

  it('asks for the management password before a cow type that costs money is assigned', async () => {
    const { page } = phone;
    const demo = await apiLogIn(baseUrl(), DEMO);
    const paid = (await cowTypesOf(demo)).types.find((type) => type.costnb > 0);
    if (!paid) throw new Error('the demo farm has no cow type with a cost');
    const cow = await addCow(demo, {
      code: freshCowCode(),
      status: '발정탐지',
      sex: 'female',
    });
    const before = (await walletOf(demo)).balance;
    await logInThroughScreen(page, DEMO);
    // The new cow has no sensor: the list shows her once the sensor-state filter lets her through.
    await page.getByRole('textbox', { name: 'Search cows by code' }).fill(cow.code);
    await page.getByTestId('hidden-by-filters').getByRole('button', { name: 'Show them' }).click();
    await page.getByRole('checkbox', { name: `Select ${cow.code}` }).check();
    await page
      .getByRole('region', { name: 'Selected cows' })
      .getByRole('button', { name: 'Assign type' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Assign a type to 1 cow' });
    await dialog.getByRole('combobox', { name: 'Cow type' }).click();
    await dialog.getByRole('option', { name: new RegExp(`^${paid.name} \\(`) }).click();
    await dialog.getByRole('button', { name: /^Assign and pay/ }).click();

    const boss = page.getByRole('dialog', { name: 'Management password required' });
    await boss.getByLabel('Management password').fill('not the boss password');
    await boss.getByRole('button', { name: 'Confirm' }).click();
    await boss.getByText('The management password is incorrect.').waitFor();
    expect((await walletOf(demo)).balance).toBe(before);

    await boss.getByLabel('Management password').fill(DEMO_BOSS_PASSWORD);
    await boss.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await walletOf(demo)).balance).toBe(before - paid.costnb);
    expect((await farmCows(demo)).find((each) => each.id === cow.id)?.typeid).toBe(paid.id);
    await setSensorFilter(demo, sensorFilterWireValue(DEFAULT_COW_FILTER_OPTIONS.sensorStates));

    // The server asks for it too: a call without the password's grant is refused, nothing charged.
    const other = await addCow(demo, {
      code: freshCowCode(),
      status: '발정탐지',
      sex: 'female',
    });
    await expect(
      callApi(demo, api.cowTypes.assignCowsType, { body: { checklist: [other.id], type: { id: paid.id } } }),
    ).rejects.toThrow(/E_BOSS_GRANT_REQUIRED|403/);
    expect((await walletOf(demo)).balance).toBe(before - paid.costnb);
  });

  it('puts the hottest cows first on the first tap of Fever', async () => {
    const { page } = phone;
    const demo = await apiLogIn(baseUrl(), DEMO);
    await setSensorFilter(demo, sensorFilterWireValue(DEFAULT_COW_FILTER_OPTIONS.sensorStates));
    await logInThroughScreen(page, DEMO);
    await page.getByTestId('cow-row').first().waitFor();
    await page.getByRole('button', { name: 'Sort by Fever' }).click();
    await page.getByRole('button', { name: 'Sorted by Fever, descending' }).waitFor();
    const fevers = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="cow-row"] [data-level][title]')).map((reading) =>
        Number(
          /[-+−]?\d+(?:\.\d+)?/.exec(reading.getAttribute('title') ?? '')?.[0]?.replace('−', '-') ??
            Number.NaN,
        ),
      ),
    );
    expect(fevers.length).toBeGreaterThan(3);
    expect(fevers).toEqual([...fevers].sort((a, b) => b - a));
    // The demo herd has fevers: the top of the list is one of them, not a cool healthy cow.
    expect(fevers[0]).toBeGreaterThanOrEqual(0.5);
  });
});
