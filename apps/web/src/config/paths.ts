/**
 * Every route of spec §2. Components link through this object, never through string URLs.
 */
export const paths = {
  home: '/',
  tabs: {
    index: '/pages/index/index',
    notice: '/pages/index/notice',
    data: '/pages/index/data',
  },
  index: {
    cowcamera: '/pages/index/cowcamera',
    welcome: '/pages/index/welcome',
    hsty: '/pages/index/hsty',
    levsyt: '/pages/index/levsyt',
    wallet: '/pages/index/wallet',
    /** One order of the wallet with its events (ours, issue 36); owners only. */
    walletOrder: '/pages/index/wallet/order/:orderId',
    webuser: '/pages/index/webuser',
    cctv: '/pages/index/cctv',
    ckcom: '/pages/index/ckcom',
    cowsfml: '/pages/index/cowsfml',
    addhsty: '/pages/index/addhsty',
    addcows: '/pages/index/addcows',
    step1: '/pages/index/step1',
    step2: '/pages/index/step2',
    step3: '/pages/index/step3',
    step4: '/pages/index/step4',
    userset: '/pages/index/userset',
    dashboard: '/pages/index/dashboard',
    /** One reproduction KPI with its trend and its cows (ours, issue 40); `?name=daysOpen&period=…&type=…`. */
    kpi: '/pages/index/kpi',
    indexsc: '/pages/index/indexsc',
    message: '/pages/index/message',
    /** The farm's people and invitation codes (ours: the spec has one login per farm); owners only. */
    staff: '/pages/index/staff',
    /** The user's notes to CowCare (ours: spec §3 "Message (user)" has no screen of its own). */
    usermessage: '/pages/index/usermessage',
    /** Alerts on this phone while the app is closed: devices, choices, quiet hours (ours, issue 39). */
    push: '/pages/index/push',
    /** One cow (ours: the spec names the cow detail but not its path); `?id=<cow id>`. */
    cow: '/pages/index/cow',
  },
  login: {
    login: '/pages/login/login',
    service: '/pages/login/service',
    yinsi: '/pages/login/yinsi',
    version: '/pages/login/version',
    register: '/pages/login/register',
  },
  overviews: {
    index: '/pages/overviews/index',
    list: '/pages/overviews/list',
    data: '/pages/overviews/data',
    datagl: '/pages/overviews/datagl',
  },
  system: {
    chooseLocation: '/choose-location',
    openLocation: '/open-location',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
/** Any path of the app. */
export type AppPath = Leaves<typeof paths>;

/** A path of the app with a query string: `withQuery(paths.index.cow, { id: 5 })`. */
export function withQuery(path: AppPath, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The page of one order. */
export const orderPath = (orderId: number): string =>
  paths.index.walletOrder.replace(':orderId', String(orderId));

/** The login pages: the only ones the access guard lets through without a stored authorization. */
export const PUBLIC_PATH_PREFIX = '/pages/login/';

export function isPublicPath(pathname: string): boolean {
  return pathname === PUBLIC_PATH_PREFIX.slice(0, -1) || pathname.startsWith(PUBLIC_PATH_PREFIX);
}
