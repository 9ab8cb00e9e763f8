import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { i18n, switchLanguage } from '../../../lib/i18n';
import { cowPageHandlers, makeCow } from '../../../test/cows';
import { hoursFrom, makeNotice } from '../../../test/notices';
import { fail, fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../../test/render';

function server(cow: Cow, extra: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    ...cowPageHandlers(cow),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function openCow(cow: Cow) {
  logIn();
  const view = renderApp(`/pages/index/cow?id=${cow.id}`);
  await screen.findByRole('heading', { name: cow.code });
  return view;
}

describe('cow detail', () => {
  it('shows identity, current values and links to history, family, records and camera', async () => {
    const cow = makeCow({
      id: 5,
      code: 'C5',
      status: '임신',
      parity: 3,
      typename: 'Breeding',
      sireCode: 'KPN1',
    });
    server(cow);
    await openCow(cow);
    expect(screen.getByText('Pregnancy')).toBeTruthy();
    expect(screen.getByText('Breeding')).toBeTruthy();
    expect(screen.getByText('KPN1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/pages/index/hsty?id=5');
    expect(screen.getByRole('link', { name: 'Family' }).getAttribute('href')).toBe(
      '/pages/index/cowsfml?id=5',
    );
    expect(screen.getByRole('link', { name: 'Add record' }).getAttribute('href')).toBe(
      '/pages/index/addhsty?id=5',
    );
    expect(screen.getByRole('link', { name: 'Health' }).getAttribute('href')).toBe(
      '/pages/index/addhsty?id=5&kind=health',
    );
    expect(screen.getByRole('link', { name: 'Camera' }).getAttribute('href')).toBe(
      '/pages/index/cowcamera?id=5',
    );
    expect(screen.getByRole('link', { name: 'Location' }).getAttribute('href')).toBe('/open-location?cow=5');
  });

  it("says a pill's temperature leaves the drinks out, and says nothing of drinks for a neck collar", async () => {
    const pill = makeCow({
      id: 7,
      code: 'C7',
      sensor: 20007,
      sensorKind: 'pill',
      temp_current: 39.1,
      temp_avg: 38.9,
    });
    server(pill);
    const view = await openCow(pill);
    // No tempadd of her own: the default, 0 (decision 0013).
    const now = within(screen.getByText('Now 39.10 °C · average 38.90 °C · offset 0.00 °C').parentElement!);
    expect(
      now.getByText('Pill: body temperature between drinks (the dips of cold water are left out)'),
    ).toBeTruthy();
    view.unmount();

    const neck = makeCow({ id: 8, code: 'C8', sensor: 40008, temp_current: 39.1, temp_avg: 38.9 });
    server(neck);
    await openCow(neck);
    expect(screen.getByText('Now 39.10 °C · average 38.90 °C · offset 0.00 °C')).toBeTruthy();
    expect(screen.queryByText(/body temperature between drinks/)).toBeNull();
  });

  it('writes her readings with the decimal comma of Portuguese, as the notices beside them do', async () => {
    const cow = makeCow({
      id: 9,
      code: 'C9',
      sensor: 20009,
      sensorKind: 'pill',
      temp_current: 39.17,
      temp_avg: 38.89,
      tempadd: 0.45,
      activity_current: 12.5,
      activity_avg: 10,
      drink: 9.3,
    });
    server(cow);
    await switchLanguage(i18n, 'pty');
    logIn({ ...demoUser, language: 'pty' });
    renderApp(`/pages/index/cow?id=${cow.id}`);
    await screen.findByRole('heading', { name: cow.code });
    expect(screen.getByText('Agora 39,17 °C · média 38,89 °C · ajuste 0,45 °C')).toBeTruthy();
    expect(screen.getByText('Últimas 2 horas 12,5 · habitual a estas horas 10,0')).toBeTruthy();
    expect(screen.getByText('Média de 7 dias: 9,3 por dia')).toBeTruthy();
    // Her deviation: 39.17 − 38.89 − 0.45 = −0.17.
    expect(screen.getByText('−0,2°')).toBeTruthy();
  });

  it('lists her recent alerts with their values, newest first, and marks one read when tapped', async () => {
    const cow = makeCow({ id: 5, code: 'C5' });
    const hoursAgo = (hours: number) => hoursFrom(Date.now(), -hours);
    const notice = (id: number, cowid: number, noticecode: number, time: string, details = {}) =>
      makeNotice({ id, cowid, noticecode, time, details });
    const fever = notice(1, 5, 202, hoursAgo(3), { temperature: 40.72, average: 39 });
    const api = server(cow, {
      'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () =>
        ok({
          list: [fever],
          all: [
            fever,
            notice(2, 6, 203, hoursAgo(1)), // another cow's
            notice(3, 5, 101, hoursAgo(40 * 24)), // older than 30 days
          ],
        }),
      'GET common/common/getNoticeDatab/KR/F-100/010-1234-5678': () =>
        ok({ listb: [], allb: [notice(4, 5, 602, hoursAgo(1), { expectedEstrusDate: '2025-06-20' })] }),
      'POST common/common/readnotice': () => ok({ updated: 1 }),
    });
    await openCow(cow);
    const alerts = within(await screen.findByTestId('cow-alerts'));
    const rows = alerts.getAllByTestId('notice-row');
    expect(rows.map((row) => row.getAttribute('data-notice-id'))).toEqual(['4', '1']);
    expect(alerts.getByText('40.7 °C, her average 39.0 °C')).toBeTruthy();
    await userEvent.click(rows[1] as HTMLElement);
    await waitFor(() =>
      expect(api.requests.find((request) => request.path === 'common/common/readnotice')?.body).toEqual({
        ids: [1],
      }),
    );
  });

  it('marks a heat going on and offers to record it from its onset, and the insemination in her window', async () => {
    const cow = makeCow({ id: 5, code: 'C5' });
    const onset = new Date(Date.now() - 15 * 3_600_000);
    const at = (hours: number) => hoursFrom(onset.getTime(), hours);
    const heat = makeNotice({
      id: 9,
      cowid: 5,
      noticecode: 101,
      time: at(6),
      details: { onset: at(0), windowStart: at(13), windowEnd: at(24), riseRatio: 2.4 },
    });
    server(cow, {
      'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () => ok({ list: [], all: [heat] }),
    });
    await openCow(cow);
    expect((await screen.findByTestId('heat-badge')).textContent).toBe('Inseminate now');
    const pad = (value: number) => String(value).padStart(2, '0');
    const local = `${onset.getFullYear()}-${pad(onset.getMonth() + 1)}-${pad(onset.getDate())}T${pad(onset.getHours())}:${pad(onset.getMinutes())}`;
    const link = screen.getByRole('link', { name: 'Record this heat' }).getAttribute('href') ?? '';
    expect(Object.fromEntries(new URL(link, 'http://app').searchParams)).toEqual({
      id: '5',
      kind: 'estrus',
      at: local,
    }); // Inside her window: the insemination is recorded as it is done, now.
    expect(screen.getByRole('link', { name: 'Record insemination' }).getAttribute('href')).toBe(
      '/pages/index/addhsty?id=5&kind=fertilization',
    );
  });

  it('says when she had no alerts lately', async () => {
    const cow = makeCow({ id: 5, code: 'C5' });
    server(cow);
    await openCow(cow);
    expect((await screen.findByTestId('cow-alerts-empty')).textContent).toBe('No alerts in the last 30 days');
  });

  it('says so for a cow of no farm of this user', async () => {
    server(makeCow({ id: 6 }), {
      'GET common/common/getDataById/cowinfo/99': () => fail(404, 'E_NOT_FOUND'),
    });
    logIn();
    renderApp('/pages/index/cow?id=99');
    expect(await screen.findByText('Cow not found')).toBeTruthy();
  });

  it('eliminates only after the confirmation and a verified boss password', async () => {
    const cow = makeCow({ id: 7, code: 'C7' });
    const api = server(cow, {
      'POST common/common/verifybosspassword': ({ body }) =>
        (body as { password: string }).password === 'boss-pass'
          ? ok({ grant: 'grant-1', expiresAt: '2030-01-01T00:00:00Z' })
          : fail(403, 'E_BOSS_PASSWORD_INCORRECT'),
      'PUT news/news/update/cowstatus/7': () =>
        ok({ ...cow, status: '도태', culledAt: '2025-01-01T00:00:00Z' }),
    });
    const user = userEvent.setup();
    await openCow(cow);
    await user.click(screen.getByRole('button', { name: 'Eliminate' }));

    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Eliminate C7?')).toBeTruthy();
    expect(
      dialog.getByText(/Do you want to eliminate this cow\?.*Restoring her requires customer service\./),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.some((r) => r.path.startsWith('news/news/update/cowstatus'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Eliminate' }));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Eliminate' }));

    dialog = within(await screen.findByRole('dialog', { name: 'Management password required' }));
    expect(dialog.getByText('This change needs the farm’s management password.')).toBeTruthy();
    await user.type(dialog.getByLabelText('Management password'), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('The management password is incorrect.');
    expect(api.requests.some((r) => r.path.startsWith('news/news/update/cowstatus'))).toBe(false);

    await user.clear(dialog.getByLabelText('Management password'));
    await user.type(dialog.getByLabelText('Management password'), 'boss-pass');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The cow has been eliminated')).toBeTruthy();
    const put = api.requests.find((r) => r.path === 'news/news/update/cowstatus/7');
    expect(put?.method).toBe('PUT');
    expect(put?.headers['x-boss-grant']).toBe('grant-1');
    expect(put?.body).toEqual({ action: 'eliminate' });
    // The page now shows her as eliminated, with no actions left.
    expect(await screen.findByText(/Only customer service can restore her/)).toBeTruthy();
  });

  it('changes a status by force with the support note in the confirmation', async () => {
    const cow = makeCow({ id: 8, code: 'C8', status: '포유' });
    const api = server(cow, {
      'POST common/common/verifybosspassword': () =>
        ok({ grant: 'grant-2', expiresAt: '2030-01-01T00:00:00Z' }),
      'PUT news/news/update/cowstatus/8': () => ok({ ...cow, status: '비육' }),
    });
    const user = userEvent.setup();
    await openCow(cow);
    await user.click(screen.getByRole('combobox', { name: 'New status' }));
    await user.click(await screen.findByRole('option', { name: 'Fattening' }));
    await user.click(screen.getByRole('button', { name: 'Change status by force' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(
      confirm.getByText(/change the status to Fattening by force\?.*recovery goes through support\./),
    ).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Change status by force' }));
    const boss = within(await screen.findByRole('dialog', { name: 'Management password required' }));
    await user.type(boss.getByLabelText('Management password'), 'boss');
    await user.click(boss.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Status changed')).toBeTruthy();
    expect(api.requests.find((r) => r.path === 'news/news/update/cowstatus/8')?.body).toEqual({
      action: 'forceChange',
      status: '비육',
    });
  });

  it('offers to end lactation only for a cow in lactation', async () => {
    const cow = makeCow({ id: 9, status: '임신' });
    server(cow);
    await openCow(cow);
    expect(screen.getByRole('button', { name: 'End lactation' }).hasAttribute('disabled')).toBe(true);
  });

  it('sets a reproduction date by hand and resets it to automatic', async () => {
    const cow = makeCow({ id: 10, code: 'C10', expectedDelivery: '2025-09-01', expectedDeliveryAuto: true });
    const api = server(cow, {
      'PUT news/news/update/cows/10': ({ body }) => {
        const { expectedDelivery } = body as { expectedDelivery: string | null };
        return ok({
          ...cow,
          expectedDelivery: expectedDelivery ?? '2025-09-01',
          expectedDeliveryAuto: expectedDelivery === null,
        });
      },
    });
    const user = userEvent.setup();
    await openCow(cow);
    const expected = () => screen.getByTestId('date-expectedDelivery').parentElement as HTMLElement;
    expect(within(expected()).getByText('Automatic')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Change Expected calving' }));
    const input = screen.getByLabelText<HTMLInputElement>('Set Expected calving by hand');
    await user.clear(input);
    await user.type(input, '2025-09-10');
    await user.click(screen.getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(within(expected()).getByText('Set by hand')).toBeTruthy());
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ expectedDelivery: '2025-09-10' });

    await user.click(screen.getByRole('button', { name: 'Change Expected calving' }));
    await user.click(screen.getByRole('button', { name: 'Reset to automatic' }));
    await waitFor(() => expect(within(expected()).getByText('Automatic')).toBeTruthy());
    expect(api.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ expectedDelivery: null });
  });
});

describe('editing cow info', () => {
  const herdWith = (cow: Cow, others: Cow[], notices: ReturnType<typeof makeNotice>[] = []) => ({
    'GET common/common/getCowsData/KR/F-100': () => ok([cow, ...others]),
    'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () => ok({ list: notices, all: [] }),
  });

  it('puts on her a sensor that reports with no cow, sending only what changed', async () => {
    const cow = makeCow({ id: 9, code: 'C9', sensor: null, sensorKind: null, sensorzt: 0 });
    const other = makeCow({ id: 2, code: 'C2', sensor: 40002 });
    const api = server(cow, {
      ...herdWith(
        cow,
        [other],
        [
          makeNotice({ cowid: null, sensor: 40777, noticecode: 703 }),
          makeNotice({ cowid: null, sensor: 40002, noticecode: 703 }),
        ],
      ),
      'PUT news/news/update/cows/9': ({ body }) =>
        ok({ ...cow, ...(body as Partial<Cow>), sensorKind: 'neck' }),
      'POST news/news/gpko/uplow/40777': () =>
        ok({ sensor: 40777, tempUp: null, tempLow: null, activityUp: null, activityLow: null }),
    });
    const user = userEvent.setup();
    await openCow(cow);
    // No sensor: a plain word instead of the chart calls' refusal.
    expect(screen.getByText('C9 wears no sensor')).toBeTruthy();
    expect(api.requests.some((request) => request.path.includes('gpko'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit cow info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit C9' });
    expect(within(dialog).getByText('Suggested: sensors that report with no cow wearing them')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('Sensor id', { selector: 'input' }));
    const suggestions = within(dialog).getByRole('listbox');
    expect(
      within(suggestions)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['40777']);
    await user.click(within(suggestions).getByRole('option', { name: '40777' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual(
      [{ sensor: 40777 }],
    );
    expect(await screen.findByText('Cow C9 saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('C9 wears no sensor')).toBeNull());
  });

  it('checks the fields as the server does, and shows its refusal by the field', async () => {
    const cow = makeCow({ id: 11, code: 'C11', sensor: 40011 });
    const other = makeCow({ id: 2, code: 'C2', sensor: 40002 });
    const api = server(cow, {
      ...herdWith(cow, [other]),
      'PUT news/news/update/cows/11': () =>
        fail(409, 'E_CONFLICT', { msg: 'This cow code is already in the farm' }),
    });
    const user = userEvent.setup();
    await openCow(cow);
    await user.click(screen.getByRole('button', { name: 'Edit cow info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit C11' });
    const field = (name: string) =>
      within(dialog).getByLabelText<HTMLInputElement>(new RegExp(`^${name.replace(/[()]/g, '\\$&')}`), {
        selector: 'input',
      });

    await user.clear(field('Sensor id'));
    await user.type(field('Sensor id'), '40002');
    await user.type(field('Temperature offset (°C)'), '2.5');
    await user.clear(field('Parity'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('This sensor is already worn by cow C2')).toBeTruthy();
    expect(
      within(dialog).getByText('The offset is a number from -2 to 2 with at most 2 decimals'),
    ).toBeTruthy();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.clear(field('Sensor id'));
    await user.clear(field('Temperature offset (°C)'));
    await user.type(field('Temperature offset (°C)'), '0,3');
    await user.type(field('Parity'), '2');
    await user.clear(field('Code'));
    await user.type(field('Code'), 'c77');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('This code is already used in the farm')).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      code: 'C77',
      sensor: null,
      parity: 2,
      tempadd: 0.3,
    });
  });

  it('offers no edit for a culled cow, which takes no change', async () => {
    const cow = makeCow({ id: 12, code: 'C12', status: '도태' });
    server(cow);
    await openCow(cow);
    expect(screen.queryByRole('button', { name: 'Edit cow info' })).toBeNull();
  });
});
