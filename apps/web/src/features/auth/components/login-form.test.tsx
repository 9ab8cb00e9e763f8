import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '../../../lib/session';
import { markWelcomeSeen } from '../../../lib/welcome';
import { fail, fakeApi, ok } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { demoSession, demoUser, renderApp } from '../../../test/render';

function server(login: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({
    'POST login/login/loginApp': login,
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET user/user/getmessage/7': () => ok([]),
    'GET common/common/lgs/lgs': () => ok([]),
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function fill(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
}

describe('login screen', () => {
  it('shows everything spec §2 lists', async () => {
    renderApp('/pages/login/login');
    expect(await screen.findByRole('heading', { name: 'CowCare' })).toBeTruthy();
    expect(screen.getByText('Welcome to CowCare')).toBeTruthy();
    expect(screen.getByText('Please enter your username and password')).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/pages/login/register');
    expect(screen.getByRole('checkbox', { name: 'Read and Agree' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'User Service Agreement' }).getAttribute('href')).toBe(
      '/pages/login/service',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/pages/login/yinsi',
    );
    expect(screen.getByRole('checkbox', { name: 'Automatic Logon' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
  });

  it('asks for username and password before anything else', async () => {
    const api = server(() => ok(demoSession));
    const user = userEvent.setup();
    renderApp('/pages/login/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter username and password');
    await user.type(screen.getByLabelText('Username'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter username and password');
    expect(api.requests).toHaveLength(0);
  });

  it('asks to tick the agreement box', async () => {
    const api = server(() => ok(demoSession));
    const user = userEvent.setup();
    renderApp('/pages/login/login');
    await fill(user, 'demo', 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the box to agree');
    expect(api.requests).toHaveLength(0);
  });

  it('says so when the username or password is wrong', async () => {
    server(() => fail(401, 'E_BAD_CREDENTIALS'));
    const user = userEvent.setup();
    renderApp('/pages/login/login');
    await fill(user, 'demo', 'wrong-password');
    await user.click(screen.getByRole('checkbox', { name: 'Read and Agree' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password');
    expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });

  it('says so when logins are throttled', async () => {
    server(() => fail(429, 'E_THROTTLED'));
    const user = userEvent.setup();
    renderApp('/pages/login/login');
    await fill(user, 'demo', 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: 'Read and Agree' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Too many login attempts/);
  });

  it('tells a user whom support disabled to contact customer service', async () => {
    server(() => fail(403, 'E_ACCOUNT_DISABLED'));
    const user = userEvent.setup();
    renderApp('/pages/login/login');
    await fill(user, 'demo', 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: 'Read and Agree' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This account is disabled. Please contact customer service.',
    );
    expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });

  it('logs in for this browser session only without Automatic Logon, then opens the cow list', async () => {
    markWelcomeSeen(demoUser.id);
    const api = server(() => ok(demoSession));
    const user = userEvent.setup();
    const { router } = renderApp('/pages/login/login');
    await fill(user, 'demo', 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: 'Read and Agree' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Cow list' })).toBeTruthy();
    expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBe('access-1');
    expect(window.localStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(api.requests[0]?.body).toEqual({ username: 'demo', password: 'demo1234' });
    // After login: the farm data run, the user's notes to CowCare (spec §5 loginSuccess loads "messages"),
    // the notification socket and the chat socket, each with the new token.
    await waitFor(() => expect(api.requests.map((r) => r.path)).toContain('common/common/farmdatarun'));
    await waitFor(() => expect(api.requests.map((r) => r.path)).toContain('user/user/getmessage/7'));
    const sockets = FakeWebSocket.instances.map((socket) => socket.url);
    expect(sockets.some((url) => /\/socket\?token=access-1$/.test(url))).toBe(true);
    expect(sockets.some((url) => /\/chat\/7\?token=access-1$/.test(url))).toBe(true);
  });

  it('keeps the login across browser restarts with Automatic Logon', async () => {
    markWelcomeSeen(demoUser.id);
    server(() => ok(demoSession));
    const user = userEvent.setup();
    const { router } = renderApp('/pages/login/login');
    await fill(user, 'demo', 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: 'Read and Agree' }));
    await user.click(screen.getByRole('checkbox', { name: 'Automatic Logon' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(SESSION_KEYS.token)).toBe('access-1');
    expect(window.localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('refresh-1');
    expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });

  it("opens the welcome at a user's first login on this device, and the cow list from then on", async () => {
    // Another user saw the welcome here: it is still this user's first.
    markWelcomeSeen(demoUser.id + 1);
    const api = fakeApi({
      'POST login/login/loginApp': () => ok(demoSession),
      'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
      'GET user/user/getmessage/7': () => ok([]),
      'GET common/common/lgs/lgs': () => ok([]),
      'GET gateways/list/KR/F-100': () =>
        ok({
          gateways: [],
          connection: {
            mqttUrl: 'mqtt://farm.example:1883',
            mqttHost: 'farm.example',
            mqttPort: 1883,
            topic: 'cowcare/KR/F-100/readings',
            httpPath: '/api/ingest/readings',
          },
        }),
      'GET sensors/list/KR/F-100': () => ok([]),
      'GET common/common/getCowsData/KR/F-100': () => ok([]),
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    const { router, unmount } = renderApp('/pages/login/login');
    await fill(user, 'demo', 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: 'Read and Agree' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/welcome'));
    expect(await screen.findByText('1 of 5 done')).toBeTruthy();
    unmount();

    window.sessionStorage.clear();
    const again = renderApp('/pages/login/login');
    await fill(user, 'demo', 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: 'Read and Agree' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/'));
  });
});
