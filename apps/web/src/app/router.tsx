import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PAGE_CHUNK_LOAD_TIMEOUT_MS } from '@cowcare/domain/constants';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { OwnerOnly } from './routes/owner-only';
import { RootLayout, TAB_LAYOUT_ID } from './routes/root-layout';
import { RouteError } from './routes/route-error';
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

/** A screen of the app at a path, its code loaded on first visit. */
const page = <M,>(path: string, load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject => ({
  path,
  lazy: lazyPage(load, pick),
});

/** A page only the farm's owners use (architecture §10): staff see that it is the owner's. */
const ownerPage = <M,>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): RouteObject =>
  page(path, load, (module) => {
    const Page = pick(module);
    return function OwnerOnlyPage() {
      return (
        <OwnerOnly>
          <Page />
        </OwnerOnly>
      );
    };
  });

const loadCowList = () => import('../features/cows/routes/cow-list');

const loadSupport = () => import('../features/support/routes');

/** The support console (issue 35): its own tree, its own login, none of the farm app's session. */
const supportRoutes: RouteObject = {
  path: '/support',
  ErrorBoundary: RouteError,
  HydrateFallback: PageLoader,
  children: [
    page('login', loadSupport, (module) => module.SupportLoginRoute),
    {
      lazy: lazyPage(loadSupport, (module) => module.SupportLayout),
      children: [
        { index: true, lazy: lazyPage(loadSupport, (module) => module.SupportHome) },
        page('inbox', loadSupport, (module) => module.SupportInboxRoute),
        page('inbox/:conversationId', loadSupport, (module) => module.SupportInboxRoute),
        page('farms', loadSupport, (module) => module.SupportFarmsRoute),
        page('farms/:id', loadSupport, (module) => module.SupportFarmRoute),
        page('news', loadSupport, (module) => module.SupportNewsRoute),
        page('notices', loadSupport, (module) => module.SupportNoticesRoute),
        page('app-version', loadSupport, (module) => module.SupportAppVersionRoute),
        page('audit', loadSupport, (module) => module.SupportAuditRoute),
      ],
    },
  ],
};

/** Every route of spec §2, as data. */
export const routes: RouteObject[] = [
  supportRoutes,
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      {
        id: TAB_LAYOUT_ID,
        Component: TabLayout,
        children: [
          page(paths.home, loadCowList, (module) => module.CowListRoute),
          page(paths.tabs.index, loadCowList, (module) => module.CowListRoute),
          page(
            paths.tabs.notice,
            () => import('../features/notices/routes/notice'),
            (module) => module.NoticeRoute,
          ),
          page(
            paths.tabs.data,
            () => import('./routes/data-tab'),
            (module) => module.DataTabWithNewsRoute,
          ),
        ],
      },
      page(
        paths.index.cow,
        () => import('./routes/cow'),
        (module) => module.CowWithShareRoute,
      ),
      page(
        paths.index.cowcamera,
        () => import('../features/cameras/routes/cowcamera'),
        (module) => module.CowcameraRoute,
      ),
      page(
        paths.index.welcome,
        () => import('../features/welcome/routes/welcome'),
        (module) => module.WelcomeRoute,
      ),
      page(
        paths.index.hsty,
        () => import('./routes/hsty'),
        (module) => module.HstyRoute,
      ),
      ownerPage(
        paths.index.levsyt,
        () => import('../features/cow-types/routes/levsyt'),
        (module) => module.LevsytRoute,
      ),
      ownerPage(
        paths.index.wallet,
        () => import('./routes/wallet'),
        (module) => module.WalletWithPlansRoute,
      ),
      ownerPage(
        paths.index.walletOrder,
        () => import('../features/orders/routes/order'),
        (module) => module.OrderRoute,
      ),
      page(
        paths.index.webuser,
        () => import('../features/account/routes/webuser'),
        (module) => module.WebuserRoute,
      ),
      page(
        paths.index.push,
        () => import('../features/push/routes/push-settings'),
        (module) => module.PushSettingsRoute,
      ),
      page(
        paths.index.usermessage,
        () => import('../features/account/routes/usermessage'),
        (module) => module.UserMessagesRoute,
      ),
      page(
        paths.index.cctv,
        () => import('../features/cameras/routes/cctv'),
        (module) => module.CctvRoute,
      ),
      page(
        paths.index.ckcom,
        () => import('../features/sensors/routes/ckcom'),
        (module) => module.CkcomRoute,
      ),
      page(
        paths.index.cowsfml,
        () => import('../features/cows/routes/cowsfml'),
        (module) => module.CowsfmlRoute,
      ),
      page(
        paths.index.addhsty,
        () => import('./routes/addhsty'),
        (module) => module.AddhstyRoute,
      ),
      page(
        paths.index.addcows,
        () => import('../features/cows/routes/addcows'),
        (module) => module.AddcowsRoute,
      ),
      page(
        paths.index.step1,
        () => import('../features/account/routes/step1'),
        (module) => module.Step1Route,
      ),
      page(
        paths.index.step2,
        () => import('../features/setup/routes/step2'),
        (module) => module.Step2Route,
      ),
      page(
        paths.index.step3,
        () => import('./routes/step3'),
        (module) => module.Step3WithAdeRoute,
      ),
      ownerPage(
        paths.index.step4,
        () => import('../features/settings/routes/step4'),
        (module) => module.Step4Route,
      ),
      ownerPage(
        paths.index.userset,
        () => import('./routes/userset'),
        (module) => module.UsersetWithExtrasRoute,
      ),
      page(
        paths.index.dashboard,
        () => import('./routes/dashboard'),
        (module) => module.DashboardWithKpisRoute,
      ),
      page(
        paths.index.kpi,
        () => import('../features/reproduction-kpis/routes/kpi-page'),
        (module) => module.KpiRoute,
      ),
      page(
        paths.index.indexsc,
        () => import('../features/cows/routes/indexsc'),
        (module) => module.IndexscRoute,
      ),
      page(
        paths.index.message,
        () => import('../features/chat/routes/message'),
        (module) => module.MessageRoute,
      ),
      ownerPage(
        paths.index.staff,
        () => import('../features/staff/routes/staff'),
        (module) => module.StaffRoute,
      ),
      page(
        paths.login.login,
        () => import('../features/auth/routes/login'),
        (module) => module.LoginRoute,
      ),
      page(
        paths.login.service,
        () => import('../features/auth/routes/service'),
        (module) => module.ServiceRoute,
      ),
      page(
        paths.login.yinsi,
        () => import('../features/auth/routes/privacy'),
        (module) => module.PrivacyRoute,
      ),
      page(
        paths.login.version,
        () => import('../features/auth/routes/version'),
        (module) => module.VersionRoute,
      ),
      page(
        paths.login.register,
        () => import('../features/auth/routes/register'),
        (module) => module.RegisterRoute,
      ),
      page(
        paths.overviews.index,
        () => import('../features/overview/routes/overview-pages'),
        (module) => module.OverviewsIndexRoute,
      ),
      page(
        paths.overviews.list,
        () => import('../features/overview/routes/overview-pages'),
        (module) => module.OverviewsListRoute,
      ),
      page(
        paths.overviews.data,
        () => import('../features/overview/routes/overview-pages'),
        (module) => module.OverviewsDataRoute,
      ),
      page(
        paths.overviews.datagl,
        () => import('../features/overview/routes/overview-pages'),
        (module) => module.OverviewsDataglRoute,
      ),
      ownerPage(
        paths.system.chooseLocation,
        () => import('../features/location/routes/choose-location'),
        (module) => module.ChooseLocationRoute,
      ),
      page(
        paths.system.openLocation,
        () => import('../features/location/routes/open-location'),
        (module) => module.OpenLocationRoute,
      ),
      page(
        '*',
        () => import('./routes/not-found'),
        (module) => module.NotFoundRoute,
      ),
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
