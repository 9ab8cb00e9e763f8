import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Session, User } from '@cowcare/contract/schemas';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { i18n } from '../lib/i18n';
import { registerNavigate } from '../lib/navigation';
import { saveSession } from '../lib/session';

export const demoUser: User = {
  id: 7,
  username: 'demo',
  name: 'Demo Farmer',
  FarmNumber: 'F-100',
  city: 'Hongseong',
  country: 'KR',
  phone: '010-1234-5678',
  avatar: '',
  language: 'en',
  cid: '',
  sensorfilter: 'zts',
  isadmin: false,
  role: 'owner',
};

export const demoSession: Session = { token: 'access-1', refreshToken: 'refresh-1', user: demoUser };

export function logIn(user: User = demoUser, remember = false): void {
  saveSession({ ...demoSession, user }, remember);
}

/**
 * The whole app (all routes, providers, guard) at a path, in memory; with the app's own query client when a
 * test needs its defaults (offline behaviour), else one that never retries.
 */
export function renderApp(path: string, options: { queryClient?: QueryClient } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerNavigate((to, options) => void router.navigate(to, options));
  const queryClient =
    options.queryClient ??
    new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
  const view = render(
    <AppProvider queryClient={queryClient} i18n={i18n} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/** One component with the app's providers, outside any route (a console section, a dialog). */
export function renderAlone(ui: React.ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <AppProvider queryClient={queryClient} i18n={i18n} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
}
