import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { welcomeSeenBy, welcomeSeenOnDevice } from '../../../lib/welcome';
import { makeCow } from '../../../test/cows';
import { ok, stubFarmServer } from '../../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../../test/render';

const connection = {
  mqttUrl: 'mqtt://farm.example:1883',
  mqttHost: 'farm.example',
  mqttPort: 1883,
  topic: 'cowcare/KR/F-100/readings',
  httpPath: '/api/ingest/readings',
};

const barn = {
  id: 3,
  name: 'Barn 1',
  username: 'gw-f-100-0000abcd',
  online: true,
  lastSeenAt: '2026-11-20T09:00:00Z',
  lastAddress: '203.0.113.9',
  storedToday: 2,
  refusedToday: 0,
  topRefusal: null,
  firstReading: { sensor: 47001, at: '2026-11-20T09:00:00Z' },
  createdAt: '2026-11-20T08:00:00Z',
};

const sensor = (id: number, cow: { id: number; code: string } | null) => ({
  sensor: id,
  kind: id >= 40000 ? 'neck' : 'pill',
  cowId: cow?.id ?? null,
  cowCode: cow?.code ?? null,
  registeredAt: '2026-11-20T08:00:00Z',
  firstReadingAt: '2026-11-20T09:00:00Z',
  lastReadingAt: '2026-11-20T09:00:00Z',
});

describe('the welcome of a logged-in farmer', () => {
  it("shows how far the farm's setup has come from the server's data, and leads to the next step", async () => {
    const wearing = makeCow({ code: 'C7', sensor: 47001 });
    stubFarmServer({
      'GET gateways/list/KR/F-100': () => ok({ gateways: [barn], connection }),
      'GET sensors/list/KR/F-100': () => ok([sensor(47001, wearing), sensor(30001, null)]),
      'GET common/common/getCowsData/KR/F-100': () => ok([wearing, makeCow({ sensor: null })]),
    });
    logIn();
    renderApp('/pages/index/welcome');
    const progress = await screen.findByTestId('welcome-progress');
    expect(within(progress).getByText('5 of 5 done')).toBeTruthy();
    expect(within(progress).getByText('Gateways: 1')).toBeTruthy();
    expect(within(progress).getByText('Sensors: 2')).toBeTruthy();
    expect(within(progress).getByText(/^From sensor 47001, /)).toBeTruthy();
    expect(within(progress).getByText('1 of 2 cows wear a sensor')).toBeTruthy();
    // Set up: the way on is the cow list, no setup step is pressed on the farmer.
    expect(screen.queryByRole('link', { name: /the setup/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the cow list' }).getAttribute('href')).toBe('/');
    expect(welcomeSeenBy(demoUser.id)).toBe(true);
    expect(welcomeSeenOnDevice()).toBe(true);
  });

  it('a farm waiting for its first reading is sent on to step 2, and the undone parts link there', async () => {
    stubFarmServer({
      'GET gateways/list/KR/F-100': () => ok({ gateways: [{ ...barn, firstReading: null }], connection }),
      'GET sensors/list/KR/F-100': () => ok([{ ...sensor(47001, null), firstReadingAt: null }]),
      'GET common/common/getCowsData/KR/F-100': () => ok([]),
    });
    logIn();
    const { router } = renderApp('/pages/index/welcome');
    expect(await screen.findByText('3 of 5 done')).toBeTruthy();
    expect(screen.getByText('Waiting: connect the gateway and switch the sensors on.')).toBeTruthy();
    const items = screen.getAllByTestId('welcome-item');
    expect(items.map((item) => item.getAttribute('data-done'))).toEqual([
      'true',
      'true',
      'true',
      'false',
      'false',
    ]);
    expect(within(items[3] as HTMLElement).getByText('Not done yet:', { exact: false })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Continue the setup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/step2'));
  });

  it('is reachable again from the account page', async () => {
    stubFarmServer({ [`GET common/common/getKoUserDataById/${demoUser.id}`]: () => ok(demoUser) });
    logIn();
    renderApp('/pages/index/webuser');
    const link = await screen.findByRole('link', { name: 'Welcome and setup progress' });
    expect(link.getAttribute('href')).toBe('/pages/index/welcome');
  });
});
