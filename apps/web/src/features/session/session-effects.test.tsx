import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_CLOSE_CODES } from '@cowcare/contract/socket-messages';
import { hasAuthorization } from '../../lib/session';
import { notificationSocket } from '../../lib/socket';
import { fakeApi, ok, type FakeHandler } from '../../test/fake-api';
import { FakeWebSocket } from '../../test/fake-websocket';
import { demoUser, logIn, renderApp } from '../../test/render';

function server(extra: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    'GET common/common/getKoUserDataById/7': () => ok(demoUser),
    'POST login/login/logout': () => ok({ loggedOut: true }),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

/** The account page with the socket open, as after a login. */
async function openAccountWithSocket() {
  logIn();
  const view = renderApp('/pages/index/webuser');
  await screen.findByRole('textbox', { name: 'Name' });
  act(() => {
    notificationSocket.connect();
    FakeWebSocket.latest().open();
  });
  return view;
}

afterEach(() => notificationSocket.close());

describe('the server ending the login behind the socket (close code 4440)', () => {
  it('ends the session here and shows the login page, without refreshing or reconnecting', async () => {
    const api = server();
    const { router } = await openAccountWithSocket();
    const sockets = FakeWebSocket.instances.length;

    act(() => FakeWebSocket.latest().serverClose(SOCKET_CLOSE_CODES.loginRevoked));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/login'));
    expect(hasAuthorization()).toBe(false);
    expect(api.requests.filter((request) => request.path.startsWith('login/login/refreshToken'))).toEqual([]);
    expect(FakeWebSocket.instances).toHaveLength(sockets);
  });

  it('leaves a password change made here to its own dialog, though the socket closes before the answer', async () => {
    server({
      'PUT user/user/password': () => {
        // The server closes the socket of every login of the user before it answers the change.
        act(() => FakeWebSocket.latest().serverClose(SOCKET_CLOSE_CODES.loginRevoked));
        return ok({ changed: true });
      },
    });
    const user = userEvent.setup();
    const { router } = await openAccountWithSocket();
    const form = within(screen.getByRole('form', { name: 'Change password' }));
    await user.type(form.getByLabelText('Original password'), 'demo1234');
    await user.type(form.getByLabelText('New password'), 'new-pass-1');
    await user.type(form.getByLabelText('Confirm new password'), 'new-pass-1');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Your password has been changed. Click OK and log in again.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/index/webuser');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/login'));
    expect(hasAuthorization()).toBe(false);
  });
});
