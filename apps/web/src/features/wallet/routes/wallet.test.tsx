import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFarmServer as server, type FakeRequest } from '../../../test/fake-api';
import { walletHandlers } from '../../../test/money';
import { logIn, renderApp } from '../../../test/render';
import { goToCheckout } from '../components/top-up-card';

const setup = () => userEvent.setup({ delay: null });

afterEach(() => vi.restoreAllMocks());

describe('wallet', () => {
  it('shows the balance and the month’s usage costs oldest first, each with the balance after it', async () => {
    server(walletHandlers());
    logIn();
    renderApp('/pages/index/wallet');
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('$1,234.50');
    const list = await screen.findByRole('list', { name: 'Usage costs' });
    const lines = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines[0]).toContain('Top-up');
    expect(lines[0]).toContain('+$50.00');
    expect(lines[0]).toContain('$1,259.50');
    expect(lines[1]).toContain('Breeding: 5 cows');
    expect(lines[1]).toContain('-$25.00');
    expect(screen.getByTestId('statement-opening').textContent).toBe('$1,209.50');
    expect(screen.getByTestId('statement-closing').textContent).toBe('$1,234.50');
  });

  it('exports the month as a CSV file named after it', async () => {
    server(walletHandlers());
    logIn();
    const user = setup();
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/pages/index/wallet');
    await screen.findByRole('list', { name: 'Usage costs' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^cowcare-statement-\d{4}-\d{2}\.csv$/);
    const text = await blobs[0]?.text();
    expect(text?.split('\r\n')).toEqual([
      'Date,Type,Description,Amount,Balance after,Currency,Order',
      '2026-11-02T09:00:00.000Z,Top-up,Top-up,50.00,1259.50,USD,11',
      '2026-11-03T10:00:00.000Z,Breeding: 5 cows,Cow type Breeding,-25.00,1234.50,USD,',
    ]);
  });

  it('asks for another month from the picker', async () => {
    const api = server(walletHandlers());
    logIn();
    const user = setup();
    renderApp('/pages/index/wallet');
    await screen.findByRole('list', { name: 'Usage costs' });
    await user.click(screen.getByLabelText('Month', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'October 2026' }));
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === 'wallet/statement/7?month=2026-10')).toBe(true),
    );
  });
});

describe('top-up', () => {
  it('sends a preset to the provider’s checkout page', async () => {
    const sent: FakeRequest[] = [];
    server(
      walletHandlers({
        'POST wallet/topup/7': (request) => {
          sent.push(request);
          return ok({ orderId: 12, checkoutUrl: 'http://localhost/sandbox/checkout/12' });
        },
      }),
    );
    const assign = vi.spyOn(goToCheckout, 'assign').mockImplementation(() => undefined);
    logIn();
    const user = setup();
    renderApp('/pages/index/wallet');
    await user.click(await screen.findByRole('button', { name: '$50.00' }));
    await user.click(screen.getByRole('button', { name: 'Top up $50.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout/12'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ amount: 5000 });
    expect((sent[0]?.body as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('converts a typed amount and says clearly when it is outside the limits', async () => {
    const sent: FakeRequest[] = [];
    server(
      walletHandlers({
        'POST wallet/topup/7': (request) => {
          sent.push(request);
          return ok({ orderId: 12, checkoutUrl: 'http://localhost/pay/12' });
        },
      }),
    );
    vi.spyOn(goToCheckout, 'assign').mockImplementation(() => undefined);
    logIn();
    const user = setup();
    renderApp('/pages/index/wallet');
    const field = await screen.findByRole('textbox', { name: 'Amount (USD)' });
    await user.type(field, '4.99');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('The smallest top-up is $5.00.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '1000.01');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('The largest top-up is $1,000.00.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '12.345');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('USD amounts have at most 2 decimal places.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(field);
    await user.type(field, '12,5');
    await user.click(screen.getByRole('button', { name: 'Top up $12.50' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ amount: 1250 });
  });

  it('retries a lost answer with the same key, and a new amount or a refusal gets a new one', async () => {
    const keys: string[] = [];
    const replies = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => fail(503, 'E_SERVER'),
      () => fail(400, 'E_VALIDATION'),
      () => ok({ orderId: 12, checkoutUrl: 'http://localhost/pay/12' }),
      () => ok({ orderId: 13, checkoutUrl: 'http://localhost/pay/13' }),
    ];
    server(
      walletHandlers({
        'POST wallet/topup/7': (request) => {
          keys.push((request.body as { idempotencyKey: string }).idempotencyKey);
          const reply = replies.shift();
          if (!reply) throw new Error('too many top-ups');
          return reply();
        },
      }),
    );
    vi.spyOn(goToCheckout, 'assign').mockImplementation(() => undefined);
    logIn();
    const user = setup();
    renderApp('/pages/index/wallet');
    await user.click(await screen.findByRole('button', { name: '$20.00' }));
    const pay = () => user.click(screen.getByRole('button', { name: /^Top up \$/ }));
    await pay();
    await screen.findByRole('alert');
    await pay();
    await waitFor(() => expect(keys).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Top up \$/ }).hasAttribute('data-loading')).toBe(false),
    );
    await pay();
    await waitFor(() => expect(keys).toHaveLength(3));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Top up \$/ }).hasAttribute('data-loading')).toBe(false),
    );
    await pay();
    await waitFor(() => expect(keys).toHaveLength(4));
    // No answer, then a server failure: the same attempt. A 400 ended it: the next tap is a new attempt.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('a different amount is a different attempt', async () => {
    const keys: string[] = [];
    server(
      walletHandlers({
        'POST wallet/topup/7': (request) => {
          keys.push((request.body as { idempotencyKey: string }).idempotencyKey);
          return Promise.reject(new TypeError('Failed to fetch'));
        },
      }),
    );
    logIn();
    const user = setup();
    renderApp('/pages/index/wallet');
    await user.click(await screen.findByRole('button', { name: '$20.00' }));
    await user.click(screen.getByRole('button', { name: 'Top up $20.00' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: '$50.00' }));
    await user.click(screen.getByRole('button', { name: 'Top up $50.00' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });
});
