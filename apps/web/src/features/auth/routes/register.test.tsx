import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '../../../lib/session';
import { fail, fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { demoSession, renderApp } from '../../../test/render';

/** What the welcome asks of a new farm: it has nothing yet. */
const newFarm: Record<string, FakeHandler> = {
  'GET gateways/list/KR/F-100': () =>
    ok({
      gateways: [],
      connection: {
        mqttUrl: 'mqtt://farm.example:1883',
        mqttHost: 'farm.example',
        mqttPort: 1883,
        topic: 'cowcare/KR/F-100/readings',
        httpPath: '/api/ingest/readings',
      },
    }),
  'GET sensors/list/KR/F-100': () => ok([]),
  'GET common/common/getCowsData/KR/F-100': () => ok([]),
  'GET user/user/getmessage/7': () => ok([]),
};

function server(register: FakeHandler) {
  const api = fakeApi({
    'POST login/login/register': register,
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-200', ready: true, created: ['farm'] }),
    'GET common/common/lgs/lgs': () => ok([]),
    ...newFarm,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'new.farmer');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'long-enough-1');
  await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'long-enough-1');
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'New Farmer');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+82 10-1111-2222');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'KR');
  await user.type(screen.getByRole('textbox', { name: 'Farm number' }), 'F-200');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Jeonju');
  await user.click(screen.getByRole('checkbox', { name: 'Read and Agree' }));
}

describe('register page', () => {
  it('shows a message on each field that breaks a rule, and sends nothing', async () => {
    const api = server(() => ok(demoSession));
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/login/register');
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'no spaces');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'other');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), 'call me now');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Use only letters, digits, and _ . -')).toBeTruthy();
    expect(
      screen.getByText('At least 8 characters', { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy();
    expect(screen.getByText('The two passwords are different')).toBeTruthy();
    expect(screen.getByText('Use digits, spaces and hyphens, with an optional leading +')).toBeTruthy();
    // name, country, farm number, city
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    expect(screen.getByText('Please check the box to agree')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('shows a taken username on the username field', async () => {
    server(() => fail(409, 'E_USERNAME_TAKEN'));
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/login/register');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This username is already taken.')).toBeTruthy();
  });

  it('shows a registered farm number on the farm number field, not as a change made in the meantime', async () => {
    server(() => fail(409, 'E_FARM_NUMBER_TAKEN'));
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/login/register');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const farmNumber = screen.getByLabelText(/Farm number/);
    expect(await screen.findByText(/This farm number is already registered/)).toBeTruthy();
    expect(farmNumber.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/changed in the meantime/)).toBeNull();
  });

  it('creates the account, logs in and opens the welcome, which leads into the setup', async () => {
    const api = server(() => ok(demoSession));
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/pages/login/register');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/welcome'));
    expect(await screen.findByText('1 of 5 done')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start the setup' }).getAttribute('href')).toBe(
      '/pages/index/step1',
    );
    expect(api.requests[0]?.body).toEqual({
      username: 'new.farmer',
      password: 'long-enough-1',
      name: 'New Farmer',
      phone: '+82 10-1111-2222',
      country: 'KR',
      FarmNumber: 'F-200',
      city: 'Jeonju',
      language: 'en',
    });
    expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBe('access-1');
  });

  describe('with an invitation code', () => {
    function joinServer(join: FakeHandler) {
      const api = fakeApi({
        'POST login/login/joinfarm': join,
        'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
        'GET common/common/lgs/lgs': () => ok([]),
        ...newFarm,
      });
      vi.stubGlobal('fetch', api.fetch);
      return api;
    }

    async function fillPerson(user: ReturnType<typeof userEvent.setup>) {
      await user.type(screen.getByRole('textbox', { name: 'Username' }), 'new.hand');
      await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'long-enough-1');
      await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'long-enough-1');
      await user.type(screen.getByRole('textbox', { name: 'Name' }), 'New Hand');
      await user.type(screen.getByRole('textbox', { name: 'Phone' }), '010-3333-4444');
      await user.click(screen.getByRole('checkbox', { name: 'Read and Agree' }));
    }

    it("joins the code's farm as staff: no farm fields, and the welcome opens without the gateways", async () => {
      const api = joinServer(() => ok({ ...demoSession, user: { ...demoSession.user, role: 'staff' } }));
      const user = userEvent.setup({ delay: null });
      const { router } = renderApp('/pages/login/register');
      await user.type(
        await screen.findByRole('textbox', { name: 'Invitation code (optional)' }),
        'K7QM9-XPA2H',
      );
      expect(screen.queryByRole('textbox', { name: 'Farm number' })).toBeNull();
      expect(screen.queryByRole('combobox', { name: 'Country' })).toBeNull();
      await fillPerson(user);
      await user.click(screen.getByRole('button', { name: 'Join the farm' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/welcome'));
      // Gateways are the owner's: staff are not asked for them, and the welcome says who adds them.
      expect(await screen.findByText('The farm owner adds gateways.')).toBeTruthy();
      expect(api.requests.map((request) => request.path)).not.toContain('gateways/list/KR/F-100');
      expect(api.requests[0]?.body).toEqual({
        invitationCode: 'K7QM9-XPA2H',
        username: 'new.hand',
        password: 'long-enough-1',
        name: 'New Hand',
        phone: '010-3333-4444',
        language: 'en',
      });
    });

    it('takes the code from an invitation link, and shows a used code at its field', async () => {
      joinServer(() => fail(409, 'E_INVITATION_USED'));
      const user = userEvent.setup({ delay: null });
      renderApp('/pages/login/register?invite=K7QM9-XPA2H');
      const code = await screen.findByRole('textbox', { name: 'Invitation code (optional)' });
      expect((code as HTMLInputElement).value).toBe('K7QM9-XPA2H');
      await fillPerson(user);
      await user.click(screen.getByRole('button', { name: 'Join the farm' }));
      expect(await screen.findByText(/This invitation code was used already/)).toBeTruthy();
      expect(code.getAttribute('aria-invalid')).toBe('true');
    });
  });
});
