import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PushDevice } from '@cowcare/contract/routes/push';
import { ok, stubFarmServer, type FakeRequest } from '../../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../../test/render';

const device = (id: number, label: string): PushDevice => ({
  id,
  label,
  service: 'fcm.googleapis.com',
  createdAt: '2026-11-20T06:00:00.000Z',
  lastSentAt: id === 1 ? '2026-11-28T04:10:00.000Z' : null,
});

const defaults = {
  codes: [101, 102, 202, 203, 501, 502, 701],
  quietHours: null,
  severeDuringQuietHours: true,
  timeZone: 'UTC',
};

describe('alerts on this phone', () => {
  it('are reached from the account page, list the devices and remove one', async () => {
    const removals: FakeRequest[] = [];
    let devices = [device(1, 'Android · Chrome'), device(2, 'Windows · Edge')];
    stubFarmServer({
      'GET common/common/getKoUserDataById/7': () => ok(demoUser),
      'GET push/push/devices': () => ok(devices),
      'GET push/push/choices': () => ok(defaults),
      'DELETE push/push/devices/2': (request) => {
        removals.push(request);
        devices = devices.filter(({ id }) => id !== 2);
        return ok({ removed: true });
      },
    });
    logIn();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/pages/index/webuser');
    await user.click(await screen.findByRole('link', { name: 'Alerts on this phone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/push'));
    const rows = await screen.findAllByTestId('push-device');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Android · Chrome'),
      expect.stringContaining('Windows · Edge'),
    ]);
    expect(rows[0]?.textContent).toContain('Last alert');
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('push-device')).toHaveLength(1));
    expect(removals).toHaveLength(1);
  });

  it('says plainly when this browser cannot be woken, and offers no button that would fail', async () => {
    stubFarmServer({ 'GET push/push/devices': () => ok([]), 'GET push/push/choices': () => ok(defaults) });
    logIn();
    renderApp('/pages/index/push');
    expect(
      await screen.findByText(/This browser cannot receive alerts while CowCare is closed/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get alerts on this device' })).toBeNull();
    expect(await screen.findByText('No device gets alerts yet.')).toBeTruthy();
  });

  it('saves what wakes the user, with quiet hours in this device’s time zone', async () => {
    const saves: FakeRequest[] = [];
    stubFarmServer({
      'GET push/push/devices': () => ok([]),
      'GET push/push/choices': () => ok(defaults),
      'PUT push/push/choices': (request) => {
        saves.push(request);
        return ok(request.body);
      },
    });
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/push');
    await user.click(await screen.findByRole('checkbox', { name: 'Estrus detected' }));
    await user.click(screen.getByRole('checkbox', { name: 'Slight fever' }));
    await user.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    await user.click(screen.getByRole('switch', { name: 'Severe fever and calving still wake me' }));
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.body).toEqual({
      codes: [102, 202, 203, 501, 502, 701, 201],
      quietHours: { start: '22:00', end: '06:00' },
      severeDuringQuietHours: false,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('offers staff no money notices: they never get them', async () => {
    stubFarmServer({ 'GET push/push/devices': () => ok([]), 'GET push/push/choices': () => ok(defaults) });
    logIn({ ...demoUser, role: 'staff' });
    renderApp('/pages/index/push');
    expect(await screen.findByRole('group', { name: 'Fever' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Account' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Low wallet balance' })).toBeNull();
  });
});
