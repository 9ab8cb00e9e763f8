import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { Notice } from '@cowcare/contract/routes/notices';
import { notificationSocket } from '../../../lib/socket';
import { makeCow } from '../../../test/cows';
import { fail, fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../../test/render';

const base = 'KR/F-100/010-1234-5678';

/** Notice 703 as the ingest stores it: a sensor that reported with no cow wearing it. */
const unassigned = (sensor: number): Notice => ({
  id: 703_000 + sensor,
  cowid: null,
  code: null,
  sensor,
  noticecode: 703,
  time: new Date().toISOString(),
  group: '701-702-703',
  details: { sensor, readings: 12 },
  readed: 1,
});

function farm(notices: Notice[], herd: () => Cow[], extra: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    [`GET common/common/getNoticeData/${base}`]: () => ok({ list: notices, all: [] }),
    [`GET common/common/getNoticeDatab/${base}`]: () => ok({ listb: [], allb: [] }),
    [`GET common/common/getNoticeDatabtd/${base}`]: () => ok({ tdcnlist: [] }),
    'GET common/common/getCowsData/KR/F-100': () => ok(herd()),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

afterEach(() => notificationSocket.close());

const openAction = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Put on a cow' }));
  return screen.findByRole('dialog', { name: 'Put sensor 47123 on a cow' });
};

describe('"put on a cow" on a 703 notice', () => {
  it('puts the sensor on the cow picked by her code; the notice then says which cow wears it', async () => {
    let herd = [
      makeCow({ id: 12, code: 'C12', sensor: null }),
      makeCow({ id: 30, code: 'C30', sensor: 47002 }),
    ];
    const api = farm([unassigned(47123)], () => herd, {
      'PUT news/news/update/cows/12': (request) => {
        herd = herd.map((cow) => (cow.id === 12 ? { ...cow, sensor: 47123 } : cow));
        expect(request.body).toEqual({ sensor: 47123 });
        return ok(herd[0]);
      },
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/notice');
    const dialog = await openAction(user);
    expect(within(dialog).getByText(/^Neck 47123 sends readings, but no cow wears it/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Cow', { selector: 'input' }), 'C12');
    await user.click(await screen.findByRole('option', { name: 'C12' }));
    await user.click(within(dialog).getByRole('button', { name: 'Put it on C12' }));

    expect(await screen.findByText('Sensor 47123 is now on cow C12')).toBeTruthy();
    expect((await screen.findByTestId('notice-sensor-worn')).textContent).toBe('Now on cow C12');
    expect(screen.queryByRole('button', { name: 'Put on a cow' })).toBeNull();
    expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('lets staff do it too, and says a cow that wears another sensor has it replaced', async () => {
    const herd = [makeCow({ id: 30, code: 'C30', sensor: 47002 })];
    farm([unassigned(47123)], () => herd, {
      'PUT news/news/update/cows/30': () => ok({ ...herd[0], sensor: 47123 }),
    });
    const user = userEvent.setup();
    logIn({ ...demoUser, role: 'staff' });
    renderApp('/pages/index/notice');
    const dialog = await openAction(user);
    await user.click(within(dialog).getByLabelText('Cow', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'C30 · wears 47002' }));
    expect(
      within(dialog).getByText('C30 wears sensor 47002 now: sensor 47123 takes its place.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Put it on C30' }));
    expect(await screen.findByText('Sensor 47123 is now on cow C30')).toBeTruthy();
  });

  it("shows the server's refusal in the dialog and keeps it open: a sensor another farm registered", async () => {
    const herd = [makeCow({ id: 12, code: 'C12', sensor: null })];
    farm([unassigned(47123)], () => herd, {
      'PUT news/news/update/cows/12': () =>
        fail(409, 'E_SENSOR_OTHER_FARM', { msg: 'Sensor 47123 is registered by another farm' }),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/notice');
    const dialog = await openAction(user);
    await user.click(within(dialog).getByRole('button', { name: 'Put it on the cow' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Pick a cow first.');
    await user.type(within(dialog).getByLabelText('Cow', { selector: 'input' }), 'C1');
    await user.click(await screen.findByRole('option', { name: 'C12' }));
    await user.click(within(dialog).getByRole('button', { name: 'Put it on C12' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toMatch(
        /^This sensor is registered by another farm/,
      ),
    );
    expect(screen.getByRole('button', { name: 'Put on a cow' })).toBeTruthy();
  });
});
