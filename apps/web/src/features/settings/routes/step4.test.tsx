import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

describe('setup wizard, step 4: pregnancy-check days', () => {
  it('shows the settings form and finishes on the cow list', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
        'GET common/common/lgs/lgs': () => ok([]),
        'GET user/user/getsetting/7/F-100': () =>
          ok({ Ultrasonic: 40, Inspection: 60, Rectal: 60, Hormone: 51, External: 60 }),
        'GET common/common/getbosspassword': () => ok({ isSet: true }),
        'GET common/common/getCowsData/KR/F-100': () => ok([]),
      }).fetch,
    );
    const user = userEvent.setup();
    logIn();
    const { router } = renderApp('/pages/index/step4');
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Ultrasonic' })).value).toBe('40');
    await user.click(screen.getByRole('link', { name: 'Done: go to the cow list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
