import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCow } from '../../../test/cows';
import { fail, ok, stubFarmServer as server, type FakeRequest } from '../../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../../test/render';

const owner = {
  id: 7,
  username: 'demo',
  name: 'Demo Farmer',
  phone: '010-1234-5678',
  role: 'owner',
  you: true,
};
const helper = {
  id: 9,
  username: 'mina',
  name: 'Mina Park',
  phone: '010-2222-3333',
  role: 'staff',
  you: false,
};
const openCode = {
  id: 4,
  createdAt: '2025-05-01T10:00:00Z',
  expiresAt: '2025-05-08T10:00:00Z',
  createdBy: 'Demo Farmer',
};

const staffList =
  (members = [owner, helper], invitations = [openCode]) =>
  () =>
    ok({ members, invitations });

describe('staff screen', () => {
  it('lists the members with their roles and the open codes', async () => {
    server({ 'GET staff/members': staffList() });
    logIn();
    renderApp('/pages/index/staff');
    const mina = await screen.findByRole('listitem', { name: 'Mina Park' });
    expect(within(mina).getByText('mina · 010-2222-3333')).toBeTruthy();
    expect(within(mina).getByRole<HTMLSelectElement>('combobox', { name: 'Role of Mina Park' }).value).toBe(
      'staff',
    );
    const me = screen.getByRole('listitem', { name: 'Demo Farmer' });
    expect(within(me).getByText('You')).toBeTruthy();
    expect(screen.getByText(/Made by Demo Farmer · expires/)).toBeTruthy();
  });

  it('makes an invitation code and shows it once with a copy button', async () => {
    let listed = [openCode];
    const api = server({
      'GET staff/members': () => ok({ members: [owner], invitations: listed }),
      'POST staff/invitations': () => {
        const made = { ...openCode, id: 5 };
        listed = [made, openCode];
        return ok({ ...made, code: 'K7QM9-XPA2H' });
      },
    });
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/staff');
    await user.click(await screen.findByRole('button', { name: 'Create invitation code' }));
    expect((await screen.findByTestId('invitation-code')).textContent).toBe('K7QM9-XPA2H');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
    expect(screen.getByText('Copy it now: the code is shown only this once.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(/Made by Demo Farmer/)).toHaveLength(2));
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('changes a role in place', async () => {
    const sent: FakeRequest[] = [];
    server({
      'GET staff/members': staffList(),
      'PUT staff/members/9/role': (request) => {
        sent.push(request);
        return ok({ ...helper, role: 'owner' });
      },
    });
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/staff');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Mina Park' }), 'owner');
    await waitFor(() => expect(sent.map((request) => request.body)).toEqual([{ role: 'owner' }]));
    expect(await screen.findByText('Role saved')).toBeTruthy();
  });

  it('says why the farm keeps its last owner', async () => {
    server({
      'GET staff/members': staffList([owner], []),
      'PUT staff/members/7/role': () => fail(409, 'E_LAST_OWNER'),
    });
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/staff');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Demo Farmer' }), 'staff');
    expect(await screen.findByText(/The farm must keep at least one owner/)).toBeTruthy();
  });

  it('removes a member after asking', async () => {
    let members = [owner, helper];
    const api = server({
      'GET staff/members': () => ok({ members, invitations: [] }),
      'DELETE staff/members/9': () => {
        members = [owner];
        return ok({ id: 9, removed: true });
      },
    });
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/staff');
    await user.click(await screen.findByRole('button', { name: 'Remove Mina Park' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mina Park?' });
    expect(within(dialog).getByText(/logged out at once/)).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Mina Park was removed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Mina Park' })).toBeNull());
  });

  it('adds an existing user, and shows a refusal at the field', async () => {
    const sent: unknown[] = [];
    server({
      'GET staff/members': staffList([owner], []),
      'POST staff/members': (request) => {
        sent.push(request.body);
        return (request.body as { login: string }).login === 'busy'
          ? fail(409, 'E_MEMBER_OF_ANOTHER_FARM')
          : ok({ ...helper, name: 'Jun Lee' });
      },
    });
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/staff');
    const field = await screen.findByRole('textbox', { name: 'Username or phone' });
    await user.type(field, 'busy');
    await user.click(screen.getByRole('button', { name: 'Add as staff' }));
    expect(await screen.findByText(/This person belongs to another farm/)).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'jun');
    await user.click(screen.getByRole('button', { name: 'Add as staff' }));
    expect(await screen.findByText('Jun Lee was added as staff')).toBeTruthy();
    expect(sent).toEqual([{ login: 'busy' }, { login: 'jun' }]);
  });
});

describe('owner-only pages for staff', () => {
  it.each([
    ['staff', '/pages/index/staff'],
    ['wallet', '/pages/index/wallet'],
    ['settings', '/pages/index/userset'],
    ['cow types', '/pages/index/levsyt'],
  ])('the %s page says it is the owner’s and calls nothing of it', async (_name, path) => {
    const api = server({});
    logIn({ ...demoUser, role: 'staff' });
    renderApp(path);
    expect(
      await screen.findByText(
        "Only the farm's owner can open this page. Ask them if something here needs changing.",
      ),
    ).toBeTruthy();
    const called = api.requests.map((request) => request.path);
    expect(called.filter((pathCalled) => /wallet|staff|getsetting|cowtype/.test(pathCalled))).toEqual([]);
  });

  it('the account page shows staff no settings or staff entries; an owner sees both', async () => {
    server({ 'GET common/common/getKoUserDataById/7': () => ok({ ...demoUser, role: 'staff' }) });
    logIn({ ...demoUser, role: 'staff' });
    const { unmount } = renderApp('/pages/index/webuser');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Staff' })).toBeNull();
    unmount();

    server({ 'GET common/common/getKoUserDataById/7': () => ok(demoUser) });
    logIn();
    renderApp('/pages/index/webuser');
    expect(await screen.findByRole('link', { name: 'Staff' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' })).toBeTruthy();
  });

  it("the cow list's menu shows staff no wallet, cow types or setup entries, and the wallet is not asked for", async () => {
    const api = server({
      'GET common/common/getCowsData/KR/F-100': () => ok([makeCow({ id: 1, code: 'C101' })]),
      'POST common/common/getusercowtype/F-100': () => ok({ types: [], uncategorized: { count: 1 } }),
      'PUT common/common/setkouserztftdata/7': () => ok({ ...demoUser, role: 'staff' }),
      'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () => ok({ list: [], all: [] }),
      'GET common/common/getNoticeDatab/KR/F-100/010-1234-5678': () => ok({ listb: [], allb: [] }),
    });
    logIn({ ...demoUser, country: 'KR', role: 'staff' });
    const user = userEvent.setup({ delay: null });
    renderApp('/');
    await screen.findByTestId('list-summary');
    await user.click(screen.getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Sensors' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Wallet' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Cow types' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Farm setup' })).toBeNull();
    expect(api.requests.some((request) => request.path.startsWith('wallet/'))).toBe(false);
  });
});
