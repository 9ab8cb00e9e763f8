import type { Locator, Page } from 'playwright-core';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import {
  apiPath,
  fillPath,
  type RouteBody,
  type RouteData,
  type RouteDefinition,
  type RouteParams,
} from '@cowcare/contract/route';
import type { User } from '@cowcare/contract/schemas';
import {
  DEFAULT_COW_FILTER_OPTIONS,
  activityDeviationPercent,
  filterCows,
  temperatureDeviation,
  type CowFilterOptions,
  type FilterableCow,
} from '@cowcare/domain/cow-filter';
import { sortCows, type CowSortColumn, type SortableCow } from '@cowcare/domain/cow-sort';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';

/** The demo farm's boss (management) password, which force changes and settings need. */
export const DEMO_BOSS_PASSWORD = 'boss1234';

/** A user logged in through the API (not the screen), for arranging data and reading the truth. */
export interface ApiSession {
  baseUrl: string;
  token: string;
  user: User;
}

interface CallInput<R> {
  params?: RouteParams<R>;
  body?: RouteBody<R>;
  query?: Record<string, string>;
}

/** One call of the contract; a failure throws with the server's answer, so a broken arrangement is plain. */
export const callApi = async <R extends RouteDefinition>(
  session: Pick<ApiSession, 'baseUrl'> & { token?: string },
  route: R,
  input: CallInput<R> = {},
): Promise<RouteData<R>> => {
  const path = fillPath(route.path, input.params ?? {});
  const search = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
  const response = await fetch(`${session.baseUrl}${apiPath({ path })}${search}`, {
    method: route.method,
    headers: {
      ...(session.token ? { authorization: `Bearer ${session.token}` } : {}),
      ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${route.method} ${path} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: RouteData<R> }).data;
};

export const apiLogIn = async (
  baseUrl: string,
  credentials: { username: string; password: string },
): Promise<ApiSession> => {
  const { token, user } = await callApi({ baseUrl }, api.auth.login, { body: credentials });
  return { baseUrl, token, user };
};

export const farmCows = (session: ApiSession): Promise<Cow[]> =>
  callApi(session, api.cows.getCowsData, {
    params: { country: session.user.country, FarmNumber: session.user.FarmNumber },
  });

export const cowById = (session: ApiSession, id: number): Promise<Cow> =>
  callApi(session, api.cows.getCowInfo, { params: { id } });

export const walletOf = (session: ApiSession) =>
  callApi(session, api.wallet.getWallet, { params: { userId: session.user.id } });

export const cowTypesOf = (session: ApiSession) =>
  callApi(session, api.cowTypes.listCowTypes, { params: { FarmNumber: session.user.FarmNumber } });

export const farmSettingsOf = (session: ApiSession) =>
  callApi(session, api.user.getSettings, {
    params: { id: session.user.id, FarmNumber: session.user.FarmNumber },
  });

export const setSensorFilter = (session: ApiSession, sensorfilter: string) =>
  callApi(session, api.user.setSensorFilter, { params: { userId: session.user.id }, body: { sensorfilter } });

export const addCow = (session: ApiSession, body: RouteBody<typeof api.cows.addCow>): Promise<Cow> =>
  callApi(session, api.cows.addCow, { body });

/** A cow code no other test run has used: C and nine digits from the clock and a random part. */
export const freshCowCode = (): string =>
  `C${String(Date.now() % 1_000_000).padStart(6, '0')}${Math.floor(Math.random() * 1000)
    .toString()
    .padStart(3, '0')}`;

/** A row of the cow list as the domain rules see it: what the filter and the sort decide on. */
export interface ListRow extends FilterableCow, SortableCow {
  readonly code: string;
  readonly id: string;
  readonly fever: number | undefined;
  readonly activity: number | undefined;
  readonly drink: number | undefined;
}

/**
 * The list's rows for the farm's cows: culled cows dropped (spec §4), in the server's order. The values the
 * filter and the sort use come from the domain rules, not from the numbers the screen prints.
 */
export const listRowsOf = (cows: readonly Cow[]): ListRow[] =>
  cows
    .filter((cow) => !isCulledStoredValue(cow.status))
    .map((cow) => ({
      code: cow.code,
      id: cow.code,
      sensorId: cow.sensor ?? Number.NaN,
      sensorzt: cow.sensorzt,
      storedStatus: cow.status,
      currentTemperature: cow.temp_current,
      averageTemperature: cow.temp_avg,
      temperatureOffset: cow.tempadd,
      currentActivity: cow.activity_current,
      averageActivity: cow.activity_avg,
      fever: temperatureDeviation(cow.temp_current, cow.temp_avg, cow.tempadd),
      activity: activityDeviationPercent(cow.activity_current, cow.activity_avg),
      drink: cow.drink_current ?? undefined,
    }));

export interface ListSort {
  column: CowSortColumn;
  /** Spec §4: 0 or 1 ascending, anything else descending. */
  value: number;
}

/** The rows the list must show, in order: the domain filter over the defaults with `changes`, then the sort. */
export const expectedRows = (
  cows: readonly Cow[],
  changes: Partial<CowFilterOptions> = {},
  sort: ListSort = { column: 'id', value: 1 },
): ListRow[] =>
  sortCows(
    filterCows(listRowsOf(cows), { ...DEFAULT_COW_FILTER_OPTIONS, ...changes }),
    sort.column,
    sort.value,
  );

export const codesOf = (rows: readonly { code: string }[]): string[] => rows.map((row) => row.code);

/** The list's "Showing N of M cows" line. */
export const listSummary = (page: Page): Locator => page.getByTestId('list-summary');

/**
 * Every code the windowed list holds, in display order. The list renders only the rows near its viewport,
 * so it is scrolled from the top, one viewport at a time, waiting for each row to be rendered.
 */
export const listedCodes = async (page: Page): Promise<string[]> => {
  const list = page.getByRole('list', { name: 'Cows' });
  const items = list.getByRole('listitem');
  await items.first().waitFor();
  const total = Number(await items.first().getAttribute('aria-setsize'));
  const rowHeight = await list.evaluate((element, count) => element.scrollHeight / count, total);
  await list.evaluate((element) => element.scrollTo({ top: 0 }));
  const codes: string[] = [];
  while (codes.length < total) {
    const next = codes.length + 1;
    const item = list.locator(`[role="listitem"][aria-posinset="${next}"]`);
    if ((await item.count()) === 0) {
      await list.evaluate((element, top) => element.scrollTo({ top }), (next - 1) * rowHeight);
      await item.waitFor({ state: 'attached' });
    }
    const rendered = await items.evaluateAll((elements) =>
      elements.map((element) => ({
        position: Number(element.getAttribute('aria-posinset')),
        code: element.querySelector('[data-testid="cow-row"]')?.getAttribute('data-code') ?? '',
      })),
    );
    rendered.sort((left, right) => left.position - right.position);
    for (const row of rendered) if (row.position === codes.length + 1) codes.push(row.code);
  }
  return codes;
};

/** A money amount as the app writes it in English: integer minor units in the farm's currency. */
export const money = (minor: number, currency: string, digits: number): string =>
  new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);

/** A calendar day as the app writes it in English ("Mar 5, 2026"). */
export const shownDate = (day: string): string =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** One entry of a cow's history timeline, found by a text only it has. */
export const historyEntry = (page: Page, text: string): Locator =>
  page.locator('.mantine-Timeline-item').filter({ hasText: text });
