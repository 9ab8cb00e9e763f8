import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fail, ok, type FakeReply, type FakeRequest } from '../../../test/fake-api';
import { order } from '../../../test/money';
import { renderAlone } from '../../../test/render';
import { saveSupportToken } from '../api/support-client';
import { FarmOrders } from './farm-orders';

const paidTopUp = order({ id: 11 });
const failedTopUp = order({
  id: 12,
  state: 'failed',
  events: [{ state: 'failed', source: 'provider', detail: 'card declined', at: '2026-11-02T09:05:00.000Z' }],
});

function stub(refund: (request: FakeRequest) => FakeReply) {
  const sent: FakeRequest[] = [];
  const api = fakeApi({
    'GET support/farms/3/orders': () =>
      ok({ balance: 123450, currency: 'USD', currencyDigits: 2, orders: [paidTopUp, failedTopUp] }),
    'POST support/orders/11/refund': (request) => {
      sent.push(request);
      return refund(request);
    },
  });
  vi.stubGlobal('fetch', api.fetch);
  return sent;
}

beforeEach(() => saveSupportToken('admin-token'));

describe('support console: a farm’s orders', () => {
  it('lists the orders with their events; only a paid one can be refunded', async () => {
    stub(() => ok(paidTopUp));
    renderAlone(<FarmOrders farmId={3} />);
    expect(await screen.findByText('Orders · wallet $1,234.50')).toBeTruthy();
    expect(screen.getByText(/card declined/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Refund' })).toHaveLength(1);
  });

  it('refunds after a reason and a confirmation, with one key across a retry of a lost answer', async () => {
    const replies: Array<() => FakeReply> = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => ok({ ...paidTopUp, state: 'refunded' }),
    ];
    const sent = stub(() => (replies.shift() ?? (() => fail(409, 'E_CONFLICT')))());
    const user = userEvent.setup({ delay: null });
    renderAlone(<FarmOrders farmId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order 11' });
    expect(within(dialog).getByRole('button', { name: 'Refund…' }).hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Paid twice by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Refund…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund $50.00' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Refund…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund $50.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toEqual(sent[1]?.body);
    expect(sent[0]?.body).toMatchObject({ reason: 'Paid twice by mistake' });
  });

  it('explains a refund the wallet has already spent', async () => {
    stub(() => fail(409, 'E_INSUFFICIENT_BALANCE'));
    const user = userEvent.setup({ delay: null });
    renderAlone(<FarmOrders farmId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order 11' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Customer asked');
    await user.click(within(dialog).getByRole('button', { name: 'Refund…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund $50.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'the farm has already spent this top-up',
    );
  });
});
