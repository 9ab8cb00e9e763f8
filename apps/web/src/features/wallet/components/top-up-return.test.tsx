import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFarmServer as server, type FakeRequest } from '../../../test/fake-api';
import { order, wallet, walletHandlers } from '../../../test/money';
import { logIn, renderApp } from '../../../test/render';
import { appEvents } from '../../../lib/event-bus';
import { markPaySuccessShown, wasPaySuccessShown } from '../../../lib/payment-success';
import { goToCheckout } from './top-up-card';

afterEach(() => vi.restoreAllMocks());

describe('back from the payment provider', () => {
  it('waits for the provider’s confirmation, then shows the new balance and the payment-success modal', async () => {
    const states = ['pending', 'pending', 'paid'] as const;
    let balance = wallet.balance;
    const api = server(
      walletHandlers({
        'GET wallet/wallet/getwallet/7': () => ok({ ...wallet, balance }),
        'GET wallet/order/7/12': () => {
          const state = states.length > 1 ? states[0] : 'paid';
          if (states.length > 1) (states as unknown as string[]).shift();
          if (state === 'paid') balance = wallet.balance + 5000;
          return ok(order({ id: 12, state }));
        },
      }),
    );
    logIn();
    renderApp('/pages/index/wallet?order=12');
    expect(
      await screen.findByText('Waiting for the payment provider to confirm your payment of $50.00…'),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'Paid: $50.00 was added to the wallet. The balance is now $1,284.50.',
        {},
        { timeout: 9_000 },
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('$1,284.50');
    const asked = () => api.requests.filter((request) => request.path === 'wallet/order/7/12').length;
    const afterPaid = asked();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Paid: no more polling.
    expect(asked()).toBe(afterPaid);
  }, 15_000);

  it('does not show the modal again for a payment this tab has already shown it for', async () => {
    server(walletHandlers({ 'GET wallet/order/7/12': () => ok(order({ id: 12, state: 'paid' })) }));
    markPaySuccessShown(12);
    logIn();
    renderApp('/pages/index/wallet?order=12');
    expect(await screen.findByText(/^Paid: \$50\.00 was added to the wallet\./)).toBeTruthy();
    expect(screen.queryByText('Payment successful')).toBeNull();
  });

  it('the socket’s paysuccess shows the modal too, and marks the order so it is shown once', async () => {
    server(walletHandlers({ 'GET wallet/order/7/12': () => ok(order({ id: 12, state: 'pending' })) }));
    logIn();
    renderApp('/pages/index/wallet?order=12');
    await screen.findByText('Waiting for the payment provider to confirm your payment of $50.00…');
    expect(screen.queryByText('Payment successful')).toBeNull();
    appEvents.emit('socket_paysuccess', {
      orderId: 12,
      amount: 5000,
      currency: 'USD',
      currencyDigits: 2,
      balance: 128450,
    });
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    expect(wasPaySuccessShown(12)).toBe(true);
  });

  it('says a declined payment was declined, and Try again starts a new top-up of the same amount', async () => {
    const sent: FakeRequest[] = [];
    server(
      walletHandlers({
        'GET wallet/order/7/12': () => ok(order({ id: 12, state: 'failed' })),
        'POST wallet/topup/7': (request) => {
          sent.push(request);
          return ok({ orderId: 13, checkoutUrl: 'http://localhost/pay/13' });
        },
      }),
    );
    const assign = vi.spyOn(goToCheckout, 'assign').mockImplementation(() => undefined);
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/wallet?order=12');
    expect(await screen.findByText('The payment of $50.00 was declined. Nothing was charged.')).toBeTruthy();
    expect(screen.queryByText('Payment successful')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/pay/13'));
    expect(sent[0]?.body).toMatchObject({ amount: 5000 });
  });

  it('is neutral when the user gave up on the provider’s page', async () => {
    const api = server(
      walletHandlers({ 'GET wallet/order/7/12': () => ok(order({ id: 12, state: 'created' })) }),
    );
    logIn();
    renderApp('/pages/index/wallet?order=12&cancelled=1');
    expect(
      await screen.findByText(
        'You left the payment page, so the top-up of $50.00 was not made. Nothing was charged.',
      ),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Nothing to wait for: it is asked once.
    expect(api.requests.filter((request) => request.path === 'wallet/order/7/12').length).toBe(1);
  });

  it('says so when the order is not the farm’s', async () => {
    server(walletHandlers({ 'GET wallet/order/7/99': () => fail(404, 'E_NOT_FOUND') }));
    logIn();
    renderApp('/pages/index/wallet?order=99');
    expect(
      await screen.findByText('This payment could not be found. Your orders below show every top-up.'),
    ).toBeTruthy();
  });
});
