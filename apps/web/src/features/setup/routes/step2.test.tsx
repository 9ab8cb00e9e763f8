import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFarmServer as server } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

const connection = {
  mqttUrl: 'mqtt://farm.example:1883',
  mqttHost: 'farm.example',
  mqttPort: 1883,
  topic: 'cowcare/KR/F-100/readings',
  httpPath: '/api/ingest/readings',
};

const gateway = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  username: `gw-f-100-0000000${id}`,
  online: false,
  lastSeenAt: null,
  lastAddress: null,
  storedToday: 0,
  refusedToday: 0,
  topRefusal: null,
  firstReading: null,
  createdAt: '2026-11-20T08:00:00Z',
  ...extra,
});

const inventoryRow = (sensor: number, cowCode: string | null = null) => ({
  sensor,
  kind: sensor >= 40000 ? 'neck' : 'pill',
  cowId: cowCode ? 1 : null,
  cowCode,
  registeredAt: '2026-11-20T08:00:00Z',
  firstReadingAt: null,
  lastReadingAt: null,
});

describe('setup wizard, step 2: sensors and gateways on the server', () => {
  it('registers typed sensors on the server and shows the ones it could not take', async () => {
    let inventory = [inventoryRow(40001, 'C1')];
    const api = server({
      'GET sensors/list/KR/F-100': () => ok(inventory),
      'GET gateways/list/KR/F-100': () => ok({ gateways: [], connection }),
      'POST sensors/add/KR/F-100': ({ body }) => {
        const sensors = (body as { sensors: number[] }).sensors;
        inventory = [...inventory, ...sensors.map((sensor) => inventoryRow(sensor))];
        return ok({ registered: sensors, alreadyRegistered: [] });
      },
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/step2');
    expect(await screen.findByText('Neck collar: id 40000 or above')).toBeTruthy();
    await user.type(await screen.findByLabelText(/Sensor ids/), '40002 1203 40001 x1');
    await user.click(screen.getByRole('button', { name: 'Add sensors' }));
    await waitFor(() => expect(screen.getAllByTestId('setup-sensor')).toHaveLength(3));
    expect(api.requests.find((request) => request.path === 'sensors/add/KR/F-100')?.body).toEqual({
      sensors: [40002, 1203],
    });
    expect(screen.getAllByTestId('setup-sensor').map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^40001Neckon cow C1/),
      expect.stringMatching(/^40002Necknot on a cow yet/),
      expect.stringMatching(/^1203Pillnot on a cow yet/),
    ]);
    const alert = within(screen.getByText('Not added').closest('[role="alert"]') as HTMLElement);
    expect(alert.getByText(/This sensor is already worn by cow C1/)).toBeTruthy();
    expect(alert.getByText(/The sensor id is a number/)).toBeTruthy();
  });

  it('says so when another farm registered a sensor', async () => {
    server({
      'GET sensors/list/KR/F-100': () => ok([]),
      'GET gateways/list/KR/F-100': () => ok({ gateways: [], connection }),
      'POST sensors/add/KR/F-100': () =>
        fail(409, 'E_SENSOR_OTHER_FARM', { msg: 'Sensor 40009 is registered by another farm.' }),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/step2');
    await user.type(await screen.findByLabelText(/Sensor ids/), '40009');
    await user.click(screen.getByRole('button', { name: 'Add sensors' }));
    expect(await screen.findByText(/This sensor is registered by another farm.*Sensor 40009/)).toBeTruthy();
  });

  it('adds a gateway, shows its secret once with the connection settings, and waits for its first reading', async () => {
    let gateways: ReturnType<typeof gateway>[] = [];
    server({
      'GET sensors/list/KR/F-100': () => ok([]),
      'GET gateways/list/KR/F-100': () => ok({ gateways, connection }),
      'POST gateways/add/KR/F-100': ({ body }) => {
        const made = gateway(7, (body as { name: string }).name);
        gateways = [made];
        return ok({ gateway: made, secret: 'the-one-time-secret' });
      },
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/step2');
    expect(await screen.findByTestId('gateways-empty')).toBeTruthy();
    await user.type(screen.getByLabelText('Gateway name'), 'Barn 1');
    await user.click(screen.getByRole('button', { name: 'Add gateway' }));
    const screenOf = within(await screen.findByTestId('connect-gateway'));
    expect(screenOf.getByText('Connect your gateway')).toBeTruthy();
    expect(screenOf.getByTestId('gateway-username').textContent).toBe('gw-f-100-00000007');
    expect(screenOf.getByTestId('gateway-secret').textContent).toBe('the-one-time-secret');
    expect(screenOf.getByRole('img', { name: 'QR code with the gateway settings' })).toBeTruthy();
    expect(screenOf.getByTestId('gateway-host').textContent).toBe('farm.example');
    expect(screenOf.getByTestId('gateway-topic').textContent).toBe('cowcare/KR/F-100/readings');
    const command = screenOf.getByTestId('gateway-mosquitto').textContent ?? '';
    expect(command).toContain("-u 'gw-f-100-00000007'");
    expect(command).toContain('-q 1');
    expect(command).not.toContain('the-one-time-secret');
    expect(screenOf.getByTestId('gateway-curl').textContent).toContain('/api/ingest/readings');
    expect(screenOf.getByText('Waiting for the first reading…')).toBeTruthy();
    // Done: back to the list, the secret gone from the page.
    await user.click(screenOf.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Barn 1')).toBeTruthy();
    expect(screen.queryByText('the-one-time-secret')).toBeNull();
  });
});
