import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { fail, fakeApi, ok } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

describe('force-update page', () => {
  it('opens when the server requires a newer version, showing required and current versions', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST common/common/farmdatarun': () => fail(409, 'E_UPVERSION', { upversion: '1.6.0' }),
        'GET common/common/lgs/lgs': () => ok([]),
        'GET common/common/getbosspassword': () => fail(409, 'E_UPVERSION', { upversion: '1.6.0' }),
      }).fetch,
    );
    logIn();
    const { router } = renderApp('/pages/index/data');
    await screen.findByRole('heading', { name: 'Herd data' });
    await expect(call(api.system.bossPasswordStatus)).rejects.toMatchObject({ code: 'E_UPVERSION' });
    expect(await screen.findByRole('heading', { name: 'Update required' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/login/version');
    expect(screen.getByTestId('required-version').textContent).toBe('1.6.0');
    expect(screen.getByTestId('current-version').textContent).toBe('1.5.90');
  });
});
