import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../../test/render';

describe('setup wizard, step 1: the farm', () => {
  it('shows the farm number, country and city, saves name, phone and city, then goes to the sensors', async () => {
    const api = fakeApi({
      'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
      'GET common/common/lgs/lgs': () => ok([]),
      'GET common/common/getKoUserDataById/7': () => ok(demoUser),
      'PUT user/user': ({ body }) => ok({ ...demoUser, ...(body as object) }),
      'GET common/common/getCowsData/KR/F-100': () => ok([]),
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    logIn();
    const { router } = renderApp('/pages/index/step1');
    expect((await screen.findByTestId('farm-number')).textContent).toBe('F-100');
    expect(screen.getByText('South Korea')).toBeTruthy();
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Park Farm');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/step2'));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      id: 7,
      name: 'Park Farm',
      phone: demoUser.phone,
      city: demoUser.city,
    });
  });

  it('goes on to the sensors without saving when the farm details are unchanged', async () => {
    const api = fakeApi({
      'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
      'GET common/common/lgs/lgs': () => ok([]),
      'GET common/common/getKoUserDataById/7': () => ok(demoUser),
      'GET common/common/getCowsData/KR/F-100': () => ok([]),
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    logIn();
    const { router } = renderApp('/pages/index/step1');
    await screen.findByTestId('farm-number');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/step2'));
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
