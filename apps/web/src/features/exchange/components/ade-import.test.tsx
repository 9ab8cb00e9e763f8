import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdePreview } from '@cowcare/contract/routes/exchange';
import { makeCow } from '../../../test/cows';
import { fail, fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

const counts = {
  cows: 2,
  estrus: 1,
  sensorHeats: 3,
  fertilization: 2,
  pregnancy: 1,
  calving: 1,
  health: 1,
  sensors: 0,
};
const clean: AdePreview = {
  importable: true,
  create: counts,
  refused: [],
  refusedCount: 0,
  skipped: [
    { collection: 'animals', index: 0, item: 'C10', reason: 'sensorTaken', detail: 'sensor 40010 is taken' },
  ],
  skippedCount: 1,
};
const broken: AdePreview = {
  ...clean,
  importable: false,
  refused: [
    {
      collection: 'animals',
      index: 1,
      item: 'C10',
      reason: 'duplicateCowCode',
      detail: 'cow code C10 is in the file twice',
    },
    {
      collection: 'heats',
      index: 0,
      item: 'h1 (x|zz)',
      reason: 'unknownAnimal',
      detail: 'animal x|zz is not an animal of the file',
    },
  ],
  refusedCount: 2,
};

function server(preview: AdePreview, extra: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    'GET common/common/getCowsData/KR/F-100': () => ok([makeCow({ id: 1, code: 'C1' })]),
    'POST common/common/getusercowtype/F-100': () => ok({ types: [], uncategorized: { count: 1 } }),
    'GET sensors/list/KR/F-100': () => ok([]),
    'POST exchange/ade/preview': () => ok(preview),
    'POST exchange/ade/import': () => ok({ created: counts, cowIds: [11, 12] }),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function chooseFile(text: string) {
  const user = userEvent.setup();
  logIn();
  renderApp('/pages/index/step3');
  await user.click(await screen.findByRole('tab', { name: 'ADE file' }));
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no file input yet');
    return found;
  });
  await user.upload(input, new File([text], 'herd.json', { type: 'application/json' }));
  return user;
}

const sent = (api: ReturnType<typeof server>, path: string) => api.requests.filter((r) => r.path === path);

describe('setup wizard, step 3: ADE import', () => {
  it('previews what the file brings and what is left out, then imports it when asked', async () => {
    const api = server(clean);
    const user = await chooseFile('{"animals":[]}');
    const preview = await screen.findByTestId('ade-preview');
    expect(within(preview).getByText('Cows: 2')).toBeTruthy();
    expect(within(preview).getByText('Heats detected by sensors: 3')).toBeTruthy();
    expect(
      within(screen.getByTestId('ade-skipped')).getByText('The sensor belongs to another farm or cow'),
    ).toBeTruthy();
    expect(sent(api, 'exchange/ade/import')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 2 cows with their records.')).toBeTruthy();
    expect(sent(api, 'exchange/ade/import').map((r) => r.body)).toEqual([{ file: { animals: [] } }]);
  });

  it('shows every refusal with its reason and offers no import', async () => {
    const api = server(broken);
    await chooseFile('{"animals":[]}');
    const refused = await screen.findByTestId('ade-refused');
    expect(
      within(refused).getByText('Refused: 2. Nothing is imported until the file is fixed.'),
    ).toBeTruthy();
    expect(within(refused).getByText('The same cow number twice in the file')).toBeTruthy();
    expect(within(refused).getByText('Names an animal that is not in the file')).toBeTruthy();
    expect(within(refused).getByText('heats #1')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
    expect(sent(api, 'exchange/ade/import')).toHaveLength(0);
  });

  it('says a file that is not JSON is not, without asking the server', async () => {
    const api = server(clean);
    await chooseFile('code,sensor\nC1,4');
    expect(await screen.findByText('herd.json is not a JSON file.')).toBeTruthy();
    expect(sent(api, 'exchange/ade/preview')).toHaveLength(0);
  });

  it('lists the reasons when the server refuses the import itself', async () => {
    server(clean, {
      'POST exchange/ade/import': () =>
        fail(400, 'E_VALIDATION', {
          details: [
            {
              path: 'body.file.animals.2',
              message: 'C500: cow code C500 is already in this farm',
              rule: 'cowCodeTaken',
            },
          ],
        }),
    });
    const user = await chooseFile('{"animals":[]}');
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The import was refused; nothing was saved.')).toBeTruthy();
    expect(screen.getByText('This cow number is already in the farm')).toBeTruthy();
  });
});
