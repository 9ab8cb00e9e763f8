import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { hasAuthorization, readSession } from '../../../lib/session';
import { fail, fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../../test/render';

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

const calls = (api: ReturnType<typeof server>, what: string) =>
  api.requests.filter((r) => `${r.method} ${r.path}` === what);

async function openAccount() {
  logIn();
  const view = renderApp('/pages/index/webuser');
  await screen.findByRole('textbox', { name: 'Name' });
  return view;
}

function passwordForm() {
  return within(screen.getByRole('form', { name: 'Change password' }));
}

async function typePasswords(
  user: ReturnType<typeof userEvent.setup>,
  original: string,
  next: string,
  confirm: string,
) {
  const form = passwordForm();
  await user.type(form.getByLabelText('Original password'), original);
  await user.type(form.getByLabelText('New password'), next);
  await user.type(form.getByLabelText('Confirm new password'), confirm);
  await user.click(form.getByRole('button', { name: 'Change password' }));
}

describe('account page', () => {
  it('shows the profile with username, farm number and country, and saves edits', async () => {
    const api = server({
      'PUT user/user': ({ body }) => ok({ ...demoUser, ...(body as object) }),
    });
    const user = userEvent.setup();
    await openAccount();
    expect(screen.getByTestId('profile-username').textContent).toBe('demo');
    expect(screen.getByTestId('profile-farm-number').textContent).toBe('F-100');
    expect(screen.getByText(/South Korea/)).toBeTruthy();

    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Kim Farmer');
    await user.clear(screen.getByRole('textbox', { name: 'City' }));
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Gimje');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(calls(api, 'PUT user/user')).toHaveLength(1));
    expect(calls(api, 'PUT user/user')[0]?.body).toEqual({
      id: 7,
      name: 'Kim Farmer',
      phone: '010-1234-5678',
      city: 'Gimje',
    });
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    expect(readSession()?.user?.name).toBe('Kim Farmer');
  });

  it('checks the profile fields against the contract before sending', async () => {
    const api = server();
    const user = userEvent.setup();
    await openAccount();
    await user.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), 'call me');
    await user.type(
      screen.getByRole('textbox', { name: 'Avatar picture address' }),
      'http://old.example/a.png',
    );
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Use digits, spaces and hyphens, with an optional leading +'),
    ).toBeTruthy();
    expect(screen.getByText('Enter an address starting with https://')).toBeTruthy();
    expect(calls(api, 'PUT user/user')).toHaveLength(0);
  });

  it('refuses two different new passwords without asking the server', async () => {
    const api = server();
    const user = userEvent.setup();
    await openAccount();
    await typePasswords(user, 'demo1234', 'new-pass-1', 'new-pass-2');
    expect(passwordForm().getByRole('alert').textContent).toBe(
      'The new password you entered twice is different. Please re-enter.',
    );
    expect(calls(api, 'PUT user/user/password')).toHaveLength(0);
  });

  it('refuses a new password equal to the original without asking the server', async () => {
    const api = server();
    const user = userEvent.setup();
    await openAccount();
    await typePasswords(user, 'demo1234', 'demo1234', 'demo1234');
    expect(passwordForm().getByRole('alert').textContent).toBe(
      'The new password cannot be the same as the original one. Please re-enter.',
    );
    expect(calls(api, 'PUT user/user/password')).toHaveLength(0);
  });

  it('shows the server verdict on a wrong original password', async () => {
    server({ 'PUT user/user/password': () => fail(400, 'E_ORIGINAL_PASSWORD_INCORRECT') });
    const user = userEvent.setup();
    await openAccount();
    await typePasswords(user, 'not-mine', 'new-pass-1', 'new-pass-1');
    expect((await passwordForm().findByRole('alert')).textContent).toBe(
      'The original password is incorrect. Please re-enter.',
    );
  });

  it('after a change, asks to click OK and log in again, then logs out', async () => {
    const api = server({ 'PUT user/user/password': () => ok({ changed: true }) });
    const user = userEvent.setup();
    const { router } = await openAccount();
    await typePasswords(user, 'demo1234', 'new-pass-1', 'new-pass-1');
    expect(
      await screen.findByText('Your password has been changed. Click OK and log in again.'),
    ).toBeTruthy();
    expect(calls(api, 'PUT user/user/password')[0]?.body).toEqual({
      original: 'demo1234',
      new: 'new-pass-1',
      confirm: 'new-pass-1',
    });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/login'));
    expect(hasAuthorization()).toBe(false);
  });

  it('logs out: the server is told, the session is gone, the login page shows', async () => {
    const api = server();
    const user = userEvent.setup();
    const { router } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/login'));
    expect(calls(api, 'POST login/login/logout')[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(hasAuthorization()).toBe(false);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  });
});
