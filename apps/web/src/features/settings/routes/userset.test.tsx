import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_REPRODUCTION_KPI_TARGETS } from '@cowcare/domain/reproduction-kpi-targets';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

const defaults = { Ultrasonic: 40, Inspection: 60, Rectal: 60, Hormone: 51, External: 60 };

function server(extra: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    'GET user/user/getsetting/7/F-100': () => ok(defaults),
    'GET common/common/getbosspassword': () => ok({ isSet: true }),
    'GET kpis/reproduction/settings': () =>
      ok({ voluntaryWaitingDays: 60, targets: DEFAULT_REPRODUCTION_KPI_TARGETS }),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function openSettings() {
  logIn();
  renderApp('/pages/index/userset');
  return screen.findByRole<HTMLInputElement>('textbox', { name: 'Ultrasonic' });
}

describe('settings page', () => {
  it('shows the five pregnancy-check days from the server', async () => {
    server();
    const ultrasonic = await openSettings();
    expect(ultrasonic.value).toBe('40');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Inspection' }).value).toBe('60');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Rectal examination' }).value).toBe('60');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Hormone' }).value).toBe('51');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'External diagnosis' }).value).toBe('60');
  });

  it('refuses days outside 1..365 before asking for the boss password', async () => {
    server();
    const user = userEvent.setup();
    const ultrasonic = await openSettings();
    await user.clear(ultrasonic);
    await user.type(ultrasonic, '366');
    await user.clear(screen.getByRole('textbox', { name: 'Hormone' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findAllByText('Enter a whole number from 1 to 365')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the boss password is wrong, and saves nothing', async () => {
    const api = server({
      'POST common/common/verifybosspassword': () => fail(403, 'E_BOSS_PASSWORD_INCORRECT'),
    });
    const user = userEvent.setup();
    await openSettings();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Management password'), 'guess');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('The management password is incorrect.');
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('says so when the farm has no boss password', async () => {
    server({
      'GET common/common/getbosspassword': () => ok({ isSet: false }),
      'POST common/common/verifybosspassword': () => fail(400, 'E_BOSS_PASSWORD_NOT_SET'),
    });
    const user = userEvent.setup();
    await openSettings();
    expect(screen.getByText(/No management password has been set for this farm/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Management password'), 'anything');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect((await dialog.findByRole('alert')).textContent).toMatch(/No management password has been set/);
  });

  it('saves with the grant of a verified boss password', async () => {
    const api = server({
      'POST common/common/verifybosspassword': () =>
        ok({ grant: 'grant-xyz', expiresAt: '2030-01-01T00:00:00Z' }),
      'PUT user/user/getsetting/7/F-100': ({ body }) => ok(body),
    });
    const user = userEvent.setup();
    const ultrasonic = await openSettings();
    await user.clear(ultrasonic);
    await user.type(ultrasonic, '45');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Management password'), 'boss-pass');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Settings saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const verify = api.requests.find((r) => r.path === 'common/common/verifybosspassword');
    expect(verify?.body).toEqual({ password: 'boss-pass' });
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.headers['x-boss-grant']).toBe('grant-xyz');
    expect(put?.body).toEqual({ ...defaults, Ultrasonic: 45 });
  });
});
