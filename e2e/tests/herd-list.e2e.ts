import type { Locator } from 'playwright-core';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { DEFAULT_COW_FILTER_OPTIONS, TEMPERATURE_LEVELS } from '@cowcare/domain/cow-filter';
import { sensorFilterWireValue } from '@cowcare/domain/sensor';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import {
  DEMO_BOSS_PASSWORD,
  apiLogIn,
  codesOf,
  cowTypesOf,
  expectedRows,
  farmCows,
  listRowsOf,
  listSummary,
  listedCodes,
  money,
  setSensorFilter,
  walletOf,
  type ApiSession,
} from '../setup/herd';
import { DEMO, logInThroughScreen } from '../setup/session';

// The demo farm's herd is the fixture: its cows are read through the API at the start of each test and the
// domain filter and sort say what the screen must show, so the tests follow the seed instead of copying it.
describe.skipIf(skipReason() !== '')('the cow list: filters, sort, search and type assignment', () => {
  const phone = phonePagePerTest();
  let demo: ApiSession;
  let originalSensorFilter: string;

  beforeAll(async () => {
    demo = await apiLogIn(baseUrl(), DEMO);
    originalSensorFilter = demo.user.sensorfilter;
  });
  afterAll(async () => {
    if (demo) await setSensorFilter(demo, originalSensorFilter);
  });
  beforeEach(async () => {
    // The list's first-visit sensor states come from the user's saved sensorfilter: start from the spec's default.
    await setSensorFilter(demo, sensorFilterWireValue(DEFAULT_COW_FILTER_OPTIONS.sensorStates));
  });

  const summary = () => listSummary(phone.page).innerText();
  const expectSummary = (shown: number, total: number) =>
    expect.poll(summary, { timeout: 10_000 }).toBe(`Showing ${shown} of ${total} cows`);

  const openList = async (): Promise<Cow[]> => {
    const cows = await farmCows(demo);
    await logInThroughScreen(phone.page);
    expect(new URL(phone.page.url()).pathname).toBe('/');
    return cows;
  };

  const openFilters = async (): Promise<Locator> => {
    await phone.page.getByRole('button', { name: 'Filter' }).click();
    const drawer = phone.page.getByRole('dialog', { name: 'Filter cows' });
    await drawer.waitFor();
    return drawer;
  };
  const chip = (drawer: Locator, group: string, label: string) =>
    drawer.getByRole('group', { name: group }).getByRole('checkbox', { name: label, exact: true });
  const toggleChip = async (drawer: Locator, group: string, label: string) => {
    const before = await chip(drawer, group, label).isChecked();
    await drawer.getByRole('group', { name: group }).getByText(label, { exact: true }).click();
    await expect.poll(() => chip(drawer, group, label).isChecked()).toBe(!before);
  };
  const closeFilters = async (drawer: Locator) => {
    await drawer.getByRole('button', { name: 'Show cows' }).click();
    await drawer.waitFor({ state: 'hidden' });
  };

  it('shows exactly the cows the default filter admits: every online cow, none culled, by code', async () => {
    const cows = await openList();
    const rows = listRowsOf(cows);
    const expected = expectedRows(cows);
    // The seed has offline and culled cows, so the default filter really leaves cows out.
    expect(rows.length).toBeLessThan(cows.length);
    expect(expected.length).toBeLessThan(rows.length);

    await expectSummary(expected.length, rows.length);
    expect(await listedCodes(phone.page)).toEqual(codesOf(expected));
  });

  it('shows the offline cows once zt is checked, and sends the sensor filter to the server', async () => {
    const cows = await openList();
    const rows = listRowsOf(cows);
    await expectSummary(expectedRows(cows).length, rows.length);
    const offline = codesOf(rows.filter((row) => row.sensorzt === 0));
    expect(offline.length).toBeGreaterThan(0);

    const drawer = await openFilters();
    expect(await chip(drawer, 'Sensor state', 'Online').isChecked()).toBe(true);
    expect(await chip(drawer, 'Sensor state', 'Offline').isChecked()).toBe(false);
    const sent = phone.page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes('/setkouserztftdata/'),
    );
    await toggleChip(drawer, 'Sensor state', 'Offline');
    await closeFilters(drawer);

    const expected = expectedRows(cows, { sensorStates: ['zts', 'zt'] });
    await expectSummary(expected.length, rows.length);
    const shown = await listedCodes(phone.page);
    expect(shown).toEqual(codesOf(expected));
    expect(shown).toEqual(expect.arrayContaining(offline));
    expect((await sent).postDataJSON()).toEqual({ sensorfilter: 'zts,zt' });
  });

  it('hides the cows of a temperature band once it is unchecked', async () => {
    const cows = await openList();
    const rows = listRowsOf(cows);
    const severe = codesOf(expectedRows(cows, { temperatureLevels: ['severe'] }));
    expect(severe.length).toBeGreaterThan(0);
    await expectSummary(expectedRows(cows).length, rows.length);

    const drawer = await openFilters();
    await toggleChip(drawer, 'Temperature', 'Severe fever');
    await closeFilters(drawer);

    const expected = expectedRows(cows, {
      temperatureLevels: TEMPERATURE_LEVELS.filter((level) => level !== 'severe'),
    });
    await expectSummary(expected.length, rows.length);
    const shown = await listedCodes(phone.page);
    expect(shown).toEqual(codesOf(expected));
    for (const code of severe) expect(shown).not.toContain(code);
  });

  it('shows no cow and the empty message after clear-all, and every non-culled cow after check-all', async () => {
    const cows = await openList();
    const rows = listRowsOf(cows);
    await expectSummary(expectedRows(cows).length, rows.length);

    const drawer = await openFilters();
    await drawer.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => drawer.getByText('Nothing selected: no cow is shown').count()).toBe(5);
    await closeFilters(drawer);
    await expectSummary(0, rows.length);
    await phone.page.getByText('No cow matches', { exact: true }).waitFor();
    await phone.page
      .getByText('No cow passes every filter group. Check more options or clear the search.')
      .waitFor();
    expect(await phone.page.getByTestId('cow-row').count()).toBe(0);

    const again = await openFilters();
    await again.getByRole('button', { name: 'Check all' }).click();
    await closeFilters(again);
    await expectSummary(rows.length, rows.length);
    const everyActive = codesOf(expectedRows(cows, { sensorStates: ['zts', 'zt'] }));
    expect(everyActive).toHaveLength(rows.length);
    expect(await listedCodes(phone.page)).toEqual(everyActive);
  });

  it('puts the highest fever first when sorted by fever, descending', async () => {
    const cows = await openList();
    const rows = listRowsOf(cows);
    await expectSummary(expectedRows(cows).length, rows.length);

    // The first tap on Fever puts the hottest cow first.
    await phone.page.getByRole('button', { name: 'Sort by Fever', exact: true }).click();
    await phone.page.getByRole('button', { name: 'Sorted by Fever, descending' }).waitFor();

    const expected = expectedRows(cows, {}, { column: 'fever', value: 2 });
    const highest = Math.max(...expected.map((row) => row.fever ?? Number.NEGATIVE_INFINITY));
    expect(expected[0]?.fever).toBe(highest);
    const shown = await listedCodes(phone.page);
    expect(shown).toEqual(codesOf(expected));
    expect(shown[0]).toBe(expected[0]?.code);
  });

  it('finds cows by code with the keyword, without regard to case', async () => {
    const cows = await openList();
    const rows = listRowsOf(cows);
    const shownByDefault = expectedRows(cows);
    await expectSummary(shownByDefault.length, rows.length);
    const search = phone.page.getByRole('textbox', { name: 'Search cows by code' });

    // A shown cow whose code, less its last digit, is part of other shown cows' codes too.
    const one = codesOf(shownByDefault).find(
      (code) => expectedRows(cows, { keyword: code.slice(0, -1) }).length > 1,
    );
    if (!one) throw new Error('no two shown cows share a code prefix');
    expect(codesOf(expectedRows(cows, { keyword: one }))).toEqual([one]);
    await search.fill(one);
    await expectSummary(1, rows.length);
    expect(await listedCodes(phone.page)).toEqual([one]);

    // A part of a code, in lower case: every shown cow whose code contains it.
    const part = one.slice(0, -1).toLowerCase();
    const expected = expectedRows(cows, { keyword: part });
    await search.fill(part);
    await expectSummary(expected.length, rows.length);
    expect(await listedCodes(phone.page)).toEqual(codesOf(expected));

    await phone.page.getByRole('button', { name: 'Clear search' }).first().click();
    await expectSummary(shownByDefault.length, rows.length);
  });

  it('keeps the filter options and the sort after a reload', async () => {
    const cows = await openList();
    const rows = listRowsOf(cows);
    await expectSummary(expectedRows(cows).length, rows.length);

    const drawer = await openFilters();
    await toggleChip(drawer, 'Temperature', 'Severe fever');
    await toggleChip(drawer, 'Activity', 'High');
    await closeFilters(drawer);
    // The first tap on Fever puts the hottest cow first.
    await phone.page.getByRole('button', { name: 'Sort by Fever', exact: true }).click();
    await phone.page.getByRole('button', { name: 'Sorted by Fever, descending' }).waitFor();
    const expected = expectedRows(
      cows,
      {
        temperatureLevels: TEMPERATURE_LEVELS.filter((level) => level !== 'severe'),
        activityLevels: ['normal', 'low'],
      },
      { column: 'fever', value: 2 },
    );
    await expectSummary(expected.length, rows.length);

    await phone.page.reload();
    await phone.page.getByRole('button', { name: 'Sorted by Fever, descending' }).waitFor();
    await expectSummary(expected.length, rows.length);
    expect(await listedCodes(phone.page)).toEqual(codesOf(expected));
    const reopened = await openFilters();
    expect(await chip(reopened, 'Temperature', 'Severe fever').isChecked()).toBe(false);
    expect(await chip(reopened, 'Temperature', 'Moderate fever').isChecked()).toBe(true);
    expect(await chip(reopened, 'Activity', 'High').isChecked()).toBe(false);
    expect(await chip(reopened, 'Sensor state', 'Offline').isChecked()).toBe(false);
  });

  it('assigns a paid type to two cows, showing the cost first and charging the wallet', async () => {
    const cows = await openList();
    const rows = listRowsOf(cows);
    await expectSummary(expectedRows(cows).length, rows.length);
    const paid = (await cowTypesOf(demo)).types.find((type) => type.costnb > 0);
    if (!paid) throw new Error('the demo farm has no cow type with a cost');
    const before = await walletOf(demo);
    const format = (minor: number) => money(minor, before.currency, before.currencyDigits);

    // Two shown cows outside the type whose codes share a prefix, so one keyword shows them together.
    const outside = expectedRows(cows).filter(
      (row) => cows.find((cow) => cow.code === row.code)?.typeid !== paid.id,
    );
    const prefix = outside
      .map((row) => row.code.slice(0, -1))
      .find((candidate, _index, all) => all.filter((other) => other === candidate).length >= 2);
    if (!prefix) throw new Error('no two shown cows outside the paid type share a code prefix');
    const [first, second] = codesOf(outside.filter((row) => row.code.startsWith(prefix)));
    if (!first || !second) throw new Error('unreachable: the prefix has two cows');

    await phone.page.getByRole('textbox', { name: 'Search cows by code' }).fill(prefix);
    await expectSummary(expectedRows(cows, { keyword: prefix }).length, rows.length);
    await phone.page.getByRole('checkbox', { name: `Select ${first}` }).check();
    await phone.page.getByRole('checkbox', { name: `Select ${second}` }).check();
    const selection = phone.page.getByRole('region', { name: 'Selected cows' });
    await selection.getByText('2 selected').waitFor();
    await selection.getByRole('button', { name: 'Assign type' }).click();

    const dialog = phone.page.getByRole('dialog', { name: 'Assign a type to 2 cows' });
    await dialog.getByRole('combobox', { name: 'Cow type' }).click();
    await dialog
      .getByRole('option', { name: `${paid.name} (${format(paid.costnb)} per cow)`, exact: true })
      .click();
    const total = paid.costnb * 2;
    await expect.poll(() => dialog.getByTestId('assign-total').innerText()).toBe(format(total));
    const costTable = dialog.getByRole('table', { name: 'Cost of this assignment' });
    expect(await costTable.innerText()).toContain(format(paid.costnb));
    expect(await costTable.innerText()).toContain(format(before.balance));
    await dialog.getByRole('button', { name: `Assign and pay ${format(total)}` }).click();
    // Spending the wallet needs the management password, as the other money actions do.
    const boss = phone.page.getByRole('dialog', { name: 'Management password required' });
    await boss.getByLabel('Management password').fill(DEMO_BOSS_PASSWORD);
    await boss.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });

    for (const code of [first, second]) {
      await expect
        .poll(() => phone.page.locator(`[data-testid="cow-row"][data-code="${code}"]`).innerText())
        .toContain(paid.name);
    }
    const after = await walletOf(demo);
    expect(before.balance - after.balance).toBe(total);
    const assigned = (await farmCows(demo)).filter((cow) => cow.code === first || cow.code === second);
    expect(assigned.map((cow) => cow.typeid)).toEqual([paid.id, paid.id]);

    await phone.page.getByRole('button', { name: 'More' }).click();
    await phone.page.getByRole('menuitem', { name: 'Wallet' }).click();
    await phone.page.waitForURL('**/pages/index/wallet');
    await expect.poll(() => phone.page.getByTestId('wallet-balance').innerText()).toBe(format(after.balance));
    // The usage costs are the month's statement, oldest first: the charge is its last line.
    const newest = phone.page.getByRole('list', { name: 'Usage costs' }).getByRole('listitem').last();
    expect(await newest.innerText()).toContain(`${paid.name}: 2 cows`);
    expect(await newest.innerText()).toContain(format(-total));
  });
});
