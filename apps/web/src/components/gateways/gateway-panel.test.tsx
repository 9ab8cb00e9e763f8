import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appEvents } from '../../lib/event-bus';
import { fail, ok, stubFarmServer as server } from '../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../test/render';

const connection = {
  mqttUrl: 'mqtt://farm.example:1883',
  mqttHost: 'farm.example',
  mqttPort: 1883,
  topic: 'cowcare/KR/F-100/readings',
  httpPath: '/api/ingest/readings',
};

const barn = {
  id: 3,
  name: 'Barn 2',
  username: 'gw-f-100-0000abcd',
  online: true,
  lastSeenAt: new Date().toISOString(),
  lastAddress: '203.0.113.9',
  storedToday: 1440,
  refusedToday: 12,
  topRefusal: 'temp must be <= 45',
  firstReading: null,
  createdAt: '2026-11-20T08:00:00Z',
};

function farm(extra: Parameters<typeof server>[0] = {}) {
  return server({
    'GET sensors/list/KR/F-100': () => ok([]),
    'GET gateways/list/KR/F-100': () => ok({ gateways: [barn], connection }),
    ...extra,
  });
}

describe('the gateway list', () => {
  it("shows each gateway's state, where it was seen and today's traffic with the main refusal", async () => {
    farm();
    logIn();
    renderApp('/pages/index/step2');
    const row = within(await screen.findByTestId('gateway-row'));
    expect(row.getByText('Barn 2')).toBeTruthy();
    expect(row.getByText('gw-f-100-0000abcd')).toBeTruthy();
    expect(row.getByTestId('gateway-state').textContent).toBe('Online');
    expect(row.getByText(/from 203\.0\.113\.9/)).toBeTruthy();
    expect(row.getByTestId('gateway-today').textContent).toBe(
      'Stored today: 1440 · refused today: 12 (mostly: temp must be <= 45)',
    );
  });

  it('rotates a secret behind the boss password and shows the new one once', async () => {
    const api = farm({
      'POST common/common/verifybosspassword': ({ body }) =>
        (body as { password: string }).password === 'boss'
          ? ok({ grant: 'grant-1', expiresIn: 300 })
          : fail(403, 'E_BOSS_PASSWORD_INCORRECT'),
      'POST gateways/rotate/3': () => ok({ gateway: barn, secret: 'brand-new-secret' }),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/step2');
    await user.click(await screen.findByRole('button', { name: 'New secret' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Give "Barn 2" a new secret\?/)).toBeTruthy();
    await user.type(dialog.getByLabelText('Management password'), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByRole('alert')).toBeTruthy();
    expect(api.requests.some((request) => request.path === 'gateways/rotate/3')).toBe(false);
    await user.clear(dialog.getByLabelText('Management password'));
    await user.type(dialog.getByLabelText('Management password'), 'boss');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('gateway-secret')).textContent).toBe('brand-new-secret');
    const rotate = api.requests.find((request) => request.path === 'gateways/rotate/3');
    expect(rotate?.headers?.['x-boss-grant']).toBe('grant-1');
  });

  it('turns "waiting for the first reading" into the first reading by itself, from the socket', async () => {
    farm();
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/step2');
    await user.click(await screen.findByRole('button', { name: 'How to connect' }));
    const line = await screen.findByTestId('gateway-first-reading');
    expect(line.textContent).toBe('Waiting for the first reading…');
    expect(screen.queryByTestId('gateway-secret')).toBeNull();
    act(() =>
      appEvents.emit('socket_gatewayfirstreading', { gatewayId: 99, sensor: 1, at: '2026-11-28T10:00:00Z' }),
    );
    expect(line.textContent).toBe('Waiting for the first reading…');
    act(() =>
      appEvents.emit('socket_gatewayfirstreading', {
        gatewayId: 3,
        sensor: 40123,
        at: '2026-11-28T10:05:00Z',
      }),
    );
    await waitFor(() => expect(line.textContent).toMatch(/^First reading from sensor 40123 at /));
  });
});

describe('the addresses on "Connect your gateway"', () => {
  const openConnect = async () => {
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/step2');
    await user.click(await screen.findByRole('button', { name: 'How to connect' }));
    return screen.findByTestId('connect-gateway');
  };

  it('shows the plain MQTT address only, when the server has neither TLS nor WebSocket', async () => {
    farm();
    const shown = within(await openConnect());
    expect(shown.getByTestId('gateway-mqtt-url').textContent).toBe('mqtt://farm.example:1883');
    expect(shown.queryByTestId('gateway-mqtts-url')).toBeNull();
    expect(shown.queryByTestId('gateway-websocket-url')).toBeNull();
    expect(shown.queryByTestId('gateway-mosquitto-tls')).toBeNull();
  });

  it('shows the MQTTS and WebSocket addresses, each copyable, and a mosquitto_pub over TLS', async () => {
    farm({
      'GET gateways/list/KR/F-100': () =>
        ok({
          gateways: [barn],
          connection: {
            ...connection,
            mqttsUrl: 'mqtts://farm.example:8883',
            websocketUrl: 'wss://farm.example/mqtt',
          },
        }),
    });
    const shown = within(await openConnect());
    expect(shown.getByTestId('gateway-mqtts-url').textContent).toBe('mqtts://farm.example:8883');
    expect(shown.getByTestId('gateway-websocket-url').textContent).toBe('wss://farm.example/mqtt');
    for (const label of ['MQTT address', 'MQTTS address (MQTT with TLS)', 'MQTT over WebSocket address']) {
      expect(shown.getByRole('button', { name: `Copy ${label}` })).toBeTruthy();
    }
    expect(shown.getByTestId('gateway-mosquitto-tls').textContent).toMatch(
      /^mosquitto_pub -h farm\.example -p 8883 --capath \/etc\/ssl\/certs -u 'gw-f-100-0000abcd' -P "\$COWCARE_SECRET" -q 1 -t 'cowcare\/KR\/F-100\/readings' -m '\[/,
    );
  });
});

describe('the sensor page for staff', () => {
  it('shows the sensor inventory but no gateways, which are the owner’s (decision 0015)', async () => {
    const api = farm({
      'GET common/common/getckcomdata/F-100/KR': () =>
        ok({ sensors: [], totals: { neck: 0, pill: 0, online: 0, offline: 0 } }),
    });
    logIn({ ...demoUser, role: 'staff' });
    renderApp('/pages/index/ckcom');
    expect(await screen.findByRole('region', { name: 'Registered sensors' })).toBeTruthy();
    expect(screen.queryByTestId('gateway-row')).toBeNull();
    expect(api.requests.some((request) => request.path.startsWith('gateways/'))).toBe(false);
  });
});
