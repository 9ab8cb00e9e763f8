import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFarmServer as server } from '../../../test/fake-api';
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

describe('cow types (levsyt)', () => {
  const types = {
    types: [
      { id: 1, name: 'Breeding', costnb: 500, count: 12 },
      { id: 2, name: 'Heifers', costnb: 0, count: 3 },
    ],
    uncategorized: { count: 4 },
  };

  it('lists the types with their counts and costs, and the uncategorized bucket', async () => {
    server({
      'POST common/common/getusercowtype/F-100': () => ok(types),
      'GET wallet/wallet/getwallet/7': () => ok(wallet),
    });
    logIn();
    renderApp('/pages/index/levsyt');
    const cards = await screen.findAllByTestId('cow-type');
    expect(cards[0]?.textContent).toMatch(/Breeding12 cows · \$5\.00 per cow/);
    expect(cards[1]?.textContent).toMatch(/Heifers3 cows · free/);
    expect(screen.getByTestId('cow-type-uncategorized').textContent).toMatch(/Uncategorized4 cows/);
  });

  it('adds a type with its cost in minor units, and deletes one after a confirmation', async () => {
    const api = server({
      'POST common/common/getusercowtype/F-100': () => ok(types),
      'GET wallet/wallet/getwallet/7': () => ok(wallet),
      'POST common/common/addusercowtype/F-100': ({ body }) => ok({ id: 3, count: 0, ...(body as object) }),
      'DELETE common/common/delusercowtype/1': () => ok({ id: 1, movedToUncategorized: 12 }),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/levsyt');
    await user.click(await screen.findByRole('button', { name: 'Add type' }));
    const editor = within(await screen.findByRole('dialog'));
    await user.type(editor.getByLabelText(/Name/), 'Dry cows');
    await user.clear(editor.getByLabelText(/Cost per cow/));
    await user.type(editor.getByLabelText(/Cost per cow/), '12.5');
    await user.click(editor.getByRole('button', { name: 'Save type' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === 'common/common/addusercowtype/F-100')?.body).toEqual({
        name: 'Dry cows',
        costnb: 1250,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Breeding' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText(/Its 12 cows move to Uncategorized/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Delete type' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('says when a name is taken', async () => {
    server({
      'POST common/common/getusercowtype/F-100': () => ok(types),
      'GET wallet/wallet/getwallet/7': () => ok(wallet),
      'POST common/common/addusercowtype/F-100': () => fail(409, 'E_COW_TYPE_NAME_TAKEN'),
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/levsyt');
    await user.click(await screen.findByRole('button', { name: 'Add type' }));
    const editor = within(await screen.findByRole('dialog'));
    await user.type(editor.getByLabelText(/Name/), 'breeding');
    await user.click(editor.getByRole('button', { name: 'Save type' }));
    expect((await editor.findByRole('alert')).textContent).toBe('A cow type with this name already exists.');
  });
});
