import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PAGE_CHUNK_LOAD_TIMEOUT_MS } from '@cowcare/domain/constants';
import type { MessageKey } from '@cowcare/locales/catalog';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import type { RouteHandle } from './routes/route-handle';
import { TabLayout } from './routes/tab-layout';

/** A page's code, fetched on first visit; a fetch that hangs fails after 120 s (spec §9). */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error('Page chunk load timed out');
        error.name = 'ChunkLoadError';
        reject(error);
      }, PAGE_CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      return { Component: pick(await Promise.race([load(), timeout])) };
    } finally {
      clearTimeout(timer);
    }
  };
}

const comingSoon = lazyPage(
  () => import('./routes/coming-soon'),
  (module) => module.ComingSoonRoute,
);

/** A screen a later issue fills; honest placeholder until then. */
const later = (path: string, titleKey: MessageKey, tab = false): RouteObject => ({
  path,
  handle: { titleKey, tab } satisfies RouteHandle,
  lazy: comingSoon,
});

/** Every route of spec §2, as data. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      {
        Component: TabLayout,
        children: [
          later(paths.home, 'pages.cows', true),
          later(paths.tabs.index, 'pages.cows', true),
          later(paths.tabs.notice, 'pages.notice', true),
          later(paths.tabs.data, 'pages.data', true),
        ],
      },
      later(paths.index.cowcamera, 'pages.cowcamera'),
      later(paths.index.welcome, 'pages.welcome'),
      later(paths.index.hsty, 'pages.hsty'),
      later(paths.index.levsyt, 'pages.levsyt'),
      later(paths.index.wallet, 'pages.wallet'),
      {
        path: paths.index.webuser,
        lazy: lazyPage(
          () => import('../features/account/routes/webuser'),
          (module) => module.WebuserRoute,
        ),
      },
      later(paths.index.cctv, 'pages.cctv'),
      later(paths.index.ckcom, 'pages.ckcom'),
      later(paths.index.cowsfml, 'pages.cowsfml'),
      later(paths.index.addhsty, 'pages.addhsty'),
      later(paths.index.addcows, 'pages.addcows'),
      later(paths.index.step1, 'pages.step1'),
      later(paths.index.step2, 'pages.step2'),
      later(paths.index.step3, 'pages.step3'),
      later(paths.index.step4, 'pages.step4'),
      {
        path: paths.index.userset,
        lazy: lazyPage(
          () => import('../features/settings/routes/userset'),
          (module) => module.UsersetRoute,
        ),
      },
      later(paths.index.dashboard, 'pages.dashboard'),
      later(paths.index.indexsc, 'pages.indexsc'),
      later(paths.index.message, 'pages.message'),
      {
        path: paths.login.login,
        lazy: lazyPage(
          () => import('../features/auth/routes/login'),
          (module) => module.LoginRoute,
        ),
      },
      {
        path: paths.login.service,
        lazy: lazyPage(
          () => import('../features/auth/routes/service'),
          (module) => module.ServiceRoute,
        ),
      },
      {
        path: paths.login.yinsi,
        lazy: lazyPage(
          () => import('../features/auth/routes/privacy'),
          (module) => module.PrivacyRoute,
        ),
      },
      {
        path: paths.login.version,
        lazy: lazyPage(
          () => import('../features/auth/routes/version'),
          (module) => module.VersionRoute,
        ),
      },
      {
        path: paths.login.register,
        lazy: lazyPage(
          () => import('../features/auth/routes/register'),
          (module) => module.RegisterRoute,
        ),
      },
      later(paths.overviews.index, 'pages.overviewsIndex'),
      later(paths.overviews.list, 'pages.overviewsList'),
      later(paths.overviews.data, 'pages.overviewsData'),
      later(paths.overviews.datagl, 'pages.overviewsDatagl'),
      later(paths.system.chooseLocation, 'pages.chooseLocation'),
      later(paths.system.openLocation, 'pages.openLocation'),
      {
        path: '*',
        lazy: lazyPage(
          () => import('./routes/not-found'),
          (module) => module.NotFoundRoute,
        ),
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
