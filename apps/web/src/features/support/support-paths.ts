/** The support console's pages: its own tree beside the farm app's, with its own login. */
export const SUPPORT_PATHS = {
  root: '/support',
  login: '/support/login',
  inbox: '/support/inbox',
  conversation: (id: number) => `/support/inbox/${id}`,
  farms: '/support/farms',
  farm: (id: number) => `/support/farms/${id}`,
  news: '/support/news',
  notices: '/support/notices',
  appVersion: '/support/app-version',
  audit: '/support/audit',
} as const;
