import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFarmServer as server, type FakeRequest } from '../../../test/fake-api';
import { order, plans, walletHandlers } from '../../../test/money';
import { logIn, renderApp } from '../../../test/render';

const subscribed = {
  ...plans,
  subscription: {
    id: 4,
    planId: 1,
    planName: 'Per cow',
    periodStart: '2026-11-01',
    periodEnd: '2026-12-01',
    nextCharge: 1800,
    startedAt: '2026-11-10T08:00:00.000Z',
  },
};

describe('the monitoring plan', () => {
  it('shows each plan’s price and what a month would cost now; a flat plan too small for the herd cannot be chosen', async () => {
    server(walletHandlers());
    logIn();
    renderApp('/pages/index/wallet');
    const perCow = await screen.findByRole('listitem', { name: 'Per cow' });
    expect(perCow.textContent).toContain('$1.50 per monitored cow a month');
    expect(perCow.textContent).toContain('A whole month now: $18.00');
    const tiny = screen.getByRole('listitem', { name: 'Tiny herd' });
    expect(tiny.textContent).toContain('$9.00 a month, for up to 10 cows');
    expect(within(tiny).getByRole('button', { name: 'Subscribe' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Cows wearing a sensor now: 12')).toBeTruthy();
  });

  it('subscribes after a confirmation, with a key per attempt', async () => {
    const sent: FakeRequest[] = [];
    let now = plans;
    server(
      walletHandlers({
        'GET wallet/plans/7': () => ok(now),
        'POST wallet/subscribe/7': (request) => {
          sent.push(request);
          now = subscribed;
          return ok({
            order: order({ id: 20, kind: 'subscribe', method: 'wallet' }),
            plans: subscribed,
            balance: 121650,
          });
        },
      }),
    );
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/wallet');
    const perCow = await screen.findByRole('listitem', { name: 'Per cow' });
    await user.click(within(perCow).getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Per cow?' });
    expect(dialog.textContent).toContain('a whole month is $18.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay' }));
    expect(await screen.findByText('Current plan: Per cow')).toBeTruthy();
    expect(screen.getByTestId('current-plan').textContent).toContain('$18.00');
    expect(sent[0]?.body).toMatchObject({ planId: 1 });
  });

  it('changing plans says what is refunded and what is charged', async () => {
    server(walletHandlers({ 'GET wallet/plans/7': () => ok(subscribed) }));
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/wallet');
    const small = await screen.findByRole('listitem', { name: 'Small herd' });
    await user.click(within(small).getByRole('button', { name: 'Change to this plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Small herd?' });
    expect(dialog.textContent).toContain('The unused days of Per cow are refunded to the wallet');
  });

  it('says clearly when the wallet does not cover it, and offers the top-up', async () => {
    server(walletHandlers({ 'POST wallet/subscribe/7': () => fail(409, 'E_INSUFFICIENT_BALANCE') }));
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/wallet');
    const perCow = await screen.findByRole('listitem', { name: 'Per cow' });
    await user.click(within(perCow).getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Per cow?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay' }));
    const message = await screen.findByTestId('plans-error');
    expect(message.textContent).toContain(
      'The wallet balance is not enough for this. Nothing was charged. Top up the wallet, then try again.',
    );
    await user.click(within(message).getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('top-up-amount'));
  });

  it('cancels after a confirmation', async () => {
    const sent: FakeRequest[] = [];
    server(
      walletHandlers({
        'GET wallet/plans/7': () => ok(subscribed),
        'POST wallet/cancel-plan/7': (request) => {
          sent.push(request);
          return ok({ order: order({ id: 21, kind: 'cancel', method: 'wallet' }), plans, balance: 124000 });
        },
      }),
    );
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/wallet');
    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'End Per cow?' });
    await user.click(within(dialog).getByRole('button', { name: 'End the plan' }));
    expect(await screen.findByText(/^No plan yet\./)).toBeTruthy();
    expect((sent[0]?.body as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
