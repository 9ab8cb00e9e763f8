import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { makeCow, withActivity, withFever } from '../../../test/cows';
import { hoursFrom, makeNotice } from '../../../test/notices';
import { fail, fakeApi, ok, type FakeHandler, type FakeRequest } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';
import { emptyReproductionKpis } from '../../../test/reproduction-kpis';

const at = (hour: number) => new Date(2025, 5, 1, hour).toISOString();

const herd = (): Cow[] => [
  makeCow({ id: 101, code: 'C1', ...withFever(0), ...withActivity(0), drink_current: 0 }),
  makeCow({ id: 102, code: 'C2', ...withFever(0.5), ...withActivity(-30), drink_current: 3 }),
  makeCow({ id: 103, code: 'C3', ...withFever(1.6), ...withActivity(15), drink_current: 9 }),
  makeCow({ id: 104, code: 'C4', ...withFever(-0.6), sensorzt: 0, drink_current: 14 }),
  makeCow({ id: 105, code: 'C5', temp_current: null, activity_current: null, drink_current: null }),
  makeCow({ id: 106, code: 'C6', status: '도태', ...withFever(2) }),
];

/** The herd's answer: 38.4 °C and activity 30 per cow at midnight, 39 °C and no activity at one. */
const herdDay = (reported = 5) => ({
  sensors: 5,
  reported,
  hours: [
    { time: at(0), temp: 38.4, activity: 30, sensors: reported },
    { time: at(1), temp: 39, activity: null, sensors: reported },
  ],
});

function server(extra: Record<string, FakeHandler> = {}, cows: Cow[] = herd()) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    'GET common/common/getCowsData/KR/F-100': () => ok(cows),
    'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () => ok({ list: [], all: [] }),
    'GET common/common/getNoticeDatab/KR/F-100/010-1234-5678': () => ok({ listb: [], allb: [] }),
    'GET common/common/getNoticeDatabtd/KR/F-100/010-1234-5678': () =>
      ok({
        tdcnlist: [
          { group: '101-102-103', count: 2 },
          { group: '201-202-203-204', count: 3 },
          { group: '701-702-703', count: 1 },
        ],
      }),
    'POST gpko/herdhourly': () => ok(herdDay()),
    ...emptyReproductionKpis,
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

const hoursAgo = (hours: number) => hoursFrom(Date.now(), -hours);

/** A notice of the herd's cow `cowid` (C1 is cow 101), as getNoticeData lists it. */
const alert = (id: number, cowid: number, noticecode: number, time: string) =>
  makeNotice({ id, cowid, code: `C${cowid - 100}`, noticecode, time });

const herdCalls = (requests: FakeRequest[]) =>
  requests
    .filter((request) => request.path === 'gpko/herdhourly')
    .map((request) => request.body as { city: string; country: string; timedate: string });

describe('data tab', () => {
  it('counts the cows by temperature, activity and drinking band and today’s notices by group', async () => {
    server();
    logIn();
    renderApp('/pages/index/data');
    expect((await screen.findByTestId('kpi-cows', {}, { timeout: 5000 })).textContent).toBe('5');
    expect(screen.getByTestId('kpi-fevers').textContent).toBe('2');
    expect(screen.getByTestId('kpi-online').textContent).toBe('4');
    expect(screen.getByTestId('chart-temperature-bands-summary').textContent).toBe(
      'Low: 1, Normal: 1, Slight: 1, Moderate: 0, Severe: 1, No reading: 1',
    );
    expect(screen.getByTestId('chart-activity-bands-summary').textContent).toBe(
      'Low: 1, Normal: 2, High: 1, No reading: 1',
    );
    expect(screen.getByTestId('chart-drinking-bands-summary').textContent).toBe(
      '0: 1, 1–4: 1, 5–8: 0, 9–12: 1, 13+: 1, No reading: 0. ' +
        'Cows without a bolus (neck collar or no sensor), whose drinks are not measured: 1',
    );
    expect(await screen.findByText(/^Estrus: 2, Fever: 3, Low temperature: 0/)).toBeTruthy();
  });

  it('counts the heats of the last 24 hours once each, not their notices', async () => {
    server({
      'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () =>
        ok({
          list: [],
          all: [
            alert(1, 101, 101, hoursAgo(20)),
            alert(2, 101, 102, hoursAgo(8)), // the same heat's insemination window
            alert(3, 102, 101, hoursAgo(2)),
            alert(4, 103, 103, hoursAgo(1)), // only suspected
            alert(5, 104, 101, hoursAgo(30)), // yesterday morning's
          ],
        }),
    });
    logIn();
    renderApp('/pages/index/data');
    await waitFor(() => expect(screen.getByTestId('kpi-heats').textContent).toBe('2'), { timeout: 5000 });
  });

  it('charts the herd hour by hour with one call for the whole herd', async () => {
    const api = server();
    logIn();
    renderApp('/pages/index/data');
    expect((await screen.findByTestId('chart-herd-temperature-summary')).textContent).toBe(
      '2 values: lowest 38.40 °C, highest 39.00 °C, average 38.70 °C',
    );
    expect(screen.getByTestId('chart-herd-activity-summary').textContent).toBe(
      '1 value: lowest 30.0, highest 30.0, average 30.0',
    );
    expect(screen.getByTestId('herd-day-sensors').textContent).toBe('Means over 5 sensors');
    const calls = herdCalls(api.requests);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual({
      city: 'Hongseong',
      country: 'KR',
      timedate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T12:00:00[+-]\d{2}:\d{2}$/) as unknown,
    });
  });

  it('says how many of the herd’s sensors sent nothing on the day', async () => {
    server({ 'POST gpko/herdhourly': () => ok(herdDay(4)) });
    logIn();
    renderApp('/pages/index/data');
    expect((await screen.findByTestId('herd-day-sensors')).textContent).toBe(
      'Means over 4 sensors · 1 sent nothing that day',
    );
  });

  it("says 'No data on this date' for a day the herd has no reading, and asks again for the day before", async () => {
    const api = server({
      'POST gpko/herdhourly': () =>
        ok({ sensors: 5, reported: 0, hours: [{ time: at(0), temp: null, activity: null, sensors: 0 }] }),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/data');
    const empty = await screen.findByTestId('no-data-on-date');
    expect(within(empty).getByText('Please re-select the date range')).toBeTruthy();
    const firstDay = herdCalls(api.requests)[0]!.timedate.slice(0, 10);
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(herdCalls(api.requests)).toHaveLength(2));
    expect(herdCalls(api.requests)[1]!.timedate.slice(0, 10) < firstDay).toBe(true);
  });

  it('shows the failure with a retry when the herd could not be read', async () => {
    let failing = true;
    server({
      'POST gpko/herdhourly': () => (failing ? fail(500, 'E_INTERNAL') : ok(herdDay())),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/data');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The server had a problem. Please try again later.')).toBeTruthy();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('herd-day-sensors')).textContent).toBe('Means over 5 sensors');
  });

  it('says the herd has no cows yet instead of empty charts', async () => {
    const api = server({}, []);
    logIn();
    renderApp('/pages/index/data');
    expect(await screen.findByText('No cows yet')).toBeTruthy();
    expect(herdCalls(api.requests)).toEqual([]);
  });
});

describe('dashboard and overview pages', () => {
  it('shows the dashboard’s KPIs, the herd day and a failed notice count with a retry', async () => {
    server({
      'GET common/common/getNoticeDatabtd/KR/F-100/010-1234-5678': () => fail(500, 'E_INTERNAL'),
    });
    logIn();
    renderApp('/pages/index/dashboard');
    expect((await screen.findByTestId('kpi-cows', {}, { timeout: 5000 })).textContent).toBe('5');
    expect(await screen.findByTestId('chart-herd-temperature')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByTestId('chart-status')).toBeTruthy();
    expect(screen.getByTestId('chart-sensor-states-summary').textContent).toBe(
      'Online: 4, Offline: 1, No sensor: 0',
    );
  });

  it('charts the herd day and the drinking bands on the overview data page', async () => {
    server();
    logIn();
    renderApp('/pages/overviews/data');
    expect((await screen.findByTestId('herd-day-sensors')).textContent).toBe('Means over 5 sensors');
    expect(screen.getByTestId('chart-drinking-bands')).toBeTruthy();
  });

  it('lists the cows needing attention on the overview list: fevers and offline sensors now, alerts of the day', async () => {
    server({
      'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () =>
        ok({
          list: [],
          // C1 came into heat two hours ago; C5's low activity was yesterday morning.
          all: [alert(1, 101, 101, hoursAgo(2)), alert(2, 105, 301, hoursAgo(30))],
        }),
    });
    logIn();
    renderApp('/pages/overviews/list');
    const rows = await screen.findAllByTestId('attention-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'C3Fever',
      'C2Fever',
      'C1Estrus',
      'C4Sensor offline',
    ]);
    // Each reason in its alert's colour, as in the notice tab: a fever red, a heat pink, a sensor grey.
    const badgeColor = (row: HTMLElement) => row.querySelector('.mantine-Badge-root')?.getAttribute('style');
    expect(rows.map(badgeColor)).toEqual([
      expect.stringContaining('--mantine-color-red-'),
      expect.stringContaining('--mantine-color-red-'),
      expect.stringContaining('--mantine-color-pink-'),
      expect.stringContaining('--mantine-color-gray-'),
    ]);
  });

  it('reach every herd view from the Data tab, and the dashboard and sensors from the home menu', async () => {
    server({
      'GET common/common/getckcomdata/F-100/KR': () =>
        ok({ sensors: [], totals: { neck: 0, pill: 0, online: 0, offline: 0 } }),
      'GET common/common/getCowsTypes/KR/F-100': () => ok([]),
    });
    const user = userEvent.setup();
    logIn();
    const { router } = renderApp('/pages/index/data');
    const views = await screen.findByRole('navigation', { name: 'Herd views' });
    expect(
      within(views)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Cows needing attention',
      'Sensors',
      'Overview',
      'Overview data',
      'Overview data management',
    ]);
    await user.click(within(views).getByRole('link', { name: 'Sensors' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/ckcom'));

    await router.navigate('/');
    await user.click(await screen.findByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/dashboard'));
    // The page a view is on is not among its links.
    const fromDashboard = await screen.findByRole('navigation', { name: 'Herd views' });
    expect(within(fromDashboard).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });
});
