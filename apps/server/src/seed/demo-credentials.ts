// The demo install's sign-in values, shared by the seed, the tests and the README. Demo installs only:
// `DEMO=off` seeds none of them.

export const DEMO_FARM_NUMBER = 'KR-0001';
export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'demo1234';
/** The demo farm's boss (management) password. */
export const DEMO_BOSS_PASSWORD = 'boss1234';

export const SUPPORT_USERNAME = 'support';
/** Used when the seed is not given another support password. */
export const DEFAULT_SUPPORT_PASSWORD = 'support1234';
