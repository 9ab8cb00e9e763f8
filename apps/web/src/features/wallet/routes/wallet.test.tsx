import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubFarmServer as server } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

const wallet = {
  balance: 123450,
  currency: 'USD',
  currencyDigits: 2,
  entries: [
    {
      id: 1,
      kind: 'charge',
      amount: -2500,
      description: 'Cow type Breeding',
      cowCount: 5,
      typeName: 'Breeding',
      createdAt: '2025-05-01T10:00:00Z',
    },
  ],
};

describe('wallet', () => {
  it('shows the balance and the usage costs in the farm currency', async () => {
    server({ 'GET wallet/wallet/getwallet/7': () => ok(wallet) });
    logIn();
    renderApp('/pages/index/wallet');
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('$1,234.50');
    expect(screen.getByText('Breeding: 5 cows')).toBeTruthy();
    expect(screen.getByText('-$25.00')).toBeTruthy();
  });

  it('says so when there are no usage costs yet', async () => {
    server({ 'GET wallet/wallet/getwallet/7': () => ok({ ...wallet, balance: 0, entries: [] }) });
    logIn();
    renderApp('/pages/index/wallet');
    expect(await screen.findByText('No usage costs yet')).toBeTruthy();
  });
});
