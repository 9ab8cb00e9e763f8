import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { dayClockLabel, dayLabel } from './chart-labels';
import { localToday } from '../../lib/format';
import { i18n, switchLanguage } from '../../lib/i18n';
import { makeCow } from '../../test/cows';
import { fail, fakeApi, ok, type FakeHandler, type FakeRequest } from '../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../test/render';

const at = (hour: number, minute = 0, day = 1) => new Date(2025, 5, day, hour, minute).toISOString();

const reading = (num: number, temp: number | null, filled = false) => ({
  num,
  timedate: at(0, num * 10),
  temp,
  activity: temp === null ? null : 12,
  drink: temp === null ? null : 0,
  filled,
});

const noBounds = (sensor: number) => ({
  sensor,
  tempUp: null,
  tempLow: null,
  activityUp: null,
  activityLow: null,
});

/** Answers for every chart call of one sensor; a test replaces the ones it is about. */
function chartCalls(sensor: number): Record<string, FakeHandler> {
  return {
    'POST gpko/line': () => ok([reading(0, 38.5), reading(1, 38.9, true), reading(2, 39.3)]),
    'POST gpko/hotdataynew': () =>
      ok([
        { time: at(0), temp: 38.9, average: 38.6, deviation: -0.15 },
        { time: at(1), temp: 39.7, average: 38.6, deviation: 0.65 },
        { time: at(2), temp: null, average: 38.6, deviation: null },
      ]),
    'POST news/news/gpko/num': () =>
      ok({ date: '2025-06-01', expected: 144, received: 140, filled: 3, missing: 4, lastReadingAt: null }),
    'POST gpko/templinepynew': () =>
      ok({
        data: [
          { time: at(0), temp: 38.7 },
          { time: at(2), temp: 39.1 },
        ],
        average: 38.6,
        tempadd: 0.45,
        feverLine: 39.55,
      }),
    'POST gpko/activitylinesix': () =>
      ok([
        { time: at(0, 0, 1), activity: 60, count: 36 },
        { time: at(6, 0, 1), activity: 90, count: 36 },
        { time: at(0, 0, 2), activity: 80, count: 36 },
        { time: at(6, 0, 2), activity: 300, count: 36 },
      ]),
    'POST gpko/templinerds': () =>
      ok([
        { date: '2025-05-31', temp: 38.6, min: 38.1, max: 39.0 },
        { date: '2025-06-01', temp: 38.8, min: 38.3, max: 39.4 },
      ]),
    'POST gpko/activitylinerds': () =>
      ok([
        { date: '2025-05-31', activity: 1000, count: 144 },
        { date: '2025-06-01', activity: 1400, count: 144 },
      ]),
    [`POST news/news/gpko/uplow/${sensor}`]: () => ok(noBounds(sensor)),
  };
}

function server(cow: Cow, extra: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    [`GET common/common/getDataById/cowinfo/${cow.id}`]: () => ok(cow),
    'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () => ok({ list: [], all: [] }),
    'GET common/common/getNoticeDatab/KR/F-100/010-1234-5678': () => ok({ listb: [], allb: [] }),
    ...(cow.sensor ? chartCalls(cow.sensor) : {}),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

const bodiesOf = (requests: FakeRequest[], path: string) =>
  requests
    .filter((request) => request.path === path)
    .map((request) => request.body as Record<string, unknown>);

async function openCow(cow: Cow, language: 'en' | 'pty' | 'rb' | 'ko' = 'en') {
  await switchLanguage(i18n, language);
  logIn({ ...demoUser, language });
  const view = renderApp(`/pages/index/cow?id=${cow.id}`);
  // The first visit loads the page's code (Recharts included), which is slow on a busy machine.
  await screen.findByRole('heading', { name: cow.code }, { timeout: 5000 });
  return view;
}

const summaryOf = async (id: string) => (await screen.findByTestId(`chart-${id}-summary`)).textContent;

describe('cow charts: the day', () => {
  it('draws the readings of the day and the hours against her average, asking with id, city, country and the day', async () => {
    const cow = makeCow({ id: 41, sensor: 40041, city: 'Hongseong', country: 'KR' });
    const api = server(cow);
    await openCow(cow);
    expect(await summaryOf('temperature')).toBe(
      '3 readings: lowest 38.50 °C, highest 39.30 °C, average 38.90 °C',
    );
    expect(screen.getByTestId('readings-count').textContent).toBe(
      '140 of 144 readings received, 4 missing, 3 filled in',
    );
    expect(screen.getByTestId('chart-temperature-average-summary').textContent).toBe(
      'Largest deviation +0.65 °C at 01:00: 39.70 °C against her 10-day average 38.60 °C + 0.45 °C',
    );
    expect(screen.getByTestId('chart-activity-summary').textContent).toMatch(/^3 readings: lowest 12\.0/);
    // A neck collar does not see drinks: no empty drinking chart, a line that says why.
    expect(screen.queryByTestId('chart-drinking')).toBeNull();
    expect(screen.getByTestId('drinking-not-measured').textContent).toBe(
      'A neck collar does not measure drinking; a bolus does',
    );
    for (const path of ['gpko/line', 'gpko/hotdataynew', 'news/news/gpko/num']) {
      const [body] = bodiesOf(api.requests, path);
      expect(body, path).toMatchObject({ id: 40041, city: 'Hongseong', country: 'KR' });
      expect(body?.timedate, path).toMatch(/^\d{4}-\d{2}-\d{2}T12:00:00[+-]\d{2}:\d{2}$/);
    }
    expect(bodiesOf(api.requests, 'news/news/gpko/uplow/40041')).toEqual([{ datas: {} }]);
  });

  it('writes the figures under the charts with the decimal comma of Portuguese', async () => {
    const cow = makeCow({ id: 43, sensor: 40043 });
    server(cow);
    await openCow(cow, 'pty');
    expect(await summaryOf('temperature')).toBe(
      '3 leituras: mínima 38,50 °C, máxima 39,30 °C, média 38,90 °C',
    );
    expect(screen.getByTestId('chart-temperature-average-summary').textContent).toBe(
      'Maior desvio +0,65 °C às 01:00: 39,70 °C contra a média de 10 dias 38,60 °C + 0,45 °C',
    );
    expect(screen.getByTestId('chart-activity-summary').textContent).toMatch(/^3 leituras: mínima 12,0,/);
  });

  it("draws a bolus's drinking", async () => {
    const cow = makeCow({ id: 42, sensor: 20042, sensorKind: 'pill' });
    server(cow);
    await openCow(cow);
    expect(await summaryOf('drinking')).toMatch(/^3 readings/);
    expect(screen.queryByTestId('drinking-not-measured')).toBeNull();
  });

  it("says when today's last reading came, and an earlier day's last reading by its time of day", async () => {
    const cow = makeCow({ id: 44, sensor: 40044 });
    const now = new Date();
    const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 23, 50);
    server(cow, {
      'POST news/news/gpko/num': ({ body }) => {
        const today = String((body as { timedate: string }).timedate).startsWith(localToday(now));
        const lastReadingAt = today ? new Date(Date.now() - 5 * 60_000) : yesterday;
        return ok({
          date: localToday(today ? now : yesterday),
          expected: 144,
          received: 140,
          filled: 3,
          missing: 4,
          lastReadingAt: lastReadingAt.toISOString(),
        });
      },
    });
    const user = userEvent.setup();
    await openCow(cow);
    expect((await screen.findByTestId('readings-count')).textContent).toMatch(/· last reading 5 min ago$/);
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() =>
      expect(screen.getByTestId('readings-count').textContent).toMatch(/· last reading 23:50$/),
    );
  });

  it("says 'No data on this date' for a day without readings, and asks again for the day before", async () => {
    const cow = makeCow({ id: 42 });
    const days: string[] = [];
    server(cow, {
      'POST gpko/line': ({ body }) => {
        days.push(String((body as { timedate: string }).timedate).slice(0, 10));
        return ok([reading(0, null), reading(1, null)]);
      },
    });
    const user = userEvent.setup();
    await openCow(cow);
    const empty = await screen.findByTestId('no-data-on-date');
    expect(within(empty).getByText('No data on this date')).toBeTruthy();
    expect(within(empty).getByText('Please re-select the date range')).toBeTruthy();
    expect(screen.queryByTestId('chart-temperature')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(days).toHaveLength(2));
    expect(days[1]! < days[0]!).toBe(true);
  });

  it('shows a failed call with its reason and a retry that asks again', async () => {
    const cow = makeCow({ id: 47 });
    let calls = 0;
    server(cow, {
      'POST gpko/hotdataynew': () => {
        calls += 1;
        return calls === 1
          ? fail(500, 'E_INTERNAL')
          : ok([{ time: at(1), temp: 39.7, average: 38.6, deviation: 0.65 }]);
      },
    });
    const user = userEvent.setup();
    await openCow(cow);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The server had a problem. Please try again later.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await summaryOf('temperature-average')).toMatch(/^Largest deviation \+0\.65 °C/);
  });

  it("shows 'Invalid payload' when the server refuses the request", async () => {
    const cow = makeCow({ id: 43 });
    server(cow, {
      'POST gpko/line': () => fail(400, 'E_VALIDATION', { msg: 'Invalid payload' }),
    });
    await openCow(cow);
    expect(await screen.findByText('Invalid payload')).toBeTruthy();
  });

  it('says a cow without a sensor wears none, and asks for no chart', async () => {
    const cow = makeCow({ id: 44, code: 'C44', sensor: null, sensorKind: null, sensorzt: 0 });
    const api = server(cow);
    await openCow(cow);
    expect(await screen.findByText('C44 wears no sensor')).toBeTruthy();
    expect(screen.queryByText('Invalid payload')).toBeNull();
    expect(api.requests.some((request) => request.path.includes('gpko'))).toBe(false);
  });
});

describe('cow charts: 7 and 30 days', () => {
  it('draws the week against her average and fever line, and activity beside her usual for the time of day', async () => {
    const cow = makeCow({ id: 48, sensor: 40048 });
    const api = server(cow);
    const user = userEvent.setup();
    await openCow(cow);
    await screen.findByTestId('chart-temperature');
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await summaryOf('week-temperature')).toBe(
      '2 values: lowest 38.70 °C, highest 39.10 °C, average 38.90 °C · Her 10-day average: 38.60 °C · Fever line: 39.55 °C',
    );
    expect(screen.getByTestId('chart-week-activity-summary').textContent).toBe(
      '4 values: lowest 60, highest 300, average 133',
    );
    expect(screen.getByLabelText('Last day')).toBeTruthy();
    const [body] = bodiesOf(api.requests, 'gpko/templinepynew');
    expect(body).toMatchObject({ id: 40048, city: 'Hongseong', country: 'KR' });
    expect(bodiesOf(api.requests, 'gpko/activitylinesix')).toHaveLength(1);
  });

  it('draws 30 days of daily temperature and activity', async () => {
    const cow = makeCow({ id: 49, sensor: 40049 });
    server(cow);
    const user = userEvent.setup();
    await openCow(cow);
    await screen.findByTestId('chart-temperature');
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    expect(await summaryOf('month-temperature')).toBe(
      '2 values: lowest 38.60 °C, highest 38.80 °C, average 38.70 °C',
    );
    expect(screen.getByTestId('chart-month-activity-summary').textContent).toBe(
      '2 values: lowest 1,000, highest 1,400, average 1,200 · 30-day mean: 1,200',
    );
  });

  it("leaves the day her sensor was fitted out of the month's figures, and says so", async () => {
    const cow = makeCow({ id: 53, sensor: 40053 });
    server(cow, {
      'POST gpko/activitylinerds': () =>
        ok([
          { date: '2025-05-29', activity: null, count: 0 },
          { date: '2025-05-30', activity: 300, count: 50 },
          { date: '2025-05-31', activity: 1000, count: 144 },
          { date: '2025-06-01', activity: 1400, count: 143 },
        ]),
    });
    const user = userEvent.setup();
    await openCow(cow);
    await screen.findByTestId('chart-temperature');
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    expect(await summaryOf('month-activity')).toBe(
      `2 values: lowest 1,000, highest 1,400, average 1,200 · 30-day mean: 1,200 · Read only in part, not counted in these figures: ${dayLabel('2025-05-30', 'en')} (50 of 144 readings)`,
    );
  });

  it("leaves the first 6 hours of her sensor out of the week's figures and her usual line", async () => {
    const cow = makeCow({ id: 54, sensor: 40054 });
    server(cow, {
      'POST gpko/activitylinesix': () =>
        ok([
          { time: at(0, 0, 1), activity: 10, count: 6 },
          { time: at(6, 0, 1), activity: 90, count: 36 },
          { time: at(0, 0, 2), activity: 80, count: 36 },
          { time: at(6, 0, 2), activity: 300, count: 36 },
        ]),
    });
    const user = userEvent.setup();
    await openCow(cow);
    await screen.findByTestId('chart-temperature');
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await summaryOf('week-activity')).toBe(
      `3 values: lowest 80, highest 300, average 157 · Read only in part, not counted in these figures: ${dayClockLabel(at(0, 0, 1), 'en')} (6 of 36 readings)`,
    );
  });

  it('names the series and guide lines in a key beneath the chart, where they cover no data', async () => {
    // (jsdom gives Recharts no size, so the drawing itself is checked in a browser; the key is plain HTML.)
    const cow = makeCow({ id: 52, sensor: 40052 });
    server(cow);
    const user = userEvent.setup();
    await openCow(cow);
    await screen.findByTestId('chart-temperature');
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    const month = await screen.findByTestId('chart-month-activity');
    expect(within(month).getByTestId('chart-legend').textContent).toBe('30-day mean');
    expect(
      within(screen.getByTestId('chart-month-temperature')).getByTestId('chart-legend').textContent,
    ).toBe('Daily meanHighestLowest');
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    const week = await screen.findByTestId('chart-week-temperature');
    expect(within(week).getByTestId('chart-legend').textContent).toBe('Her 10-day averageFever line');
  });

  it('draws the 6 hours and the day still running faint, and leaves them out of the figures', async () => {
    const now = new Date();
    const runningSince = new Date(
      now.getFullYear(),
      now.getMonth(),
      now.getDate(),
      Math.floor(now.getHours() / 6) * 6,
    );
    const sixHoursBefore = (times: number) =>
      new Date(runningSince.getTime() - times * 6 * 3_600_000).toISOString();
    const today = localToday(now);
    const yesterday = localToday(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
    const cow = makeCow({ id: 51, sensor: 40051 });
    server(cow, {
      'POST gpko/activitylinesix': () =>
        ok([
          { time: sixHoursBefore(3), activity: 60, count: 36 },
          { time: sixHoursBefore(2), activity: 90, count: 36 },
          { time: sixHoursBefore(1), activity: 80, count: 36 },
          { time: sixHoursBefore(0), activity: 5, count: 3 },
        ]),
      'POST gpko/activitylinerds': () =>
        ok([
          { date: yesterday, activity: 1400, count: 144 },
          { date: today, activity: 100, count: 10 },
        ]),
    });
    const user = userEvent.setup();
    await openCow(cow);
    await screen.findByTestId('chart-temperature');
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await screen.findByTestId('chart-week-activity-summary');
    // (How long it has run is the clock's: any tenth of an hour.)
    expect(screen.getByTestId('chart-week-activity-summary').textContent).toMatch(
      new RegExp(
        `^3 values: lowest 60, highest 90, average 77 · ${dayClockLabel(runningSince.toISOString(), 'en')} still ` +
          'running: [0-9.]+ of 6 h so far, not counted in these figures$',
      ),
    );
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    expect(await summaryOf('month-activity')).toMatch(
      new RegExp(
        `^1 value: lowest 1,400, highest 1,400, average 1,400 · 30-day mean: 1,400 · ${dayLabel(today, 'en')} still running: ` +
          '[0-9.]+ of 24 h so far, not counted in these figures$',
      ),
    );
  });

  it("says 'No data on this date' when the week has no reading", async () => {
    const cow = makeCow({ id: 50, sensor: 40050 });
    server(cow, {
      'POST gpko/templinepynew': () =>
        ok({ data: [{ time: at(0), temp: null }], average: null, tempadd: 0.45, feverLine: null }),
      'POST gpko/activitylinesix': () => ok([{ time: at(0), activity: null }]),
    });
    const user = userEvent.setup();
    await openCow(cow);
    await screen.findByTestId('chart-temperature');
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await screen.findByTestId('no-data-on-date')).toBeTruthy();
  });
});

describe('alert lines (uplow)', () => {
  it('draws the stored lines, saves new ones and redraws the charts with them', async () => {
    const cow = makeCow({ id: 51, sensor: 40051 });
    let stored = { ...noBounds(40051), tempUp: 39.5 as number | null, tempLow: 38 as number | null };
    const api = server(cow, {
      'POST news/news/gpko/uplow/40051': ({ body }) => {
        stored = { ...stored, ...(body as { datas: Partial<typeof stored> }).datas };
        return ok(stored);
      },
    });
    const user = userEvent.setup();
    await openCow(cow);
    await waitFor(async () =>
      expect(await summaryOf('temperature')).toMatch(
        /· Upper alert line: 39\.50 °C · Lower alert line: 38\.00 °C$/,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Alert lines' }));
    const form = screen.getByRole('form', { name: 'Alert lines' });
    const upper = within(form).getByLabelText('Temperature, upper (°C)');
    expect((upper as HTMLInputElement).value).toBe('39.5');
    await user.clear(upper);
    await user.type(upper, '39.8');
    await user.clear(within(form).getByLabelText('Temperature, lower (°C)'));
    await user.type(within(form).getByLabelText('Activity, upper (per reading)'), '30');
    await user.click(within(form).getByRole('button', { name: 'Save alert lines' }));
    await waitFor(async () =>
      expect(await summaryOf('temperature')).toMatch(/· Upper alert line: 39\.80 °C$/),
    );
    expect(screen.getByTestId('chart-activity-summary').textContent).toMatch(/· Upper alert line: 30\.0$/);
    expect(bodiesOf(api.requests, 'news/news/gpko/uplow/40051').at(-1)).toEqual({
      datas: { tempUp: 39.8, tempLow: null, activityUp: 30, activityLow: null },
    });
  });

  it('refuses a lower line at or above the upper one without sending it', async () => {
    const cow = makeCow({ id: 52, sensor: 40052 });
    const api = server(cow);
    const user = userEvent.setup();
    await openCow(cow);
    await user.click(await screen.findByRole('button', { name: 'Alert lines' }));
    const form = screen.getByRole('form', { name: 'Alert lines' });
    await user.type(within(form).getByLabelText('Temperature, upper (°C)'), '39');
    await user.type(within(form).getByLabelText('Temperature, lower (°C)'), '39.2');
    await user.click(within(form).getByRole('button', { name: 'Save alert lines' }));
    expect(within(form).getByText('The lower line must be below the upper line.')).toBeTruthy();
    expect(bodiesOf(api.requests, 'news/news/gpko/uplow/40052')).toEqual([{ datas: {} }]);
  });
});

describe('sensor page (ckcom)', () => {
  it('lists the sensors with their state and charts the chosen one', async () => {
    const api = server(makeCow({ id: 45 }), {
      'GET common/common/getckcomdata/F-100/KR': () =>
        ok({
          sensors: [
            { cowId: 45, code: 'C45', sensor: 40045, sensorKind: 'neck', sensorzt: 1, lastReadingAt: null },
            { cowId: 46, code: 'C46', sensor: 123, sensorKind: 'pill', sensorzt: 0, lastReadingAt: null },
          ],
          totals: { neck: 1, pill: 1, online: 1, offline: 1 },
        }),
      ...chartCalls(123),
      'POST gpko/line': () => ok([]),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/ckcom');
    const rows = await screen.findAllByTestId('sensor-row', {}, { timeout: 5000 });
    // The offline sensor first, whatever its number: it is the one to go and look at.
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^123 · C46.*Offline$/),
      expect.stringMatching(/^40045 · C45.*Online$/),
    ]);
    await user.click(rows[0] as HTMLElement);
    expect(await screen.findByText('No data on this date')).toBeTruthy();
    expect(bodiesOf(api.requests, 'gpko/line')[0]).toMatchObject({
      id: 123,
      city: 'Hongseong',
      country: 'KR',
    });
  });
});
