import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { makeCow } from '../../../test/cows';
import { fail, fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

const reading = (num: number, temp: number | null, filled = false) => ({
  num,
  timedate: new Date(Date.UTC(2025, 5, 1, 0, num * 10)).toISOString(),
  temp,
  activity: temp === null ? null : 12,
  drink: temp === null ? null : 0,
  filled,
});

function server(cow: Cow, extra: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    [`GET common/common/getDataById/cowinfo/${cow.id}`]: () => ok(cow),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function openCow(cow: Cow) {
  logIn();
  const view = renderApp(`/pages/index/cow?id=${cow.id}`);
  await screen.findByRole('heading', { name: cow.code });
  return view;
}

describe('cow charts', () => {
  it('draws temperature, activity and drinking of the day, with a text summary', async () => {
    const cow = makeCow({ id: 41, sensor: 40041, city: 'Hongseong', country: 'KR' });
    const api = server(cow, {
      'POST gpko/line': () => ok([reading(0, 38.5), reading(1, 38.9, true), reading(2, 39.3)]),
    });
    await openCow(cow);
    const summary = await screen.findByTestId('chart-temperature-summary');
    expect(summary.textContent).toBe('3 readings: lowest 38.50 °C, highest 39.30 °C, average 38.90 °C');
    expect(screen.getByTestId('readings-count').textContent).toMatch(/3 readings.*1 of them filled/);
    expect(screen.getByTestId('chart-activity')).toBeTruthy();
    expect(screen.getByTestId('chart-drinking')).toBeTruthy();
    const body = api.requests.find((request) => request.path === 'gpko/line')?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ id: 40041, city: 'Hongseong', country: 'KR' });
    expect(body.timedate).toMatch(/^\d{4}-\d{2}-\d{2}T12:00:00[+-]\d{2}:\d{2}$/);
  });

  it("says 'No data on this date' for a day without readings and asks for another day", async () => {
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
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(days).toHaveLength(2));
    expect(days[1]! < days[0]!).toBe(true);
  });

  it("shows 'Invalid payload' when the server refuses the request", async () => {
    const cow = makeCow({ id: 43 });
    server(cow, {
      'POST gpko/line': () => fail(400, 'E_VALIDATION', { msg: 'Invalid payload' }),
    });
    await openCow(cow);
    expect(await screen.findByText('Invalid payload')).toBeTruthy();
  });

  it("fails with 'Invalid payload' without a request for a cow without a sensor", async () => {
    const cow = makeCow({ id: 44, sensor: null, sensorKind: null, sensorzt: 0 });
    const api = server(cow);
    await openCow(cow);
    expect(await screen.findByText('Invalid payload')).toBeTruthy();
    expect(api.requests.some((request) => request.path === 'gpko/line')).toBe(false);
  });
});

describe('sensor page (ckcom)', () => {
  it('lists the sensors with their state and charts the chosen one', async () => {
    server(makeCow({ id: 45 }), {
      'GET common/common/getckcomdata/F-100/KR': () =>
        ok({
          sensors: [
            { cowId: 45, code: 'C45', sensor: 40045, sensorKind: 'neck', sensorzt: 1, lastReadingAt: null },
            { cowId: 46, code: 'C46', sensor: 123, sensorKind: 'pill', sensorzt: 0, lastReadingAt: null },
          ],
          totals: { neck: 1, pill: 1, online: 1, offline: 1 },
        }),
      'POST gpko/line': () => ok([]),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/ckcom');
    const rows = await screen.findAllByTestId('sensor-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByText('Offline')).toBeTruthy();
    await user.click(rows[1] as HTMLElement);
    expect(await screen.findByText('No data on this date')).toBeTruthy();
  });
});
