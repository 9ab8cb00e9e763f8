import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearSession } from '../lib/session';
import { markWelcomeSeen } from '../lib/welcome';
import { fakeApi, ok } from '../test/fake-api';
import { logIn, renderApp } from '../test/render';

/** The calls a logged-in app makes on its own (farm data run, translation strings). */
function backgroundCalls() {
  return {
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
  };
}

describe('access guard', () => {
  it.each([
    '/',
    '/pages/index/index',
    '/pages/index/webuser',
    '/pages/index/userset',
    '/pages/overviews/list',
    '/choose-location',
    '/no/such/page',
  ])('sends a returning visitor without a stored authorization from %s to the login page', async (path) => {
    markWelcomeSeen(null);
    const { router } = renderApp(path);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/login/login');
  });

  it('sends a new install to the welcome first, once: it leads to registration and to the login page', async () => {
    const { router } = renderApp('/pages/index/notice');
    expect(await screen.findByRole('heading', { name: 'Welcome to CowCare' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/index/welcome');
    expect(screen.getByRole('heading', { name: 'What CowCare watches for' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register a farm' }).getAttribute('href')).toBe(
      '/pages/login/register',
    );
    // A visitor's welcome asks the server nothing: there is no farm yet.
    await act(() => router.navigate('/pages/index/data'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/login/login');
  });

  it('after a logout, a device where someone was logged in goes to the login page, not the welcome', async () => {
    vi.stubGlobal('fetch', fakeApi(backgroundCalls()).fetch);
    logIn();
    const { router } = renderApp('/pages/index/data');
    await screen.findByRole('heading', { name: 'Herd data' });
    act(() => clearSession());
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/login/login');
  });

  it.each(['/pages/login/login', '/pages/login/register', '/pages/login/version'])(
    'lets %s through without a stored authorization',
    async (path) => {
      const { router } = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('shows the service agreement from the server without a login', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET login/login/agreement/service/en': () =>
          ok({
            kind: 'service',
            lang: 'en',
            title: 'Terms of Service',
            body: 'First.\n\nSecond.',
            updatedAt: '2025-01-02',
          }),
      }).fetch,
    );
    renderApp('/pages/login/service');
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByText('First.')).toBeTruthy();
    expect(screen.getByText('Second.')).toBeTruthy();
  });

  it('lets a logged-in user reach a protected page, with the tab bar on tab pages', async () => {
    const notices = 'KR/F-100/010-1234-5678';
    vi.stubGlobal(
      'fetch',
      fakeApi({
        ...backgroundCalls(),
        [`GET common/common/getNoticeData/${notices}`]: () => ok({ list: [], all: [] }),
        [`GET common/common/getNoticeDatab/${notices}`]: () => ok({ listb: [], allb: [] }),
        [`GET common/common/getNoticeDatabtd/${notices}`]: () => ok({ tdcnlist: [] }),
      }).fetch,
    );
    logIn();
    const { router } = renderApp('/pages/index/notice');
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(await screen.findByText('No notifications')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Main sections' });
    expect(tabs.textContent).toMatch(/Cows.*Notices.*Data/);
    expect(router.state.location.pathname).toBe('/pages/index/notice');
  });

  it('checks again on every navigation: after the session ends, the next page is the login page', async () => {
    vi.stubGlobal('fetch', fakeApi(backgroundCalls()).fetch);
    logIn();
    const { router } = renderApp('/pages/index/data');
    await screen.findByRole('heading', { name: 'Herd data' });
    act(() => clearSession());
    await act(() => router.navigate('/pages/index/notice'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/login/login');
  });

  it('follows the back button too', async () => {
    vi.stubGlobal('fetch', fakeApi(backgroundCalls()).fetch);
    logIn();
    const { router } = renderApp('/pages/index/data');
    await screen.findByRole('heading', { name: 'Herd data' });
    await act(() => router.navigate('/pages/index/notice'));
    await screen.findByRole('heading', { name: 'Notifications' });
    act(() => clearSession());
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  });
});
