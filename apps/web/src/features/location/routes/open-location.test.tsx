import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CowLocation, FarmLocation, HerdPosition, Paddock } from '@cowcare/contract/routes/location';
import { fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

const tiles = { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: 'Test tiles', maxZoom: 19 };
const field: Paddock = {
  id: 3,
  name: 'North field',
  boundary: [
    { lat: 37, lon: 127 },
    { lat: 37, lon: 127.001 },
    { lat: 37.001, lon: 127.001 },
  ],
  cowIds: [5],
};

function server(extra: Record<string, FakeHandler>) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    'GET location/farm': () =>
      ok({ location: { lat: 37, lon: 127 }, pens: [], tiles } satisfies FarmLocation),
    'GET location/paddocks': () => ok([field]),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

describe('open-location', () => {
  it("shows a GPS cow's fix with its time, her track and her paddock, and moves her to none", async () => {
    const location: CowLocation = {
      cowId: 5,
      code: 'C5',
      position: { lat: 37.0005, lon: 127.0005, at: '2026-06-01T10:00:00Z', source: 'gps' },
      track: [
        { lat: 37.0001, lon: 127.0001, at: '2026-06-01T09:00:00Z' },
        { lat: 37.0005, lon: 127.0005, at: '2026-06-01T10:00:00Z' },
      ],
      paddock: field,
    };
    const api = server({
      'GET location/cow/5': () => ok(location),
      'PUT location/cow/5/paddock': () => ok({ cowId: 5, paddockId: null }),
    });
    logIn();
    renderApp('/open-location?cow=5');
    expect((await screen.findByTestId('position-time')).textContent).toMatch(/^GPS position taken .*2026/);
    expect(screen.getByTestId('track-summary').textContent).toBe('Track of the last 24 hours, positions: 2');
    expect(screen.getByRole('region', { name: 'Map of C5' })).toBeTruthy();
    expect(screen.getByText('Test tiles')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Her paddock' }));
    await userEvent.click(await screen.findByRole('option', { name: 'No paddock' }));
    await vi.waitFor(() =>
      expect(
        api.requests.find((request) => request.method === 'PUT' && request.path === 'location/cow/5/paddock')
          ?.body,
      ).toEqual({ paddockId: null }),
    );
  });

  it('says where a cow without GPS is shown: her paddock, placed by hand', async () => {
    server({
      'GET location/cow/6': () =>
        ok({
          cowId: 6,
          code: 'C6',
          position: { lat: 37.0003, lon: 127.0006, at: null, source: 'paddock' },
          track: [],
          paddock: field,
        } satisfies CowLocation),
    });
    logIn();
    renderApp('/open-location?cow=6');
    expect((await screen.findByTestId('position-time')).textContent).toBe(
      'Shown at her paddock “North field” (placed by hand)',
    );
    expect(screen.queryByTestId('track-summary')).toBeNull();
  });

  it('lists the herd under the map, each cow leading to her location, alerts said in words', async () => {
    const herd: HerdPosition[] = [
      {
        cowId: 5,
        code: 'C5',
        status: '임신',
        alert: true,
        position: { lat: 37, lon: 127, at: null, source: 'pen' },
      },
      {
        cowId: 8,
        code: 'C8',
        status: '발정탐지',
        alert: false,
        position: { lat: 37.0002, lon: 127.0002, at: new Date().toISOString(), source: 'gps' },
      },
    ];
    server({ 'GET location/herd': () => ok(herd) });
    logIn();
    renderApp('/open-location');
    const list = await screen.findByRole('list', { name: 'Cows on the map' });
    const rows = within(list).getAllByTestId('herd-position');
    expect(rows.map((row) => row.textContent)).toEqual(['C5In her pen · unread notices', 'C8GPS just now']);
    expect(within(list).getByRole('link', { name: 'C8' }).getAttribute('href')).toBe('/open-location?cow=8');
  });
});
