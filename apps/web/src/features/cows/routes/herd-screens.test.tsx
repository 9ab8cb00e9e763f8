import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCow } from '../../../test/cows';
import { fail, ok, stubFarmServer as server } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

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
