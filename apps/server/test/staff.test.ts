// A farm's people (architecture §10, issue 33 point 7): owners invite staff by a one-time code or add an
// existing user, change roles and remove members; a staff token is refused on every owner-only call, and a
// removed member's logins end at once (HTTP and sockets). The farm always keeps an owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '@cowcare/contract/api';
import type { RouteDefinition } from '@cowcare/contract/route';
import { ROUTE_ROLES, routeRoleKey } from '@cowcare/contract/route-roles';
import { SOCKET_CLOSE_CODES } from '@cowcare/contract/socket-messages';
import { farmIdOf, insertFarmCow } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

interface Member extends TestUser {
  name: string;
}

const ok = <T = Record<string, unknown>>(response: { statusCode: number; body: string }): T => {
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: T }).data;
};

const refusal = (response: { statusCode: number; body: string }) => ({
  status: response.statusCode,
  code: (JSON.parse(response.body) as { code?: string }).code,
});

const invite = async (owner: TestUser): Promise<{ id: number; code: string; expiresAt: string }> =>
  ok(await call(testApp, api.staff.createInvitation, { token: owner.token }));

let joinSequence = 0;

const joinBody = (code: string, username?: string) => {
  joinSequence += 1;
  return {
    invitationCode: code,
    username: username ?? `staff${process.pid}${joinSequence}`,
    password: 'staff password 1',
    name: `Staff ${joinSequence}`,
    phone: `010-5555-${String(1000 + joinSequence)}`,
  };
};

/** A new person who registers with a fresh invitation code of the owner's farm. */
const joinAsStaff = async (owner: TestUser): Promise<Member> => {
  const { code } = await invite(owner);
  const body = joinBody(code);
  const session = ok<{ token: string; refreshToken: string; user: { id: number; role: string } }>(
    await call(testApp, api.staff.joinFarm, { body }),
  );
  return {
    id: session.user.id,
    username: body.username,
    password: body.password,
    name: body.name,
    farmNumber: owner.farmNumber,
    country: owner.country,
    token: session.token,
    refreshToken: session.refreshToken,
  };
};

const logIn = (user: { username: string; password: string }) =>
  call(testApp, api.auth.login, { body: { username: user.username, password: user.password } });

const cowsOf = (user: TestUser, token = user.token) =>
  call(testApp, api.cows.getCowsData, {
    token,
    params: { country: user.country, FarmNumber: user.farmNumber },
  });

const OWNER_ONLY_STAFF_CALLS: readonly [
  string,
  RouteDefinition,
  { params?: Record<string, string | number>; body?: unknown },
][] = [
  ['list staff', api.staff.listStaff, {}],
  ['add a member', api.staff.addMember, { body: { login: 'someone' } }],
  ['change a role', api.staff.changeMemberRole, { params: { id: 1 }, body: { role: 'owner' } }],
  ['remove a member', api.staff.removeMember, { params: { id: 1 } }],
  ['make an invitation', api.staff.createInvitation, {}],
  ['withdraw an invitation', api.staff.withdrawInvitation, { params: { id: 1 } }],
];

describe('an invitation code', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createFarmUser(testApp);
  });

  it('is made by an owner, shown once, and listed as open without the code', async () => {
    const invitation = await invite(owner);
    expect(invitation.code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const staff = ok<{ invitations: { id: number }[] }>(
      await call(testApp, api.staff.listStaff, { token: owner.token }),
    );
    expect(staff.invitations.map((open) => open.id)).toContain(invitation.id);
    expect(JSON.stringify(staff)).not.toContain(invitation.code);
  });

  it("lets a new person register into the owner's farm as staff and see its cows", async () => {
    const farmId = await farmIdOf(testApp, owner);
    await insertFarmCow(testApp, farmId, { code: 'C7777' });
    const { code, id } = await invite(owner);
    const body = joinBody(code.toLowerCase().replace('-', ' '));
    const session = ok<{ token: string; user: { role: string; FarmNumber: string; country: string } }>(
      await call(testApp, api.staff.joinFarm, { body }),
    );
    expect(session.user).toMatchObject({
      role: 'staff',
      FarmNumber: owner.farmNumber,
      country: owner.country,
    });
    const cows = ok<{ code: string }[]>(
      await call(testApp, api.cows.getCowsData, {
        token: session.token,
        params: { country: owner.country, FarmNumber: owner.farmNumber },
      }),
    );
    expect(cows.map((cow) => cow.code)).toContain('C7777');
    const staff = ok<{ members: { username: string; role: string }[]; invitations: { id: number }[] }>(
      await call(testApp, api.staff.listStaff, { token: owner.token }),
    );
    expect(staff.members).toContainEqual(expect.objectContaining({ username: body.username, role: 'staff' }));
    expect(staff.invitations.map((open) => open.id)).not.toContain(id);
    // The login they made works later too.
    expect(ok<{ user: { role: string } }>(await logIn(body)).user.role).toBe('staff');
  });

  it('works once: the second registration with it is refused and makes no user', async () => {
    const { code } = await invite(owner);
    ok(await call(testApp, api.staff.joinFarm, { body: joinBody(code) }));
    const second = joinBody(code);
    const response = await call(testApp, api.staff.joinFarm, { body: second });
    expect(refusal(response)).toEqual({ status: 409, code: 'E_INVITATION_USED' });
    expect(refusal(await logIn(second)).status).toBe(401);
  });

  it('is refused once expired', async () => {
    const { code, id } = await invite(owner);
    await testApp.db.query(
      `UPDATE farm_invitations SET created_at = now() - interval '8 days', expires_at = now() - interval '1 day'
        WHERE id = $1`,
      [id],
    );
    const response = await call(testApp, api.staff.joinFarm, { body: joinBody(code) });
    expect(refusal(response)).toEqual({ status: 409, code: 'E_INVITATION_EXPIRED' });
  });

  it('stops working when the owner withdraws it', async () => {
    const { code, id } = await invite(owner);
    ok(await call(testApp, api.staff.withdrawInvitation, { token: owner.token, params: { id } }));
    const response = await call(testApp, api.staff.joinFarm, { body: joinBody(code) });
    expect(refusal(response)).toEqual({ status: 404, code: 'E_INVITATION_UNKNOWN' });
  });

  it('stops answering one address after ten unknown codes in a quarter hour, even a right code', async () => {
    const guesser = { remoteAddress: '203.0.113.77' };
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await call(testApp, api.staff.joinFarm, {
        body: joinBody(`GUESS-${attempt}0000`),
        ...guesser,
      });
      expect(refusal(response)).toEqual({ status: 404, code: 'E_INVITATION_UNKNOWN' });
    }
    const { code } = await invite(owner);
    const body = joinBody(code);
    const refused = await call(testApp, api.staff.joinFarm, { body, ...guesser });
    expect(refusal(refused)).toEqual({ status: 429, code: 'E_THROTTLED' });
    expect(refusal(await logIn(body)).status).toBe(401);
    // Another address is not held back, and the code was left unused.
    ok(await call(testApp, api.staff.joinFarm, { body, remoteAddress: '203.0.113.78' }));
  });

  it('that was never made is refused, and a failed registration leaves a code unused', async () => {
    expect(refusal(await call(testApp, api.staff.joinFarm, { body: joinBody('ZZZZZ-ZZZZZ') }))).toEqual({
      status: 404,
      code: 'E_INVITATION_UNKNOWN',
    });
    const { code } = await invite(owner);
    const taken = await call(testApp, api.staff.joinFarm, { body: joinBody(code, owner.username) });
    expect(refusal(taken)).toEqual({ status: 409, code: 'E_USERNAME_TAKEN' });
    ok(await call(testApp, api.staff.joinFarm, { body: joinBody(code) }));
  });

  it('answers 400 with the field for a bad registration', async () => {
    const { code } = await invite(owner);
    for (const body of [
      { ...joinBody(code), invitationCode: 'ab' },
      { ...joinBody(code), invitationCode: 'ABCDE/FGHIJ' },
      { ...joinBody(code), password: 'short' },
      { ...joinBody(code), phone: undefined },
    ]) {
      const response = await call(testApp, api.staff.joinFarm, { body });
      expect(refusal(response)).toEqual({ status: 400, code: 'E_VALIDATION' });
    }
    // The code survived the refusals.
    ok(await call(testApp, api.staff.joinFarm, { body: joinBody(code) }));
  });
});

describe('the staff calls', () => {
  let owner: TestUser;
  let staff: Member;
  beforeAll(async () => {
    owner = await createFarmUser(testApp);
    staff = await joinAsStaff(owner);
  });

  it.each(OWNER_ONLY_STAFF_CALLS)('%s answers 401 without a token', async (_name, route, options) => {
    expect(refusal(await call(testApp, route, options))).toEqual({ status: 401, code: 'E_UNAUTHORIZED' });
  });

  it.each(OWNER_ONLY_STAFF_CALLS)(
    '%s refuses a staff token with 403 E_OWNER_ONLY',
    async (_name, route, options) => {
      const response = await call(testApp, route, { ...options, token: staff.token });
      expect(refusal(response)).toEqual({ status: 403, code: 'E_OWNER_ONLY' });
      expect(JSON.parse(response.body)).toMatchObject({ msg: "Only the farm's owner can do this" });
    },
  );

  it('answer 400 for bad input', async () => {
    const bad: [RouteDefinition, { params?: Record<string, string | number>; body?: unknown }][] = [
      [api.staff.addMember, { body: { login: '' } }],
      [api.staff.addMember, { body: {} }],
      [api.staff.changeMemberRole, { params: { id: staff.id }, body: { role: 'boss' } }],
      [api.staff.changeMemberRole, { params: { id: 'x' }, body: { role: 'staff' } }],
      [api.staff.removeMember, { params: { id: 0 } }],
      [api.staff.withdrawInvitation, { params: { id: 'abc' } }],
    ];
    for (const [route, options] of bad) {
      const response = await call(testApp, route, { ...options, token: owner.token });
      expect(refusal(response), `${route.method} ${route.path}`).toEqual({
        status: 400,
        code: 'E_VALIDATION',
      });
    }
  });

  it("never touch another farm's people: 404, and nothing changes", async () => {
    const stranger = await createFarmUser(testApp);
    const { id: invitationId } = await invite(owner);
    const asStranger = { token: stranger.token };
    expect(
      refusal(
        await call(testApp, api.staff.changeMemberRole, {
          ...asStranger,
          params: { id: staff.id },
          body: { role: 'owner' },
        }),
      ),
    ).toEqual({ status: 404, code: 'E_NOT_FOUND' });
    expect(
      refusal(await call(testApp, api.staff.removeMember, { ...asStranger, params: { id: staff.id } })),
    ).toEqual({
      status: 404,
      code: 'E_NOT_FOUND',
    });
    expect(
      refusal(await call(testApp, api.staff.removeMember, { ...asStranger, params: { id: owner.id } })),
    ).toEqual({
      status: 404,
      code: 'E_NOT_FOUND',
    });
    expect(
      refusal(
        await call(testApp, api.staff.withdrawInvitation, { ...asStranger, params: { id: invitationId } }),
      ),
    ).toEqual({ status: 404, code: 'E_NOT_FOUND' });
    const strangersView = ok<{ members: { id: number }[]; invitations: { id: number }[] }>(
      await call(testApp, api.staff.listStaff, asStranger),
    );
    expect(strangersView.members.map((member) => member.id)).toEqual([stranger.id]);
    expect(strangersView.invitations).toEqual([]);
    // Adding the other farm's member by name is refused: they belong to a farm with people.
    expect(
      refusal(await call(testApp, api.staff.addMember, { ...asStranger, body: { login: staff.username } })),
    ).toEqual({ status: 409, code: 'E_MEMBER_OF_ANOTHER_FARM' });
    const ownersView = ok<{ members: { id: number; role: string }[]; invitations: { id: number }[] }>(
      await call(testApp, api.staff.listStaff, { token: owner.token }),
    );
    expect(ownersView.members).toContainEqual(expect.objectContaining({ id: staff.id, role: 'staff' }));
    expect(ownersView.invitations.map((open) => open.id)).toContain(invitationId);
  });

  it('list the members, owners first, and say which is the caller', async () => {
    const list = ok<{ members: { id: number; role: string; you: boolean }[] }>(
      await call(testApp, api.staff.listStaff, { token: owner.token }),
    );
    expect(list.members[0]).toMatchObject({ id: owner.id, role: 'owner', you: true });
    expect(list.members).toContainEqual(expect.objectContaining({ id: staff.id, role: 'staff', you: false }));
  });
});

describe('a staff token on the existing owner-only calls', () => {
  let owner: TestUser;
  let staff: Member;
  beforeAll(async () => {
    owner = await createFarmUser(testApp);
    staff = await joinAsStaff(owner);
  });

  it('is refused on money, settings, cow-type charges and gateways, whatever the body', async () => {
    const samples: [RouteDefinition, { params?: Record<string, string | number>; body?: unknown }][] = [
      [api.wallet.getWallet, { params: { userId: staff.id } }],
      [api.wallet.chargeCowTypeUsage, { params: { userId: staff.id }, body: {} }],
      [api.user.putSettings, { params: { id: staff.id, FarmNumber: owner.farmNumber }, body: {} }],
      [
        api.cowTypes.addCowType,
        { params: { FarmNumber: owner.farmNumber }, body: { name: 'Heifers', costnb: 0 } },
      ],
      [api.cowTypes.deleteCowType, { params: { id: 1 } }],
      [api.cowTypes.assignCowsType, { body: { checklist: [1], type: { id: 0 } } }],
      [api.cowTypes.moveCowsToType, { params: { type: 0 }, body: { list: [1] } }],
      [api.gateways.listGateways, { params: { country: owner.country, FarmNumber: owner.farmNumber } }],
      [
        api.gateways.addGateway,
        { params: { country: owner.country, FarmNumber: owner.farmNumber }, body: { name: 'Barn' } },
      ],
      [api.gateways.rotateGatewaySecret, { params: { id: 1 } }],
      [api.gateways.deleteGateway, { params: { id: 1 } }],
    ];
    for (const [route, options] of samples) {
      expect(ROUTE_ROLES[routeRoleKey(route) as keyof typeof ROUTE_ROLES]).toBe('owner');
      const response = await call(testApp, route, { ...options, token: staff.token });
      expect(refusal(response), routeRoleKey(route)).toEqual({ status: 403, code: 'E_OWNER_ONLY' });
    }
    // The owner's own token goes past the role check on the same calls.
    expect(
      ok(await call(testApp, api.wallet.getWallet, { token: owner.token, params: { userId: owner.id } })),
    ).toMatchObject({ balance: 0 });
  });

  it("works on the herd's daily calls: cows, records, notices, settings read", async () => {
    const farmId = await farmIdOf(testApp, owner);
    const cowId = await insertFarmCow(testApp, farmId);
    ok(await cowsOf(staff));
    ok(await call(testApp, api.cows.getCowInfo, { token: staff.token, params: { id: cowId } }));
    ok(
      await call(testApp, api.reproduction.addEstrus, {
        token: staff.token,
        body: { cowId, estrusAt: new Date().toISOString() },
      }),
    );
    ok(
      await call(testApp, api.user.getSettings, {
        token: staff.token,
        params: { id: staff.id, FarmNumber: owner.farmNumber },
      }),
    );
    ok(
      await call(testApp, api.cowTypes.listCowTypes, {
        token: staff.token,
        params: { FarmNumber: owner.farmNumber },
      }),
    );
  });

  it('counts a changed role from the next call', async () => {
    const promoted = ok<{ role: string }>(
      await call(testApp, api.staff.changeMemberRole, {
        token: owner.token,
        params: { id: staff.id },
        body: { role: 'owner' },
      }),
    );
    expect(promoted.role).toBe('owner');
    ok(await call(testApp, api.wallet.getWallet, { token: staff.token, params: { userId: staff.id } }));
    ok(
      await call(testApp, api.staff.changeMemberRole, {
        token: owner.token,
        params: { id: staff.id },
        body: { role: 'staff' },
      }),
    );
    const refused = await call(testApp, api.wallet.getWallet, {
      token: staff.token,
      params: { userId: staff.id },
    });
    expect(refusal(refused)).toEqual({ status: 403, code: 'E_OWNER_ONLY' });
  });
});

describe('a role change', () => {
  it("is told to the farm's sessions (memberrole), so the member's menus follow at once; no other farm hears it", async () => {
    const owner = await createFarmUser(testApp);
    const member = await joinAsStaff(owner);
    const farmId = await farmIdOf(testApp, owner);
    const heard: { farmId: number; type: string; data: unknown }[] = [];
    const unsubscribe = await testApp.services.bus.subscribe((eventFarmId, message) => {
      if (message.type === 'memberrole') heard.push({ farmId: eventFarmId, ...message });
    });
    try {
      ok(
        await call(testApp, api.staff.changeMemberRole, {
          token: owner.token,
          params: { id: member.id },
          body: { role: 'owner' },
        }),
      );
      await expect.poll(() => heard.length).toBe(1);
      expect(heard).toEqual([{ farmId, type: 'memberrole', data: { userId: member.id, role: 'owner' } }]);
    } finally {
      await unsubscribe();
    }
  });
});

describe('the farm keeps an owner', () => {
  it('refuses to demote or remove its last owner, and allows it once another owner exists', async () => {
    const owner = await createFarmUser(testApp);
    const demote = await call(testApp, api.staff.changeMemberRole, {
      token: owner.token,
      params: { id: owner.id },
      body: { role: 'staff' },
    });
    expect(refusal(demote)).toEqual({ status: 409, code: 'E_LAST_OWNER' });
    const leave = await call(testApp, api.staff.removeMember, {
      token: owner.token,
      params: { id: owner.id },
    });
    expect(refusal(leave)).toEqual({ status: 409, code: 'E_LAST_OWNER' });

    const second = await joinAsStaff(owner);
    ok(
      await call(testApp, api.staff.changeMemberRole, {
        token: owner.token,
        params: { id: second.id },
        body: { role: 'owner' },
      }),
    );
    // The first owner steps back; the second, now the only owner, cannot.
    ok(await call(testApp, api.staff.removeMember, { token: second.token, params: { id: owner.id } }));
    const last = await call(testApp, api.staff.changeMemberRole, {
      token: second.token,
      params: { id: second.id },
      body: { role: 'staff' },
    });
    expect(refusal(last)).toEqual({ status: 409, code: 'E_LAST_OWNER' });
  });
});

describe('removing a member', () => {
  it('ends their logins at once: calls, refresh, login and open sockets', async () => {
    const owner = await createFarmUser(testApp);
    const staff = await joinAsStaff(owner);
    ok(await cowsOf(staff));

    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(
      `${address.replace('http', 'ws')}/socket?token=${encodeURIComponent(staff.token)}`,
    );
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const registered = new Promise<void>((resolve) =>
      socket.on('message', (raw: Buffer) => {
        if ((JSON.parse(raw.toString()) as { type: string }).type === 'register_res') resolve();
      }),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'register', data: {} }));
    await registered;

    ok(await call(testApp, api.staff.removeMember, { token: owner.token, params: { id: staff.id } }));

    expect(await closed).toBe(SOCKET_CLOSE_CODES.loginRevoked);
    expect(refusal(await cowsOf(staff))).toEqual({ status: 401, code: 'E_UNAUTHORIZED' });
    expect(
      refusal(await call(testApp, api.auth.refreshToken, { body: { token: staff.refreshToken } })),
    ).toEqual({ status: 403, code: 'E_REMOVED_FROM_FARM' });
    expect(refusal(await logIn(staff))).toEqual({ status: 403, code: 'E_REMOVED_FROM_FARM' });
    const list = ok<{ members: { id: number }[] }>(
      await call(testApp, api.staff.listStaff, { token: owner.token }),
    );
    expect(list.members.map((member) => member.id)).not.toContain(staff.id);
    // Removing them again finds no such member.
    expect(
      refusal(await call(testApp, api.staff.removeMember, { token: owner.token, params: { id: staff.id } })),
    ).toEqual({
      status: 404,
      code: 'E_NOT_FOUND',
    });
  });
});

describe('adding an existing user', () => {
  it('moves in a user whose own farm is empty, as staff, and ends their old logins', async () => {
    const owner = await createFarmUser(testApp);
    const newcomer = await createFarmUser(testApp);
    const member = ok<{ id: number; role: string }>(
      await call(testApp, api.staff.addMember, {
        token: owner.token,
        body: { login: newcomer.username.toUpperCase() },
      }),
    );
    expect(member).toMatchObject({ id: newcomer.id, role: 'staff' });
    expect(refusal(await cowsOf(newcomer))).toEqual({ status: 401, code: 'E_UNAUTHORIZED' });
    const session = ok<{ token: string; user: { FarmNumber: string; role: string } }>(await logIn(newcomer));
    expect(session.user).toMatchObject({ FarmNumber: owner.farmNumber, role: 'staff' });
    expect(
      refusal(
        await call(testApp, api.staff.addMember, { token: owner.token, body: { login: newcomer.username } }),
      ),
    ).toEqual({ status: 409, code: 'E_ALREADY_MEMBER' });
  });

  it('refuses a user whose farm has cows of its own, and an unknown one', async () => {
    const owner = await createFarmUser(testApp);
    const other = await createFarmUser(testApp);
    await insertFarmCow(testApp, await farmIdOf(testApp, other));
    expect(
      refusal(
        await call(testApp, api.staff.addMember, { token: owner.token, body: { login: other.username } }),
      ),
    ).toEqual({ status: 409, code: 'E_MEMBER_OF_ANOTHER_FARM' });
    ok(await cowsOf(other));
    expect(
      refusal(
        await call(testApp, api.staff.addMember, { token: owner.token, body: { login: 'nobody-at-all' } }),
      ),
    ).toEqual({ status: 404, code: 'E_NOT_FOUND' });
  });

  it('finds a user by phone, and asks for the username when several share it', async () => {
    const owner = await createFarmUser(testApp);
    const staff = await joinAsStaff(owner);
    ok(await call(testApp, api.staff.removeMember, { token: owner.token, params: { id: staff.id } }));
    const phone = (
      await testApp.db.query<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [staff.id])
    )[0]?.phone;
    // A removed member belongs to no farm: an owner may add them again, here by their phone.
    const back = ok<{ id: number }>(
      await call(testApp, api.staff.addMember, { token: owner.token, body: { login: phone } }),
    );
    expect(back.id).toBe(staff.id);
    ok(await logIn(staff));
    // Every user made by createFarmUser has the same phone.
    expect(
      refusal(
        await call(testApp, api.staff.addMember, { token: owner.token, body: { login: '010-1234-5678' } }),
      ),
    ).toEqual({ status: 409, code: 'E_PHONE_AMBIGUOUS' });
  });
});
