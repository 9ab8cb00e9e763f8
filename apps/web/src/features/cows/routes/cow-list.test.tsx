import type { BoundFunctions, queries } from '@testing-library/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { notificationSocket } from '../../../lib/socket';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { COW_LIST_STORAGE_KEY } from '../../../lib/cow-list-storage';
import { COW_ROW_HEIGHT } from '../components/cow-row';
import { makeCow, withActivity, withFever } from '../../../test/cows';
import { hoursFrom, makeNotice } from '../../../test/notices';
import { fail, fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../../test/render';

const wallet = { balance: 7000, currency: 'KRW', currencyDigits: 0, entries: [] };
const types = {
  types: [
    { id: 1, name: 'Breeding', costnb: 5000, count: 0 },
    { id: 2, name: 'Fattening', costnb: 0, count: 0 },
  ],
  uncategorized: { count: 3 },
};

function server(cows: Cow[], extra: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    'GET common/common/getCowsData/KR/F-100': () => ok(cows),
    'POST common/common/getusercowtype/F-100': () => ok(types),
    'GET wallet/wallet/getwallet/7': () => ok(wallet),
    'PUT common/common/setkouserztftdata/7': ({ body }) =>
      ok({ ...demoUser, sensorfilter: (body as { sensorfilter: string }).sensorfilter }),
    'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () => ok({ list: [], all: [] }),
    'GET common/common/getNoticeDatab/KR/F-100/010-1234-5678': () => ok({ listb: [], allb: [] }),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

/** Open the home page and wait for the filter to be applied (1000 ms after the load, spec §4). */
async function openList(path = '/') {
  logIn({ ...demoUser, country: 'KR' });
  const view = renderApp(path);
  await screen.findByTestId('list-summary');
  await waitFor(() => expect(screen.getByTestId('list-summary').textContent).toMatch(/^Showing/), {
    timeout: 3000,
  });
  return view;
}

const shownCodes = () => screen.queryAllByTestId('cow-row').map((row) => row.getAttribute('data-code'));

async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Filter/ }));
  return within(await screen.findByRole('dialog'));
}

type Scope = BoundFunctions<typeof queries>;
const group = (dialog: Scope, name: string) => within(dialog.getByRole('group', { name }));

describe('cow list (home)', () => {
  it('drops culled cows, hides offline sensors by default and shows each reading with words', async () => {
    server([
      makeCow({ code: 'C1', ...withFever(0.2) }),
      makeCow({ code: 'C2', sensorzt: 0 }),
      makeCow({ code: 'C3', status: '도태' }),
      makeCow({ code: 'C4', status: '임신', ...withFever(1.6), ...withActivity(-30) }),
    ]);
    await openList();
    expect(shownCodes()).toEqual(['C1', 'C4']);
    expect(screen.getByTestId('list-summary').textContent).toBe('Showing 2 of 3 cows');
    const c4 = within(screen.getAllByTestId('cow-row')[1] as HTMLElement);
    expect(c4.getByText('Pregnancy')).toBeTruthy();
    expect(c4.getByText('Severe')).toBeTruthy();
    expect(c4.getByText('+1.6°')).toBeTruthy();
    expect(c4.getByText('Low')).toBeTruthy();
    expect(c4.getByText('−30%')).toBeTruthy();
    expect(c4.getByText(/Neck.*Online/)).toBeTruthy();
  });

  it("shows a bolus cow's drinks, a bolus without them as no reading, and a neck collar as not measuring them", async () => {
    const bolus = { sensor: 20001, sensorKind: 'pill' as const };
    server([
      makeCow({ code: 'C1', ...bolus, drink_current: 9 }),
      makeCow({ code: 'C2', ...bolus, drink_current: null }),
      makeCow({ code: 'C3', sensor: 40003, sensorKind: 'neck', drink_current: null }),
    ]);
    await openList();
    const [c1, c2, c3] = screen.getAllByTestId('cow-row').map((row) => within(row));
    expect(c1?.getByLabelText('9/day').textContent).toBe('9');
    // The count alone or a dash in the row (the words would not fit in every language), the words in its label.
    expect(c2?.getByLabelText('No reading').textContent).toBe('—');
    expect(c3?.getByLabelText('Not measured').textContent).toBe('—');
    expect(c3?.queryByLabelText('No reading')).toBeNull();
  });

  it('marks a cow in heat, and one inside her insemination window, until the window closes', async () => {
    const heat = (id: number, cowid: number, onsetHoursAgo: number) => {
      const onset = Date.now() - onsetHoursAgo * 3_600_000;
      return makeNotice({
        id,
        cowid,
        noticecode: 101,
        time: hoursFrom(onset, 6),
        details: {
          onset: hoursFrom(onset, 0),
          windowStart: hoursFrom(onset, 13),
          windowEnd: hoursFrom(onset, 24),
        },
      });
    };
    server(
      [
        makeCow({ id: 1, code: 'C1' }),
        makeCow({ id: 2, code: 'C2' }),
        makeCow({ id: 3, code: 'C3' }),
        makeCow({ id: 4, code: 'C4' }),
      ],
      {
        'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () =>
          ok({ list: [], all: [heat(1, 1, 5), heat(2, 2, 15), heat(3, 3, 30)] }),
      },
    );
    await openList();
    const badgeOf = (code: string) =>
      within(
        screen.getAllByTestId('cow-row').find((row) => row.dataset.code === code) as HTMLElement,
      ).queryByTestId('heat-badge')?.textContent ?? null;
    await waitFor(() => expect(badgeOf('C1')).toBe('In heat'));
    expect(badgeOf('C2')).toBe('Inseminate now');
    expect(badgeOf('C3')).toBeNull();
    expect(badgeOf('C4')).toBeNull();
  });

  it('applies the filter 1000 ms after the load', async () => {
    server([makeCow({ code: 'C70' }), makeCow({ code: 'C71', sensorzt: 0 })]);
    logIn();
    renderApp('/');
    const started = performance.now();
    expect(await screen.findByText('Applying filters…')).toBeTruthy();
    expect(shownCodes()).toEqual([]);
    await waitFor(() => expect(shownCodes()).toEqual(['C70']), { timeout: 3000 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('shows a cow with a fever of exactly 0.5 under "slight"', async () => {
    server([
      makeCow({ code: 'C10', ...withFever(0.5) }),
      makeCow({ code: 'C11', ...withFever(0.49) }),
      makeCow({ code: 'C12', ...withFever(1.0) }),
    ]);
    const user = userEvent.setup();
    await openList();
    const dialog = await openFilters(user);
    const temperature = group(dialog, 'Temperature');
    for (const name of ['Normal', 'Low temp.', 'Moderate fever', 'Severe fever']) {
      await user.click(temperature.getByRole('checkbox', { name }));
    }
    await user.click(dialog.getByRole('button', { name: 'Show cows' }));
    await waitFor(() => expect(shownCodes()).toEqual(['C10']));
    expect(within(screen.getByTestId('cow-row')).getByText('Slight')).toBeTruthy();
  });

  it('hides every cow when a group has nothing selected', async () => {
    server([makeCow({ code: 'C20' }), makeCow({ code: 'C21', status: '비육' })]);
    const user = userEvent.setup();
    await openList();
    const dialog = await openFilters(user);
    const status = group(dialog, 'Status');
    for (const checkbox of status.getAllByRole('checkbox')) {
      if ((checkbox as HTMLInputElement).checked) await user.click(checkbox);
    }
    expect(dialog.getByText('Nothing selected: no cow is shown')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Show cows' }));
    expect(await screen.findByText('No cow matches')).toBeTruthy();
    expect(shownCodes()).toEqual([]);
  });

  it('checks all and clears all options, and keeps them across visits', async () => {
    server([makeCow({ code: 'C30' }), makeCow({ code: 'C31', sensorzt: 0 })]);
    const user = userEvent.setup();
    const first = await openList();
    expect(shownCodes()).toEqual(['C30']);

    let dialog = await openFilters(user);
    await user.click(dialog.getByRole('button', { name: 'Clear all' }));
    for (const checkbox of dialog.getAllByRole('checkbox')) {
      expect((checkbox as HTMLInputElement).checked).toBe(false);
    }
    await user.click(dialog.getByRole('button', { name: 'Check all' }));
    for (const checkbox of dialog.getAllByRole('checkbox')) {
      expect((checkbox as HTMLInputElement).checked).toBe(true);
    }
    await user.click(dialog.getByRole('button', { name: 'Show cows' }));
    await waitFor(() => expect(shownCodes()).toEqual(['C30', 'C31']));

    const saved = JSON.parse(window.localStorage.getItem(COW_LIST_STORAGE_KEY) ?? '{}') as {
      groups: { sensorStates: string[] };
    };
    expect(saved.groups.sensorStates).toEqual(['zts', 'zt']);

    first.unmount();
    await openList();
    expect(shownCodes()).toEqual(['C30', 'C31']);
    dialog = await openFilters(user);
    const offline = group(dialog, 'Sensor state').getByRole<HTMLInputElement>('checkbox', {
      name: 'Offline',
    });
    expect(offline.checked).toBe(true);
  });

  it('sends the selected sensor states to the server after a filtering', async () => {
    const api = server([makeCow({ code: 'C40' })]);
    const user = userEvent.setup();
    await openList();
    const dialog = await openFilters(user);
    await user.click(group(dialog, 'Sensor state').getByRole('checkbox', { name: 'Offline' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === 'common/common/setkouserztftdata/7')).toHaveLength(1),
    );
    const sent = api.requests.find((r) => r.path === 'common/common/setkouserztftdata/7');
    expect(sent?.method).toBe('PUT');
    expect(sent?.body).toEqual({ sensorfilter: 'zts,zt' });
  });

  it('sorts per column, the hottest cow first on the first tap of Fever; tapping again flips it', async () => {
    server([
      makeCow({ code: 'C9', ...withFever(1.2), drink_current: 3 }),
      makeCow({ code: 'C10', ...withFever(-0.2), drink_current: 12 }),
      makeCow({ code: 'C8', ...withFever(0.7), drink_current: 7 }),
    ]);
    const user = userEvent.setup();
    await openList();
    expect(shownCodes()).toEqual(['C8', 'C9', 'C10']);
    await user.click(screen.getByRole('button', { name: 'Sort by Fever' }));
    expect(shownCodes()).toEqual(['C9', 'C8', 'C10']);
    await user.click(screen.getByRole('button', { name: 'Sorted by Fever, descending' }));
    expect(shownCodes()).toEqual(['C10', 'C8', 'C9']);
    await user.click(screen.getByRole('button', { name: 'Sort by Drink' }));
    expect(shownCodes()).toEqual(['C9', 'C8', 'C10']);
  });

  it('says what the default filter hides, and shows those cows on request', async () => {
    server([
      makeCow({ code: 'C1' }),
      makeCow({ code: 'C2', sensorzt: 0 }),
      makeCow({ code: 'C3', sensor: null, sensorKind: null, sensorzt: 0 }),
    ]);
    const user = userEvent.setup();
    await openList();
    expect(shownCodes()).toEqual(['C1']);
    const line = screen.getByTestId('hidden-by-filters');
    expect(line.textContent).toBe('2 cows hidden by filters: 1 offline, 1 without a sensor · Show them');
    await user.click(within(line).getByRole('button', { name: 'Show them' }));
    expect(shownCodes()).toEqual(['C1', 'C2', 'C3']);
    expect(screen.queryByTestId('hidden-by-filters')).toBeNull();
  });

  it('is a table with sorting column headers on a desktop-wide window', async () => {
    const phoneMatchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => ({
      ...phoneMatchMedia(query),
      matches: query.includes('min-width: 64em'),
    });
    try {
      server([
        makeCow({ code: 'C9', ...withFever(1.2) }),
        makeCow({ code: 'C10', ...withFever(-0.2) }),
        makeCow({ code: 'C8', ...withFever(0.7) }),
      ]);
      const user = userEvent.setup();
      await openList();
      const table = screen.getByRole('table', { name: 'Cows' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Select', 'ID', 'Status', 'Heat', 'Fever', 'Activity', 'Drink', 'Type', 'Sensor']);
      expect(screen.queryByRole('group', { name: 'Sort by' })).toBeNull();
      const codes = () =>
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('link')[0]?.textContent);
      expect(codes()).toEqual(['C8', 'C9', 'C10']);
      await user.click(within(table).getByRole('button', { name: 'Sort by Fever' }));
      expect(codes()).toEqual(['C9', 'C8', 'C10']);
      expect(within(table).getByRole('columnheader', { name: /Fever/ }).getAttribute('aria-sort')).toBe(
        'descending',
      );
    } finally {
      window.matchMedia = phoneMatchMedia;
    }
  });

  it('finds cows by a keyword in the code', async () => {
    server([makeCow({ code: 'C1201' }), makeCow({ code: 'C3120' }), makeCow({ code: 'C777' })]);
    const user = userEvent.setup();
    await openList();
    await user.type(screen.getByRole('textbox', { name: 'Search cows by code' }), '12');
    await waitFor(() => expect(shownCodes()).toEqual(['C1201', 'C3120']));
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(shownCodes()).toHaveLength(3));
  });

  it('sends a farm without cows to the setup wizard', async () => {
    server([makeCow({ code: 'C50', status: '도태' })]);
    logIn();
    const { router } = renderApp('/');
    const user = userEvent.setup();
    expect(await screen.findByText('No cows yet')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Set up the farm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/step1'));
  });

  it('shows the error with a retry when the cows cannot be loaded', async () => {
    let attempts = 0;
    server([], {
      'GET common/common/getCowsData/KR/F-100': () => {
        attempts += 1;
        return attempts === 1 ? fail(500, 'E_INTERNAL') : ok([makeCow({ code: 'C60' })]);
      },
    });
    logIn();
    renderApp('/');
    const user = userEvent.setup();
    expect(await screen.findByText('Could not load')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shownCodes()).toEqual(['C60']), { timeout: 3000 });
  });

  it('renders only a window of rows for 10,000 cows', async () => {
    const herd = Array.from({ length: 10_000 }, (_, index) =>
      makeCow({ id: index + 1, code: `C${index + 1}`, sensor: 40000 + index }),
    );
    server(herd);
    await openList();
    expect(screen.getByTestId('list-summary').textContent).toBe('Showing 10000 of 10000 cows');
    const rendered = screen.getAllByTestId('cow-row');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    const list = screen.getByTestId('windowed-list');
    await act(async () => {
      list.scrollTop = COW_ROW_HEIGHT * 5000;
      list.dispatchEvent(new Event('scroll'));
    });
    const codes = shownCodes();
    expect(codes).toContain('C5001');
    expect(codes).not.toContain('C1');
    expect(screen.getAllByTestId('cow-row').length).toBeLessThan(40);
  });
});

describe('cow-type assignment from the list', () => {
  const herd = () => [
    makeCow({ id: 1, code: 'C1' }),
    makeCow({ id: 2, code: 'C2' }),
    makeCow({ id: 3, code: 'C3', typeid: 1, typename: 'Breeding' }),
  ];

  async function chooseBreedingForAll(user: ReturnType<typeof userEvent.setup>) {
    await openList();
    await user.click(screen.getByRole('checkbox', { name: 'All shown' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Assign type' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('combobox', { name: 'Cow type' }));
    await user.click(await dialog.findByRole('option', { name: /Breeding/ }));
    return dialog;
  }

  /** A type that costs money asks for the management password; its grant goes with the assignment. */
  async function enterBossPassword(user: ReturnType<typeof userEvent.setup>, password = 'boss1234') {
    const boss = within(await screen.findByRole('dialog', { name: 'Management password required' }));
    await user.type(boss.getByLabelText('Management password'), password);
    await user.click(boss.getByRole('button', { name: 'Confirm' }));
    return boss;
  }

  it('shows the cost before confirming, asks for the management password, then assigns and refreshes list and wallet', async () => {
    const api = server(herd(), {
      'POST common/common/verifybosspassword': ({ body }) =>
        (body as { password: string }).password === 'boss1234'
          ? ok({ grant: 'grant-1' })
          : fail(400, 'E_BOSS_PASSWORD_INCORRECT'),
      'PUT news/news/update/cowstype': () =>
        ok({
          changed: true,
          typeid: 1,
          typename: 'Breeding',
          costnb: 5000,
          moved: 2,
          alreadyInType: 1,
          charged: 10000,
          balance: 0,
          currency: 'KRW',
          cows: [],
        }),
    });
    const user = userEvent.setup();
    const dialog = await chooseBreedingForAll(user);
    // Two cows newly enter the type (C3 is in it already): 2 × ₩5,000.
    expect(dialog.getByTestId('assign-total').textContent).toMatch(/₩10,000/);
    expect(dialog.getByText(/1 of the selected cows is already in this type/)).toBeTruthy();
    expect(api.requests.some((r) => r.path === 'news/news/update/cowstype')).toBe(false);

    const walletLoads = api.requests.filter((r) => r.path.startsWith('wallet/')).length;
    const cowLoads = api.requests.filter((r) => r.path.startsWith('common/common/getCowsData')).length;
    await user.click(dialog.getByRole('button', { name: /Assign and pay ₩10,000/ }));
    const boss = await enterBossPassword(user, 'wrong');
    expect((await boss.findByRole('alert')).textContent).toBe('The management password is incorrect.');
    expect(api.requests.some((r) => r.path === 'news/news/update/cowstype')).toBe(false);
    await user.clear(boss.getByLabelText('Management password'));
    await enterBossPassword(user);
    expect(await screen.findByText('2 cows moved to Breeding')).toBeTruthy();
    const put = api.requests.find((r) => r.path === 'news/news/update/cowstype');
    expect(put?.method).toBe('PUT');
    expect(put?.headers['x-boss-grant']).toBe('grant-1');
    expect(put?.body).toEqual({ checklist: [1, 2, 3], type: { id: 1, name: 'Breeding', costnb: 5000 } });
    await waitFor(() => {
      expect(api.requests.filter((r) => r.path.startsWith('wallet/')).length).toBeGreaterThan(walletLoads);
      expect(
        api.requests.filter((r) => r.path.startsWith('common/common/getCowsData')).length,
      ).toBeGreaterThan(cowLoads);
    });
  });

  it('says so when the wallet balance is not enough', async () => {
    server(herd(), {
      'POST common/common/verifybosspassword': () => ok({ grant: 'grant-1' }),
      'PUT news/news/update/cowstype': () => fail(409, 'E_INSUFFICIENT_BALANCE'),
    });
    const user = userEvent.setup();
    const dialog = await chooseBreedingForAll(user);
    await user.click(dialog.getByRole('button', { name: /Assign and pay/ }));
    await enterBossPassword(user);
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'The wallet balance is not enough for this assignment. Nothing was charged or changed.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('updates a cow in place from the socket: sensorzt 0 hides it, cowinfo changes its reading', async () => {
    server([makeCow({ id: 301, code: 'C301' }), makeCow({ id: 302, code: 'C302' })]);
    await openList();
    expect(shownCodes()).toEqual(['C301', 'C302']);
    act(() => {
      notificationSocket.connect();
      FakeWebSocket.latest().open();
      FakeWebSocket.latest().receive({ type: 'sensorzt', data: { cowId: 302, sensor: 40302, sensorzt: 0 } });
      FakeWebSocket.latest().receive({
        type: 'cowinfo',
        data: { id: 301, temp_avg: 38.5, tempadd: null, temp_current: 40.55 },
      });
    });
    await waitFor(() => expect(shownCodes()).toEqual(['C301']), { timeout: 3000 });
    expect(within(screen.getByTestId('cow-row')).getByText('Severe')).toBeTruthy();
    notificationSocket.close();
  });
});
