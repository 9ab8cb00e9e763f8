import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FarmLocation } from '@cowcare/contract/routes/location';
import { fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

const tiles = { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: 'Test tiles', maxZoom: 19 };

function server(farm: FarmLocation, extra: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    'GET location/farm': () => ok(farm),
    'GET location/paddocks': () => ok([]),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

const sent = (api: ReturnType<typeof server>, method: string, path: string) =>
  api.requests.find((request) => request.method === method && request.path === path)?.body;

describe('choose-location', () => {
  it("sets the farm's point from typed coordinates (the map is not the only way in)", async () => {
    const api = server(
      { location: null, pens: [], tiles },
      { 'PUT location/farm': () => ok({ location: { lat: 37.26, lon: 127.03 }, pens: [], tiles }) },
    );
    logIn();
    renderApp('/choose-location?for=farm');
    expect(await screen.findByText('No point chosen yet')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save location' }).disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Latitude' }), '37.26');
    await userEvent.type(screen.getByRole('textbox', { name: 'Longitude' }), '127.03');
    expect(screen.getByTestId('picked-point').textContent).toBe('Chosen: 37.26000, 127.03000');
    await userEvent.click(screen.getByRole('button', { name: 'Save location' }));
    await vi.waitFor(() => expect(sent(api, 'PUT', 'location/farm')).toEqual({ lat: 37.26, lon: 127.03 }));
  });

  it("opens a pen at its own point once set, and saves the pen's, not the farm's", async () => {
    const api = server(
      {
        location: { lat: 37, lon: 127 },
        pens: [{ cowTypeId: 4, location: { lat: 36.5, lon: 126.5 } }],
        tiles,
      },
      { 'PUT location/pen/4': () => ok({ cowTypeId: 4, location: { lat: 36.5, lon: 126.5 } }) },
    );
    logIn();
    renderApp('/choose-location?for=pen&id=4');
    expect((await screen.findByTestId('picked-point')).textContent).toBe('Chosen: 36.50000, 126.50000');
    await userEvent.click(screen.getByRole('button', { name: 'Save location' }));
    await vi.waitFor(() => expect(sent(api, 'PUT', 'location/pen/4')).toEqual({ lat: 36.5, lon: 126.5 }));
    expect(sent(api, 'PUT', 'location/farm')).toBeUndefined();
  });
});
