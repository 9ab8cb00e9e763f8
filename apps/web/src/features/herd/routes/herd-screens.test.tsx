import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeCow } from '../../../test/cows';
import { fail, fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

function server(extra: Record<string, FakeHandler>) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

const wallet = {
  balance: 123450,
  currency: 'USD',
  currencyDigits: 2,
  entries: [
    {
      id: 1,
      kind: 'charge',
      amount: -2500,
      description: 'Cow type Breeding',
      cowCount: 5,
      typeName: 'Breeding',
      createdAt: '2025-05-01T10:00:00Z',
    },
  ],
};

describe('cow types (levsyt)', () => {
  const types = {
    types: [
      { id: 1, name: 'Breeding', costnb: 500, count: 12 },
      { id: 2, name: 'Heifers', costnb: 0, count: 3 },
    ],
    uncategorized: { count: 4 },
  };

  it('lists the types with their counts and costs, and the uncategorized bucket', async () => {
    server({
      'POST common/common/getusercowtype/F-100': () => ok(types),
      'GET wallet/wallet/getwallet/7': () => ok(wallet),
    });
    logIn();
    renderApp('/pages/index/levsyt');
    const cards = await screen.findAllByTestId('cow-type');
    expect(cards[0]?.textContent).toMatch(/Breeding12 cows · \$5\.00 per cow/);
    expect(cards[1]?.textContent).toMatch(/Heifers3 cows · free/);
    expect(screen.getByTestId('cow-type-uncategorized').textContent).toMatch(/Uncategorized4 cows/);
  });

  it('adds a type with its cost in minor units, and deletes one after a confirmation', async () => {
    const api = server({
      'POST common/common/getusercowtype/F-100': () => ok(types),
      'GET wallet/wallet/getwallet/7': () => ok(wallet),
      'POST common/common/addusercowtype/F-100': ({ body }) => ok({ id: 3, count: 0, ...(body as object) }),
      'DELETE common/common/delusercowtype/1': () => ok({ id: 1, movedToUncategorized: 12 }),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/levsyt');
    await user.click(await screen.findByRole('button', { name: 'Add type' }));
    const editor = within(await screen.findByRole('dialog'));
    await user.type(editor.getByLabelText(/Name/), 'Dry cows');
    await user.clear(editor.getByLabelText(/Cost per cow/));
    await user.type(editor.getByLabelText(/Cost per cow/), '12.5');
    await user.click(editor.getByRole('button', { name: 'Save type' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === 'common/common/addusercowtype/F-100')?.body).toEqual({
        name: 'Dry cows',
        costnb: 1250,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Breeding' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText(/Its 12 cows move to Uncategorized/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Delete type' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('says when a name is taken', async () => {
    server({
      'POST common/common/getusercowtype/F-100': () => ok(types),
      'GET wallet/wallet/getwallet/7': () => ok(wallet),
      'POST common/common/addusercowtype/F-100': () => fail(409, 'E_COW_TYPE_NAME_TAKEN'),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/levsyt');
    await user.click(await screen.findByRole('button', { name: 'Add type' }));
    const editor = within(await screen.findByRole('dialog'));
    await user.type(editor.getByLabelText(/Name/), 'breeding');
    await user.click(editor.getByRole('button', { name: 'Save type' }));
    expect((await editor.findByRole('alert')).textContent).toBe('A cow type with this name already exists.');
  });
});

describe('wallet', () => {
  it('shows the balance and the usage costs in the farm currency', async () => {
    server({ 'GET wallet/wallet/getwallet/7': () => ok(wallet) });
    logIn();
    renderApp('/pages/index/wallet');
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('$1,234.50');
    expect(screen.getByText('Breeding: 5 cows')).toBeTruthy();
    expect(screen.getByText('-$25.00')).toBeTruthy();
  });

  it('says so when there are no usage costs yet', async () => {
    server({ 'GET wallet/wallet/getwallet/7': () => ok({ ...wallet, balance: 0, entries: [] }) });
    logIn();
    renderApp('/pages/index/wallet');
    expect(await screen.findByText('No usage costs yet')).toBeTruthy();
  });
});

describe('search (indexsc)', () => {
  it('finds cows by code or sensor id and links to them, culled cows left out', async () => {
    server({
      'GET common/common/getCowsData/KR/F-100': () =>
        ok([
          makeCow({ id: 1, code: 'C101', sensor: 40555 }),
          makeCow({ id: 2, code: 'C202', sensor: 1555 }),
          makeCow({ id: 3, code: 'C555', status: '도태' }),
        ]),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/indexsc');
    const input = await screen.findByLabelText('Code or sensor id');
    await user.type(input, '555');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'C101' }).getAttribute('href')).toBe('/pages/index/cow?id=1');
    expect(screen.queryByText('C555')).toBeNull();
    await user.clear(input);
    await user.type(input, 'c2');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    await user.clear(input);
    await user.type(input, 'C999');
    expect(await screen.findByText('No cow found')).toBeTruthy();
  });
});

const sensorInput = () => screen.getByRole('combobox', { name: /^Sensor id/ });

describe('add a cow (addcows)', () => {
  it("checks the fields as the server does, and shows the server's refusal on its field", async () => {
    const api = server({
      'GET common/common/getCowsData/KR/F-100': () => ok([makeCow({ code: 'C1', sensor: 40001 })]),
      'POST common/common/getusercowtype/F-100': () => ok({ types: [], uncategorized: { count: 1 } }),
      'POST news/news/add/addcowsinfo': () =>
        fail(409, 'E_CONFLICT', { msg: 'Sensor 40002 is already worn by cow C8' }),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/addcows');
    const code = await screen.findByLabelText(/^Code/);
    await user.type(code, 'C1');
    await user.type(sensorInput(), '40001');
    await user.click(screen.getByRole('button', { name: 'Add cow' }));
    expect(await screen.findByText('This code is already used in the farm')).toBeTruthy();
    expect(screen.getByText('This sensor is already worn by cow C1')).toBeTruthy();
    expect(api.requests.some((r) => r.path === 'news/news/add/addcowsinfo')).toBe(false);

    await user.clear(code);
    await user.type(code, 'C2');
    await user.clear(sensorInput());
    await user.type(sensorInput(), '40002');
    await user.click(screen.getByRole('button', { name: 'Add cow' }));
    expect(await screen.findByText('This sensor is already worn by cow C8')).toBeTruthy();
  });

  it('opens the new cow once added', async () => {
    const api = server({
      'GET common/common/getCowsData/KR/F-100': () => ok([]),
      'POST common/common/getusercowtype/F-100': () => ok({ types: [], uncategorized: { count: 0 } }),
      'POST news/news/add/addcowsinfo': ({ body }) => ok(makeCow({ id: 77, ...(body as object) })),
      'GET common/common/getDataById/cowinfo/77': () => ok(makeCow({ id: 77, code: 'C77' })),
    });
    const user = userEvent.setup();
    logIn();
    const { router } = renderApp('/pages/index/addcows');
    await user.type(await screen.findByLabelText(/^Code/), 'c77');
    await user.click(screen.getByRole('button', { name: 'Add cow' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=77'));
    expect(api.requests.find((r) => r.path === 'news/news/add/addcowsinfo')?.body).toEqual({
      code: 'C77',
      status: '설정대기',
      sex: 'female',
    });
  });
});

describe('history and family', () => {
  const cow = makeCow({ id: 4, code: 'C4', status: '임신' });
  const dictionary = [
    {
      id: 1,
      dbname: 'mating',
      code: 'artificial-insemination',
      name: '人工授精,인공수정,Artificial insemination,1',
    },
  ];

  it('shows the timeline with dictionary labels, and an empty history plainly', async () => {
    server({
      'GET common/common/getDataById/cowinfo/4': () => ok(cow),
      'GET common/common/dict/getconfigdict/cows': () => ok(dictionary),
      'GET common/common/getcowhistory/4': () =>
        ok([
          {
            kind: 'fertilization',
            id: 3,
            time: '2025-03-01T09:00:00Z',
            by: 'Kim',
            method: 'artificial-insemination',
            actualMethod: null,
            sireCode: 'KPN9',
            memo: '',
            effectiveServiceDate: '2025-03-02',
            pregnancyCheckMethod: 'ultrasonic',
            pregnancyCheckDate: '2025-04-11',
            pregnancyCheckAuto: true,
          },
          {
            kind: 'statusChange',
            id: 2,
            time: '2025-01-01T09:00:00Z',
            by: null,
            from: null,
            to: '설정대기',
            reason: 'created',
            forced: false,
          },
        ]),
    });
    logIn();
    renderApp('/pages/index/hsty?id=4');
    expect(await screen.findByText('Artificial insemination')).toBeTruthy();
    expect(screen.getByText('KPN9')).toBeTruthy();
    expect(screen.getByText('Registered')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete this Fertilization record' })).toBeTruthy();
  });

  it('says so when a cow has no history', async () => {
    server({
      'GET common/common/getDataById/cowinfo/4': () => ok(cow),
      'GET common/common/dict/getconfigdict/cows': () => ok(dictionary),
      'GET common/common/getcowhistory/4': () => ok([]),
    });
    logIn();
    renderApp('/pages/index/hsty?id=4');
    expect(await screen.findByText('No history yet')).toBeTruthy();
  });

  it('links the dam and the calves, shows the sire code and the calves never registered', async () => {
    server({
      'GET common/common/getDataById/cowinfo/4': () => ok(cow),
      'GET common/common/dict/getconfigdict/cows': () =>
        ok([{ id: 7, dbname: 'calvingResult', code: 'cow', name: '母犊,암송아지,Heifer calf' }]),
      'GET common/common/getcowfamily/4': () =>
        ok({
          dam: { id: 1, code: 'C1', status: '포유', birthday: '2019-01-01', sex: 'female' },
          sire: { code: 'KPN1385' },
          calves: [{ id: 9, code: 'C9', status: '설정대기', birthday: '2024-02-02', sex: 'male' }],
          unregisteredCalves: [{ calvedOn: '2026-08-02', result: 'cow' }],
        }),
    });
    logIn();
    renderApp('/pages/index/cowsfml?id=4');
    expect((await screen.findByRole('link', { name: 'C1' })).getAttribute('href')).toBe(
      '/pages/index/cow?id=1',
    );
    expect(screen.getByRole('link', { name: 'C9' }).getAttribute('href')).toBe('/pages/index/cow?id=9');
    expect(screen.getByText('KPN1385')).toBeTruthy();
    // The calving that registered no calf still counts: "Calves (2)", the heifer without a link.
    expect(screen.getByRole('heading', { name: 'Calves (2)' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('unregistered-calf').textContent).toBe(
        'Heifer calfborn Aug 2, 2026 · not registered',
      ),
    );
  });
});

describe('setup wizard, step 2: sensors', () => {
  it('explains the two kinds and keeps the valid ids for step 3', async () => {
    server({ 'GET common/common/getCowsData/KR/F-100': () => ok([makeCow({ code: 'C1', sensor: 40001 })]) });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/step2');
    expect(await screen.findByText('Neck collar: id 40000 or above')).toBeTruthy();
    await user.type(screen.getByLabelText(/Sensor ids/), '40002 1203 40001 x1');
    await user.click(screen.getByRole('button', { name: 'Add sensors' }));
    expect(screen.getAllByTestId('setup-sensor').map((row) => row.textContent)).toEqual([
      '40002Neck',
      '1203Pill',
    ]);
    const alert = within(screen.getByText('Not added').closest('[role="alert"]') as HTMLElement);
    expect(alert.getByText(/This sensor is already worn by cow C1/)).toBeTruthy();
    expect(alert.getByText(/The sensor id is a number/)).toBeTruthy();
    expect(JSON.parse(window.sessionStorage.getItem('cowcare.setup.sensors') ?? '[]')).toEqual([40002, 1203]);
  });
});
