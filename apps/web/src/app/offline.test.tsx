import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { createQueryClient } from '../lib/query-client';
import { cowPageHandlers, makeCow } from '../test/cows';
import { fakeApi } from '../test/fake-api';
import { logIn, renderApp } from '../test/render';

function server(cow: Cow) {
  const api = fakeApi(cowPageHandlers(cow));
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function openCowWithTheAppsClient(cow: Cow) {
  logIn();
  const queryClient = createQueryClient();
  renderApp(`/pages/index/cow?id=${cow.id}`, { queryClient });
  await screen.findByRole('heading', { name: cow.code });
}

/** As the browser does when the signal goes: navigator.onLine turns false and window hears "offline". */
function setNetwork(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  setNetwork(true);
  onlineManager.setOnline(true);
});

describe('the app without a network', () => {
  it('marks the page offline with the time of its data, and the mark goes when the network returns', async () => {
    const cow = makeCow({ id: 5, code: 'C5' });
    server(cow);
    await openCowWithTheAppsClient(cow);
    expect(screen.queryByTestId('offline-mark')).toBeNull();

    setNetwork(false);
    const mark = await screen.findByTestId('offline-mark');
    expect(mark.textContent).toMatch(/^Offline — data from \d{1,2}:\d{2}/);
    expect(mark.textContent).toContain('Changes need the network.');
    // The page keeps what it showed.
    expect(screen.getByRole('heading', { name: 'C5' })).toBeTruthy();

    setNetwork(true);
    await waitFor(() => expect(screen.queryByTestId('offline-mark')).toBeNull());
  });

  it('refuses an edit with a clear word instead of keeping it for later', async () => {
    const cow = makeCow({ id: 9, code: 'C9', sensor: 40009 });
    const api = server(cow);
    const user = userEvent.setup();
    await openCowWithTheAppsClient(cow);
    setNetwork(false);

    await user.click(screen.getByRole('button', { name: 'Edit cow info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit C9' });
    const parity = within(dialog).getByLabelText<HTMLInputElement>(/^Parity/, { selector: 'input' });
    await user.clear(parity);
    await user.type(parity, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText(
        'You are offline: this needs the network. Try again when you are connected.',
      ),
    ).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    // Nothing was queued: back online, nothing is sent until the user saves again.
    setNetwork(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});
