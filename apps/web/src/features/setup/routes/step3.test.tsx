import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeCow } from '../../../test/cows';
import { fail, fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

/** The farm has C1 (wearing 40001) and a culled C2 (its code stays taken). */
const herd = [
  makeCow({ id: 1, code: 'C1', sensor: 40001 }),
  makeCow({ id: 2, code: 'C2', status: '도태', sensor: null }),
];

function server(extra: Record<string, FakeHandler> = {}) {
  let nextId = 100;
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    'GET common/common/getCowsData/KR/F-100': () => ok(herd),
    'POST common/common/getusercowtype/F-100': () => ok({ types: [], uncategorized: { count: 1 } }),
    'GET sensors/list/KR/F-100': () => ok([]),
    'POST news/news/add/addcowsinfo': ({ body }) => {
      nextId += 1;
      return ok(makeCow({ id: nextId, ...(body as object) }));
    },
    'POST news/news/add/importcows': ({ body }) => {
      const { cows } = body as { cows: unknown[] };
      return ok({ imported: cows.length, ids: cows.map(() => (nextId += 1)) });
    },
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function chooseFile(text: string) {
  const user = userEvent.setup();
  logIn();
  renderApp('/pages/index/step3');
  await user.click(await screen.findByRole('tab', { name: 'CSV file' }));
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no file input yet');
    return found;
  });
  await user.upload(input, new File([text], 'herd.csv', { type: 'text/csv' }));
  await screen.findByTestId('csv-report');
  return user;
}

const row = (line: number) => within(document.querySelector(`[data-line="${line}"]`) as HTMLElement);
const imports = (api: ReturnType<typeof server>) =>
  api.requests.filter((r) => r.path === 'news/news/add/importcows');

describe('setup wizard, step 3: CSV import', () => {
  const good =
    'code,sensor,birthday,parity,status\r\nC10,40010,2022-01-05,1,\r\nC11,1201,2021-06-30,2,발정탐지\r\nC12,,,0,waitingForSettings\r\n';

  it('checks a good file, then imports it in one call, all or nothing, with a result per row', async () => {
    const api = server();
    const user = await chooseFile(good);
    expect(screen.getByText(/^All 3 rows are valid\. Nothing is written until you confirm\./)).toBeTruthy();
    expect(imports(api)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Import 3 cows' }));
    expect(await screen.findByText('Imported 3 cows.')).toBeTruthy();
    for (const line of [2, 3, 4]) expect(row(line).getByText('Imported')).toBeTruthy();
    expect(imports(api).map((r) => r.body)).toEqual([
      {
        cows: [
          { code: 'C10', sensor: 40010, birthday: '2022-01-05', parity: 1, status: '설정대기' },
          { code: 'C11', sensor: 1201, birthday: '2021-06-30', parity: 2, status: '발정탐지' },
          { code: 'C12', parity: 0, status: '설정대기' },
        ],
      },
    ]);
  });

  it('previews a pregnant and a lactating cow with the records and dates that will be written', async () => {
    const api = server();
    const user = await chooseFile(
      [
        'code,sensor,birthday,parity,status,last_calving,last_insemination,insemination_method,pregnancy_check',
        'C30,,2020-01-01,2,pregnant,2024-01-10,2024-05-01,AI,2024-06-10',
        'C31,,2020-02-01,,lactating,2024-08-01,,,',
      ].join('\n'),
    );
    expect(row(2).getByText('Pregnancy')).toBeTruthy();
    expect(row(2).getByText('insemination May 1, 2024')).toBeTruthy();
    // AI: service 2 May + 285 days.
    expect(row(2).getByText('expected calving Feb 11, 2025')).toBeTruthy();
    expect(row(3).getByText('calving Aug 1, 2024')).toBeTruthy();
    expect(row(3).getByText('expected heat Sep 30, 2024')).toBeTruthy();
    expect(imports(api)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Import 2 cows' }));
    expect(await screen.findByText('Imported 2 cows.')).toBeTruthy();
    expect(imports(api)[0]?.body).toEqual({
      cows: [
        {
          code: 'C30',
          birthday: '2020-01-01',
          parity: 2,
          status: '임신',
          lastCalving: '2024-01-10',
          lastInsemination: '2024-05-01',
          inseminationMethod: 'artificial-insemination',
          pregnancyCheck: '2024-06-10',
        },
        { code: 'C31', birthday: '2020-02-01', status: '포유', lastCalving: '2024-08-01' },
      ],
    });
  });

  it('names what a mid-season row lacks in the user’s words, before anything is sent', async () => {
    const api = server();
    await chooseFile(
      [
        'code,sensor,birthday,parity,status,last_insemination,insemination_method,pregnancy_check',
        'C40,,,,pregnant,,,2024-06-10',
        'C41,,,,pregnancyConfirm,2024-05-01,bull,',
      ].join('\n'),
    );
    expect(row(2).getByText('Last insemination date: Needed for this status')).toBeTruthy();
    expect(row(3).getByText('Insemination method: Use AI, natural or ET')).toBeTruthy();
    expect(imports(api)).toHaveLength(0);
  });

  it('imports nothing from a file with one bad row, and says what is wrong on each row', async () => {
    const api = server();
    await chooseFile(
      [
        'code,sensor,birthday,parity,status',
        'C20,40020,2022-01-05,1,',
        'C2,40001,2999-01-01,-1,도태',
        'X21,40020,2022-02-30,1,',
        'C22,1202,2020-01-01,0,',
      ].join('\n'),
    );
    expect(
      screen.getByText(
        '2 of 4 rows have problems, so nothing will be imported. Fix the file and choose it again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(row(2).getByText('Valid')).toBeTruthy();
    expect(row(3).getByText('Code: This code is already used in the farm')).toBeTruthy();
    expect(row(3).getByText('Sensor id: This sensor is already worn by cow C1')).toBeTruthy();
    expect(row(3).getByText('Birthday: The birthday cannot be in the future')).toBeTruthy();
    expect(row(3).getByText('Parity: Parity is a whole number from 0 to 30')).toBeTruthy();
    expect(row(3).getByText('Status: A new cow may start in any status but Eliminated')).toBeTruthy();
    expect(row(4).getByText('Code: The code is the letter C followed by digits, e.g. C1024')).toBeTruthy();
    expect(row(4).getByText('Sensor id: This sensor appears twice')).toBeTruthy();
    expect(row(4).getByText('Birthday: Enter a real date as YYYY-MM-DD')).toBeTruthy();
    expect(row(5).getByText('Valid')).toBeTruthy();
    expect(imports(api)).toHaveLength(0);
  });

  it('refuses a file without the header', async () => {
    server();
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/step3');
    await user.click(await screen.findByRole('tab', { name: 'CSV file' }));
    await user.type(screen.getByLabelText('Or paste the CSV text'), 'code,sensor{Enter}C1,1');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      'The first line must start with: code,sensor,birthday,parity,status, optionally followed by any of: last_calving',
    );
  });

  it("imports nothing on the server's refusal and shows it on the row it names", async () => {
    const message = 'row 2 (C11): Sensor 1201 is already worn by cow C77';
    const api = server({
      'POST news/news/add/importcows': () =>
        fail(409, 'E_CONFLICT', { msg: message, details: [{ path: 'body.cows.1', message }] }),
    });
    const user = await chooseFile(good);
    await user.click(screen.getByRole('button', { name: 'Import 3 cows' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The server refused the import; nothing was written.',
    );
    expect(row(3).getByText('Refused: Sensor id: This sensor is already worn by cow C77')).toBeTruthy();
    for (const line of [2, 4]) expect(row(line).getByText('Valid')).toBeTruthy();
    expect(imports(api)).toHaveLength(1);
  });
});

describe('setup wizard, step 3: the registered sensors', () => {
  it('names the sensors registered in step 2 that no cow wears yet', async () => {
    // In the server's order: by sensor id.
    server({
      'GET sensors/list/KR/F-100': () =>
        ok([
          {
            sensor: 1203,
            kind: 'pill',
            cowId: null,
            cowCode: null,
            registeredAt: '2026-11-20T08:00:00Z',
            firstReadingAt: null,
            lastReadingAt: null,
          },
          {
            sensor: 40001,
            kind: 'neck',
            cowId: 1,
            cowCode: 'C1',
            registeredAt: '2026-11-20T08:00:00Z',
            firstReadingAt: null,
            lastReadingAt: null,
          },
          {
            sensor: 40005,
            kind: 'neck',
            cowId: null,
            cowCode: null,
            registeredAt: '2026-11-20T08:00:00Z',
            firstReadingAt: null,
            lastReadingAt: null,
          },
        ]),
    });
    logIn();
    renderApp('/pages/index/step3');
    expect((await screen.findByTestId('setup-unpaired-sensors')).textContent).toBe(
      'Registered sensors not on a cow yet (2): 1203, 40005. Give each to a cow below.',
    );
  });
});
