// The seeded demo farm as its user sees it through the API (run the seed with `demo: true` first).
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { DEMO_FARM_NUMBER, DEMO_PASSWORD, DEMO_USERNAME } from '../src/seed/demo-credentials';
import { call, type TestApp } from './helpers/test-app';

/** The demo user's access token. */
export const logInAsDemo = async (testApp: TestApp): Promise<string> => {
  const login = await call(testApp, api.auth.login, {
    body: { username: DEMO_USERNAME, password: DEMO_PASSWORD },
  });
  return login.json<{ data: { token: string } }>().data.token;
};

/** The demo farm's cow list (`getCowsData`). */
export const demoCowList = async (testApp: TestApp, token: string): Promise<Cow[]> => {
  const response = await call(testApp, api.cows.getCowsData, {
    token,
    params: { country: 'KR', FarmNumber: DEMO_FARM_NUMBER },
  });
  return response.json<{ data: Cow[] }>().data;
};
