import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { CowHistoryItem } from '@cowcare/contract/routes/cows';
import type { HealthCase } from '@cowcare/contract/routes/health';
import { cowPageHandlers, makeCow } from '../../test/cows';
import { fail, fakeApi, ok, type FakeHandler, type FakeRequest } from '../../test/fake-api';
import { farmSettings, recordDictionary } from '../../test/records';
import { logIn, renderApp } from '../../test/render';

/** A moment on the device's clock, as the server sends it (ISO, UTC). */
const moment = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute).toISOString();

const by = 'Demo Farmer';
const estrus = (overrides: Partial<Extract<CowHistoryItem, { kind: 'estrus' }>> = {}): CowHistoryItem => ({
  kind: 'estrus',
  id: 11,
  time: moment(2025, 3, 1, 6, 0),
  by,
  memo: 'standing heat',
  nextExpectedEstrus: '2025-03-25',
  nextExpectedEstrusAuto: false,
  ...overrides,
});
const fertilization = (
  overrides: Partial<Extract<CowHistoryItem, { kind: 'fertilization' }>> = {},
): CowHistoryItem => ({
  kind: 'fertilization',
  id: 12,
  time: moment(2025, 3, 2, 9, 30),
  by,
  method: 'artificial-insemination',
  actualMethod: null,
  sireCode: 'KPN1180',
  memo: '',
  effectiveServiceDate: '2025-03-03',
  pregnancyCheckMethod: 'ultrasonic',
  pregnancyCheckDate: '2025-04-17',
  pregnancyCheckAuto: true,
  ...overrides,
});
const pregnancy = (
  overrides: Partial<Extract<CowHistoryItem, { kind: 'pregnancy' }>> = {},
): CowHistoryItem => ({
  kind: 'pregnancy',
  id: 13,
  time: moment(2025, 4, 17, 10, 0),
  by,
  method: 'ultrasonic',
  result: 'pregnant',
  memo: '',
  expectedCalving: '2025-12-13',
  expectedCalvingAuto: true,
  nextExpectedEstrus: null,
  nextExpectedEstrusAuto: true,
  ...overrides,
});
const calving = (overrides: Partial<Extract<CowHistoryItem, { kind: 'calving' }>> = {}): CowHistoryItem => ({
  kind: 'calving',
  id: 14,
  time: moment(2025, 1, 10, 4, 0),
  by,
  method: 'normal',
  result: 'cow',
  memo: '',
  expectedEstrus: '2025-03-11',
  expectedEstrusAuto: true,
  calfId: 77,
  ...overrides,
});
const healthCase = (
  overrides: Partial<Extract<CowHistoryItem, { kind: 'healthCase' }>> = {},
): CowHistoryItem => ({
  kind: 'healthCase',
  id: 15,
  time: '2025-02-03T00:00:00.000Z',
  by,
  diagnosedOn: '2025-02-03',
  diseaseCode: 'foot-and-mouth',
  diagnosis: 'left hind foot',
  prescribedOn: '2025-02-04',
  prescription: 'Oxytetracycline',
  memo: '',
  fileCount: 0,
  ...overrides,
});

const healthCaseOf = (item: CowHistoryItem, cowId: number): HealthCase => {
  if (item.kind !== 'healthCase') throw new Error('not a health case');
  return {
    id: item.id,
    cowId,
    diagnosedOn: item.diagnosedOn,
    diseaseCode: item.diseaseCode,
    diagnosisText: item.diagnosis,
    prescribedOn: item.prescribedOn,
    prescription: item.prescription,
    memo: item.memo,
    files: [],
    createdAt: '2025-02-03T08:00:00.000Z',
    updatedAt: '2025-02-03T08:00:00.000Z',
  };
};

/**
 * The cow's farm with her history as the server keeps it: an update handler gives the record and the cow
 * as the server would after recomputing, and both are served from then on.
 */
function farm(start: { cow: Cow; history: CowHistoryItem[] }, updates: Record<string, FakeHandler> = {}) {
  const state = { cow: start.cow, history: start.history };
  const api = fakeApi({
    ...cowPageHandlers(start.cow),
    [`GET common/common/getDataById/cowinfo/${start.cow.id}`]: () => ok(state.cow),
    'GET common/common/getCowsData/KR/F-100': () => ok([state.cow]),
    'GET common/common/dict/getconfigdict/cows': () => ok(recordDictionary),
    'GET user/user/getsetting/7/F-100': () => ok(farmSettings),
    [`GET common/common/getcowhistory/${start.cow.id}`]: () => ok(state.history),
    [`GET news/news/healthcases/${start.cow.id}`]: () =>
      ok(
        state.history
          .filter((item) => item.kind === 'healthCase')
          .map((item) => healthCaseOf(item, start.cow.id)),
      ),
    [`GET common/common/getCowFamily/${start.cow.id}`]: () => ok({ dam: null, calves: [] }),
    ...updates,
  });
  vi.stubGlobal('fetch', api.fetch);
  /** Replaces a record of the history and, when given, the cow: what the server now has. */
  const save = (item: CowHistoryItem, cow?: Cow) => {
    state.history = state.history.map((old) => (old.kind === item.kind && old.id === item.id ? item : old));
    if (cow) state.cow = cow;
  };
  return { api, save };
}

const sent = (requests: FakeRequest[], path: string) =>
  requests.filter((request) => request.method === 'PUT' && request.path === path).map((r) => r.body);

async function openHistory(cow: Cow) {
  logIn();
  const view = renderApp(`/pages/index/hsty?id=${cow.id}`);
  await screen.findByRole('heading', { name: 'Cow history' });
  return view;
}

/** Taps a record's Edit on the history and waits for its form, filled. */
async function edit(kind: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('link', { name: `Edit this ${kind} record` }));
  await screen.findByRole('heading', { name: 'Edit record' });
  await screen.findByRole('button', { name: 'Save record' });
  return user;
}

const value = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label).value;
/** The history page once it shows (after a save it loads again). */
const timeline = async () =>
  (await screen.findByRole('heading', { name: 'Cow history' })).closest('main') ?? document.body;

describe('editing a record from the cow history', () => {
  it('changes an estrus: only what changed is sent, a hand-set next heat goes back to automatic', async () => {
    const cow = makeCow({ id: 31, code: 'C31', expectedEstrus: '2025-03-25', expectedEstrusAuto: false });
    const { api, save } = farm(
      { cow, history: [estrus()] },
      {
        'PUT news/news/update/estrus/11': ({ body }) => {
          const record = estrus({
            ...(body as object),
            nextExpectedEstrus: '2025-03-22',
            nextExpectedEstrusAuto: true,
          });
          const moved = { ...cow, expectedEstrus: '2025-03-22', expectedEstrusAuto: true };
          save(record, moved);
          return ok({ record, cow: moved });
        },
      },
    );
    const { router } = await openHistory(cow);
    const user = await edit('Estrus');
    expect(value(/Estrus time/)).toBe('2025-03-01T06:00');
    expect(value('Memo')).toBe('standing heat');
    expect(value('Next expected estrus')).toBe('2025-03-25');
    expect(screen.getByText('Set by hand')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Use the automatic date' }));
    // The estrus day + 21, as the server will compute it.
    expect(value('Next expected estrus')).toBe('2025-03-22');
    await user.click(screen.getByRole('button', { name: 'Save record' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/hsty'));
    expect(sent(api.requests, 'news/news/update/estrus/11')).toEqual([{ nextExpectedEstrus: null }]);
    expect(await within(await timeline()).findByText(/Mar 22, 2025 \(Automatic\)/)).toBeTruthy();
  });

  it('moves a fertilization: the history and the cow page show the pregnancy check the server recomputed', async () => {
    const cow = makeCow({
      id: 32,
      code: 'C32',
      status: '임신감정',
      lastFertilization: '2025-03-02',
      pregnancyTest: '2025-04-17',
    });
    const { api, save } = farm(
      { cow, history: [fertilization()] },
      {
        'PUT news/news/update/fertilization/12': () => {
          const record = fertilization({
            time: moment(2025, 3, 4, 9, 30),
            effectiveServiceDate: '2025-03-05',
            pregnancyCheckDate: '2025-04-19',
          });
          const moved = { ...cow, lastFertilization: '2025-03-04', pregnancyTest: '2025-04-19' };
          save(record, moved);
          return ok({ record, cow: moved });
        },
      },
    );
    const { router } = await openHistory(cow);
    expect(await within(await timeline()).findByText(/Apr 17, 2025/)).toBeTruthy();
    const user = await edit('Fertilization');
    expect(value(/Fertilization time/)).toBe('2025-03-02T09:30');
    expect(value(/Fertilization method/)).toBe('artificial-insemination');
    expect(value('Bull or semen code')).toBe('KPN1180');
    expect(value('Pregnancy check method')).toBe('ultrasonic');
    // Service 03-03 + the farm's 45 ultrasonic days.
    expect(value('Pregnancy check date')).toBe('2025-04-17');

    fireEvent.change(screen.getByLabelText(/Fertilization time/), { target: { value: '2025-03-04T09:30' } });
    expect(value('Service date (scheduled)')).toBe('2025-03-05');
    expect(value('Pregnancy check date')).toBe('2025-04-19');
    await user.click(screen.getByRole('button', { name: 'Save record' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/hsty'));
    const [body] = sent(api.requests, 'news/news/update/fertilization/12') as Record<string, unknown>[];
    // The automatic check date is the server's to recompute; nothing else changed.
    expect(Object.keys(body ?? {})).toEqual(['plannedAt']);
    expect(body?.plannedAt).toMatch(/^2025-03-04T09:30:00[+-]\d{2}:\d{2}$/);
    expect(await within(await timeline()).findByText(/Apr 19, 2025/)).toBeTruthy();
    expect(within(await timeline()).queryByText(/Apr 17, 2025/)).toBeNull();

    await act(() => router.navigate(`/pages/index/cow?id=${cow.id}`));
    await screen.findByRole('heading', { name: 'C32' });
    expect(screen.getByTestId('date-pregnancyTest').textContent).toBe('Apr 19, 2025');
    expect(screen.getByText('Mar 4, 2025')).toBeTruthy();
  });

  it("changes a diagnosis's result: the history shows the new result and the next heat it brings", async () => {
    const cow = makeCow({ id: 33, code: 'C33', status: '임신', expectedDelivery: '2025-12-13' });
    const { api, save } = farm(
      { cow, history: [pregnancy()] },
      {
        'PUT news/news/update/pregnancy/13': () => {
          const record = pregnancy({
            result: 'unpregnant',
            expectedCalving: null,
            nextExpectedEstrus: '2025-05-08',
          });
          const moved = { ...cow, status: '발정탐지', expectedDelivery: null, expectedEstrus: '2025-05-08' };
          save(record, moved);
          return ok({ record, cow: moved });
        },
      },
    );
    const { router } = await openHistory(cow);
    const user = await edit('Pregnancy diagnosis');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Pregnant' }).checked).toBe(true);
    expect(value(/Diagnosis method/)).toBe('ultrasonic');
    await user.click(screen.getByRole('radio', { name: 'Not pregnant' }));
    await user.click(screen.getByRole('button', { name: 'Save record' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/hsty'));
    expect(sent(api.requests, 'news/news/update/pregnancy/13')).toEqual([{ result: 'unpregnant' }]);
    expect(await within(await timeline()).findByText('Not pregnant')).toBeTruthy();
    expect(within(await timeline()).getByText(/May 8, 2025 \(Automatic\)/)).toBeTruthy();
    expect(within(await timeline()).queryByText(/Dec 13, 2025/)).toBeNull();
  });

  it('changes a calving whose calf is registered: its result stays, the calf part is not offered again', async () => {
    const cow = makeCow({ id: 34, code: 'C34', status: '포유', recentChildbirth: '2025-01-10' });
    const { api, save } = farm(
      { cow, history: [calving()] },
      {
        'PUT news/news/update/calving/14': () => {
          const record = calving({ method: 'abnormal' });
          save(record);
          return ok({ record, cow });
        },
      },
    );
    const { router } = await openHistory(cow);
    const user = await edit('Calving');
    expect(value(/Calving time/)).toBe('2025-01-10T04:00');
    expect(screen.getByLabelText<HTMLSelectElement>(/Calving result/).disabled).toBe(true);
    expect(screen.getByText(/The calf is registered as a cow of the farm/)).toBeTruthy();
    expect(screen.queryByLabelText(/Calf code/)).toBeNull();
    expect(value('Expected estrus after calving')).toBe('2025-03-11');

    await user.selectOptions(screen.getByLabelText(/Calving method/), 'abnormal');
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/hsty'));
    expect(sent(api.requests, 'news/news/update/calving/14')).toEqual([{ method: 'abnormal' }]);
    expect(await within(await timeline()).findByText('Abnormal')).toBeTruthy();
  });

  it('changes a health case: an emptied prescription date is cleared; its files stay on the history', async () => {
    const cow = makeCow({ id: 35, code: 'C35' });
    const { api, save } = farm(
      { cow, history: [healthCase()] },
      {
        'PUT news/news/update/healthcase/15': ({ body }) => {
          const change = body as { prescription: string };
          const record = healthCase({ prescribedOn: null, prescription: change.prescription });
          save(record);
          return ok(healthCaseOf(record, cow.id));
        },
      },
    );
    const { router } = await openHistory(cow);
    const user = await edit('Health case');
    expect(value('Disease')).toBe('foot-and-mouth');
    expect(value('Diagnosis in your words')).toBe('left hind foot');
    expect(value('Prescription date')).toBe('2025-02-04');
    expect(document.querySelector('input[type="file"]')).toBeNull();

    fireEvent.change(screen.getByLabelText('Prescription date'), { target: { value: '' } });
    await user.clear(screen.getByLabelText('Prescription'));
    await user.type(screen.getByLabelText('Prescription'), 'Penicillin');
    await user.click(screen.getByRole('button', { name: 'Save record' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/hsty'));
    expect(sent(api.requests, 'news/news/update/healthcase/15')).toEqual([
      { prescribedOn: null, prescription: 'Penicillin' },
    ]);
    expect(await within(await timeline()).findByText('Penicillin')).toBeTruthy();
  });

  it("shows the server's refusal under the form and stays on it", async () => {
    const cow = makeCow({ id: 36, code: 'C36', status: '임신' });
    const { api } = farm(
      { cow, history: [fertilization(), pregnancy()] },
      {
        'PUT news/news/update/fertilization/12': () =>
          fail(409, 'E_CONFLICT', {
            msg: 'The pregnant diagnosis of 2025-04-17 counts its expected calving from this fertilization',
          }),
      },
    );
    const { router } = await openHistory(cow);
    const user = await edit('Fertilization');
    fireEvent.change(screen.getByLabelText(/Fertilization time/), { target: { value: '2025-04-20T09:30' } });
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    const form = screen.getByRole('form', { name: 'Fertilization' });
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(router.state.location.search).toContain('record=12');
    expect(sent(api.requests, 'news/news/update/fertilization/12')).toHaveLength(1);
  });

  it('says so when the record is no longer there', async () => {
    const cow = makeCow({ id: 37, code: 'C37' });
    farm({ cow, history: [estrus()] });
    logIn();
    renderApp(`/pages/index/addhsty?id=37&kind=estrus&record=99`);
    expect(await screen.findByText('This record is no longer here')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save record' })).toBeNull();
  });

  it('offers no edit on a culled cow', async () => {
    const cow = makeCow({ id: 38, code: 'C38', status: '도태', culledAt: '2025-05-01T00:00:00Z' });
    farm({ cow, history: [estrus()] });
    await openHistory(cow);
    await within(await timeline()).findByText('standing heat');
    expect(screen.queryByRole('link', { name: 'Edit this Estrus record' })).toBeNull();
  });
});
