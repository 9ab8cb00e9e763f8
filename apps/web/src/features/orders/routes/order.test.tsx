import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFarmServer as server } from '../../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../../test/render';
import { order, walletHandlers } from '../../../test/money';

describe('orders', () => {
  it('lists the farm’s orders with state, amount and method, and opens one with its events', async () => {
    server(walletHandlers({ 'GET wallet/order/7/11': () => ok(order()) }));
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/wallet');
    const list = await screen.findByRole('list', { name: 'Orders' });
    const row = within(list).getByRole('link');
    expect(row.textContent).toContain('Top-up');
    expect(row.textContent).toContain('Paid');
    expect(row.textContent).toContain('$50.00');
    expect(row.textContent).toContain('Test card (sandbox)');
    await user.click(row);
    expect((await screen.findByTestId('order-amount')).textContent).toBe('$50.00');
    expect(screen.getByText('Created · You')).toBeTruthy();
    expect(screen.getByText('Paid · Payment provider')).toBeTruthy();
    expect(screen.getByText('card 4242')).toBeTruthy();
  });

  it('says an order that is not the farm’s was not found', async () => {
    server({ 'GET wallet/order/7/99': () => fail(404, 'E_NOT_FOUND') });
    logIn();
    renderApp('/pages/index/wallet/order/99');
    expect(await screen.findByText('Order not found')).toBeTruthy();
  });
});

describe('money is the owner’s', () => {
  it.each(['/pages/index/wallet', '/pages/index/wallet?order=12', '/pages/index/wallet/order/11'])(
    'staff at %s see that it is the owner’s, and no money call is made',
    async (path) => {
      const api = server({});
      logIn({ ...demoUser, role: 'staff' });
      renderApp(path);
      expect(
        await screen.findByText(
          "Only the farm's owner can open this page. Ask them if something here needs changing.",
        ),
      ).toBeTruthy();
      expect(api.requests.filter((request) => request.path.startsWith('wallet/'))).toEqual([]);
      expect(screen.queryByTestId('wallet-balance')).toBeNull();
    },
  );
});
