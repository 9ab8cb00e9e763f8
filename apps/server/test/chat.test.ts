// Issue 35, the farm side of the chat: customer service, friends across farms, groups, idempotent sending,
// unread counts and the chat socket (decision 0019).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type {
  ChatGroup,
  ChatMessage,
  ChatPage,
  ChatPerson,
  FriendRelation,
} from '@cowcare/contract/chat-schemas';
import { SOCKET_CLOSE_CODES } from '@cowcare/contract/socket-messages';
import { fillPath, pathParamNames, type RouteDefinition } from '@cowcare/contract/route';
import { hashPassword } from '../src/modules/auth/passwords';
import { call, createFarmUser, type TestApp, type TestUser } from './helpers/test-app';
import {
  befriend,
  chatSocketUrl,
  clientId,
  closeCodeOf,
  createGroupOf,
  ok,
  openChatServer,
  relationsOf,
  sendText,
  type ChatServer,
} from './chat-fixtures';

let server: ChatServer;
let testApp: TestApp;
let baseUrl: string;

const socketOf = (user: TestUser) => server.socketOf(user);

const newUser = () => createFarmUser(testApp);

beforeAll(async () => {
  server = await openChatServer();
  ({ testApp, baseUrl } = server);
});
afterAll(() => server.close());

const chatRoutes = Object.values(api.chat) as RouteDefinition[];
const anyParams = (route: RouteDefinition) =>
  Object.fromEntries(pathParamNames(route.path).map((name) => [name, 1]));

describe('every chat call', () => {
  it.each(chatRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 401 without a token',
    async (_name, route) => {
      const response = await call(testApp, route, { params: anyParams(route), body: {} });
      expect(response.statusCode).toBe(401);
    },
  );

  it('refuses a support token as a farm token (401)', async () => {
    const adminToken = await testApp.services.tokens.signAdminToken(1);
    const response = await call(testApp, api.chat.friendApplies, { token: adminToken });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['relations without uid', api.chat.relations, {}, {}],
    [
      'a send with a short client id',
      api.chat.send,
      {},
      { conversationId: 1, clientId: 'x', type: 'text', content: 'hi' },
    ],
    [
      'a send of an unknown kind',
      api.chat.send,
      {},
      { conversationId: 1, clientId: clientId(), type: 'video' },
    ],
    [
      'a send of a text too long',
      api.chat.send,
      {},
      { conversationId: 1, clientId: clientId(), type: 'text', content: 'x'.repeat(4001) },
    ],
    ['a search with one letter', api.chat.findUser, {}, { keyword: 'a' }],
    ['a group without a name', api.chat.createGroup, {}, { name: '', type: 1, users: [] }],
    [
      'a group picture that is no image address',
      api.chat.updateGroup,
      { gid: 1 },
      { avatar: 'javascript:alert(1)' },
    ],
    ['a note with a count other than 0', api.chat.updateRelation, {}, { id: 1, count: 3 }],
    ['a page of a conversation id 0', api.chat.history, { conversationId: 0 }, undefined],
  ] as const)('answers 400 for %s', async (_name, route, params, body) => {
    const user = await newUser();
    const response = await call(testApp, route, { token: user.token, params, body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('E_VALIDATION');
  });
});

describe('customer service', () => {
  it('is always the first conversation, with the Administrator, before any message', async () => {
    const user = await newUser();
    const [first, ...rest] = await relationsOf(testApp, user);
    expect(first).toMatchObject({
      kind: 'service',
      name: 'Administrator',
      count: 0,
      uid: user.id,
      fid: 0,
      gid: 0,
    });
    expect(rest).toEqual([]);
  });

  it("keeps the user's messages in order and pages them newest first", async () => {
    const user = await newUser();
    const [service] = await relationsOf(testApp, user);
    if (!service) throw new Error('no service conversation');
    for (let n = 1; n <= 35; n += 1) {
      await sendText(testApp, user, service.conversationId, `bolus 20106 note ${n}`);
    }
    const first = await ok<ChatPage>(testApp, api.chat.serviceHistory, {
      token: user.token,
      params: { id: user.id, before: 0 },
    });
    expect(first.messages).toHaveLength(30);
    expect(first.more).toBe(true);
    expect(first.messages[0]).toMatchObject({
      seq: 35,
      content: 'bolus 20106 note 35',
      uid: user.id,
      from: 'user',
      toid: 0,
    });
    const oldest = first.messages.at(-1)?.seq ?? 0;
    const second = await ok<ChatPage>(testApp, api.chat.serviceHistory, {
      token: user.token,
      params: { id: user.id, before: oldest },
    });
    expect(second.messages.map((message) => message.seq)).toEqual([5, 4, 3, 2, 1]);
    expect(second.more).toBe(false);
  });

  it("is refused for another user's id (403) and another user's conversation (404)", async () => {
    const user = await newUser();
    const other = await newUser();
    const [theirs] = await relationsOf(testApp, other);
    const byId = await call(testApp, api.chat.serviceHistory, {
      token: user.token,
      params: { id: other.id, before: 0 },
    });
    expect(byId.statusCode).toBe(403);
    const list = await call(testApp, api.chat.relations, { token: user.token, body: { uid: other.id } });
    expect(list.statusCode).toBe(403);
    const page = await call(testApp, api.chat.history, {
      token: user.token,
      params: { conversationId: theirs?.conversationId ?? 0 },
    });
    expect(page.statusCode).toBe(404);
    const post = await call(testApp, api.chat.send, {
      token: user.token,
      body: { conversationId: theirs?.conversationId, clientId: clientId(), type: 'text', content: 'hello?' },
    });
    expect(post.statusCode).toBe(404);
    const zero = await call(testApp, api.chat.updateRelation, {
      token: user.token,
      body: { id: theirs?.id, count: 0 },
    });
    expect(zero.statusCode).toBe(404);
  });
});

describe('sending is idempotent by the client id', () => {
  it('a resend with the same id answers the same message, stores one, counts one and delivers one', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const relation = await befriend(testApp, a, b);
    const bSocket = await socketOf(b);
    const id = clientId();
    const first = await sendText(testApp, a, relation.conversationId, 'look at C1042', id);
    const again = await sendText(testApp, a, relation.conversationId, 'look at C1042', id);
    expect(again).toEqual(first);
    const page = await ok<ChatPage>(testApp, api.chat.history, {
      token: b.token,
      params: { conversationId: relation.conversationId },
    });
    expect(page.messages).toHaveLength(1);
    const bRelation = (await relationsOf(testApp, b)).find(
      (r) => r.conversationId === relation.conversationId,
    );
    expect(bRelation?.count).toBe(1);
    await bSocket.next((message) => message.type === 'chatmessage' && message.data.clientId === id);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(bSocket.messages.filter((message) => message.type === 'chatmessage')).toHaveLength(1);
  });

  it('the same client id in another conversation is a conflict, not a second message', async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const withB = await befriend(testApp, a, b);
    const withC = await befriend(testApp, a, c);
    const id = clientId();
    await sendText(testApp, a, withB.conversationId, 'first', id);
    const response = await call(testApp, api.chat.send, {
      token: a.token,
      body: { conversationId: withC.conversationId, clientId: id, type: 'text', content: 'first' },
    });
    expect(response.statusCode).toBe(409);
  });

  it('numbers messages of one conversation gap-free however many arrive at once', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const relation = await befriend(testApp, a, b);
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        sendText(testApp, n % 2 ? a : b, relation.conversationId, `m${n}`),
      ),
    );
    expect(sent.map((message) => message.seq).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 12 }, (_, n) => n + 1),
    );
  });

  it('refuses an empty text (400)', async () => {
    const user = await newUser();
    const [service] = await relationsOf(testApp, user);
    const response = await call(testApp, api.chat.send, {
      token: user.token,
      body: { conversationId: service?.conversationId, clientId: clientId(), type: 'text', content: '   ' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('unread counts and the current conversation', () => {
  it("a message raises the others' count; zeroing it tells every device of the reader", async () => {
    const [a, b] = [await newUser(), await newUser()];
    const relation = await befriend(testApp, a, b);
    const phone = await socketOf(b);
    const desktop = await socketOf({ ...b, token: await loginAgain(b) });
    await sendText(testApp, a, relation.conversationId, 'one');
    await sendText(testApp, a, relation.conversationId, 'two');
    const mine = (await relationsOf(testApp, b)).find((r) => r.conversationId === relation.conversationId);
    expect(mine).toMatchObject({ count: 2, message: 'two', messagetype: 'text', fid: a.id });
    const senderSide = (await relationsOf(testApp, a)).find(
      (r) => r.conversationId === relation.conversationId,
    );
    expect(senderSide?.count).toBe(0);

    const zeroed = await ok<FriendRelation>(testApp, api.chat.updateRelation, {
      token: b.token,
      body: { id: mine?.id, count: 0 },
    });
    expect(zeroed.count).toBe(0);
    for (const device of [phone, desktop]) {
      await device.next(
        (message) => message.type === 'chatread' && message.data.conversationId === relation.conversationId,
      );
    }
  });

  it("sets the caller's own note on a friend", async () => {
    const [a, b] = [await newUser(), await newUser()];
    const relation = await befriend(testApp, a, b);
    const noted = await ok<FriendRelation>(testApp, api.chat.updateRelation, {
      token: a.token,
      body: { id: relation.id, notice: 'vet, Hoengseong' },
    });
    expect(noted.notice).toBe('vet, Hoengseong');
  });
});

const loginAgain = async (user: TestUser): Promise<string> => {
  const response = await call(
    testApp,
    { method: 'POST', path: 'login/login/loginApp' },
    {
      body: { username: user.username, password: user.password },
    },
  );
  return response.json<{ data: { token: string } }>().data.token;
};

describe('friends across farms', () => {
  it('are found by username or phone as name, avatar and farm name only', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const phone = `010-${randomBytes(3).toString('hex')}`;
    await testApp.db.query('UPDATE users SET phone = $1 WHERE id = $2', [phone, b.id]);
    for (const keyword of [b.username.toUpperCase(), phone]) {
      const found = await ok<ChatPerson[]>(testApp, api.chat.findUser, { token: a.token, body: { keyword } });
      expect(found).toEqual([{ id: b.id, name: expect.any(String), avatar: '', farmName: b.farmNumber }]);
    }
    const self = await ok<ChatPerson[]>(testApp, api.chat.findUser, {
      token: a.token,
      body: { keyword: a.username },
    });
    expect(self).toEqual([]);
  });

  it('request, live notice, acceptance: both get the conversation live, and it shows no farm data', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const [aSocket, bSocket] = [await socketOf(a), await socketOf(b)];
    const request = await ok<{ id: number; from: ChatPerson; to: ChatPerson }>(
      testApp,
      api.chat.friendApply,
      {
        token: a.token,
        body: { fid: b.id },
      },
    );
    expect(request.from.id).toBe(a.id);
    await bSocket.next((message) => message.type === 'friendapply' && message.data.id === request.id);
    const open = await ok<{ id: number }[]>(testApp, api.chat.friendApplies, { token: b.token });
    expect(open.map((r) => r.id)).toEqual([request.id]);

    const mine = await ok<FriendRelation>(testApp, api.chat.passApply, {
      token: b.token,
      params: { id: request.id },
    });
    expect(mine).toMatchObject({ kind: 'direct', fid: a.id, farmName: a.farmNumber, count: 0 });
    const told = await aSocket.next((message) => message.type === 'passapply');
    expect(told.data).toMatchObject({ fid: b.id, farmName: b.farmNumber });

    // The only cross-farm answer names a person: not their username, phone, country, city or anything of the farm.
    const text = JSON.stringify([mine, told.data, request]);
    for (const secret of [a.username, b.username, '010-1234-5678', 'Hoengseong', 'KR']) {
      expect(text).not.toContain(secret);
    }
  });

  it('a friend still reads nothing of the other farm', async () => {
    const [a, b] = [await newUser(), await newUser()];
    await befriend(testApp, a, b);
    const cows = await call(testApp, api.cows.getCowsData, {
      token: a.token,
      params: { country: b.country, FarmNumber: b.farmNumber },
    });
    expect(cows.statusCode).toBe(403);
    const profile = await call(testApp, api.user.getUser, { token: a.token, params: { id: b.id } });
    expect(profile.statusCode).toBe(403);
    const notices = await call(testApp, api.notices.getNoticeData, {
      token: a.token,
      params: { country: b.country, FarmNumber: b.farmNumber, phone: '010-1234-5678' },
    });
    expect(notices.statusCode).toBe(403);
  });

  it('only the one asked accepts; declining and withdrawing end the request', async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const request = await ok<{ id: number }>(testApp, api.chat.friendApply, {
      token: a.token,
      body: { fid: b.id },
    });
    expect(
      (await call(testApp, api.chat.passApply, { token: a.token, params: { id: request.id } })).statusCode,
    ).toBe(404);
    expect(
      (await call(testApp, api.chat.passApply, { token: c.token, params: { id: request.id } })).statusCode,
    ).toBe(404);
    expect(
      (await call(testApp, api.chat.refuseApply, { token: c.token, params: { id: request.id } })).statusCode,
    ).toBe(404);
    await ok(testApp, api.chat.refuseApply, { token: b.token, params: { id: request.id } });
    expect(await ok(testApp, api.chat.friendApplies, { token: a.token })).toEqual([]);
    expect((await relationsOf(testApp, a)).map((r) => r.kind)).toEqual(['service']);
  });

  it('asking someone who asked you first makes you friends; asking a friend is a conflict', async () => {
    const [a, b] = [await newUser(), await newUser()];
    await ok(testApp, api.chat.friendApply, { token: a.token, body: { fid: b.id } });
    await ok(testApp, api.chat.friendApply, { token: b.token, body: { fid: a.id } });
    expect((await relationsOf(testApp, a)).map((r) => r.kind)).toEqual(['service', 'direct']);
    expect(
      (await call(testApp, api.chat.friendApply, { token: a.token, body: { fid: b.id } })).statusCode,
    ).toBe(409);
    expect(
      (await call(testApp, api.chat.friendApply, { token: a.token, body: { fid: a.id } })).statusCode,
    ).toBe(400);
    expect(
      (await call(testApp, api.chat.friendApply, { token: a.token, body: { fid: 2_000_000 } })).statusCode,
    ).toBe(404);
  });

  it('deleting a friend tells both and closes the conversation; friends again, the history is back', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const relation = await befriend(testApp, a, b);
    await sendText(testApp, a, relation.conversationId, 'before');
    const bSocket = await socketOf(b);
    await ok(testApp, api.chat.deleteFriend, { token: a.token, params: { fid: b.id } });
    const told = await bSocket.next((message) => message.type === 'frienddelete');
    expect(told.data).toEqual({ fid: a.id, conversationId: relation.conversationId });
    const post = await call(testApp, api.chat.send, {
      token: b.token,
      body: { conversationId: relation.conversationId, clientId: clientId(), type: 'text', content: 'after' },
    });
    expect(post.statusCode).toBe(404);
    expect(
      (await call(testApp, api.chat.deleteFriend, { token: a.token, params: { fid: b.id } })).statusCode,
    ).toBe(404);
    expect(
      (await call(testApp, api.chat.friendRelation, { token: a.token, body: { uid: a.id, fid: b.id } }))
        .statusCode,
    ).toBe(404);

    const again = await befriend(testApp, a, b);
    expect(again.conversationId).toBe(relation.conversationId);
    const page = await ok<ChatPage>(testApp, api.chat.history, {
      token: b.token,
      params: { conversationId: again.conversationId },
    });
    expect(page.messages.map((message) => message.content)).toEqual(['before']);
  });
});

describe('groups', () => {
  it('only friends join; a non-member can neither read nor post (404)', async () => {
    const [owner, friend, stranger] = [await newUser(), await newUser(), await newUser()];
    await befriend(testApp, owner, friend);
    const refused = await call(testApp, api.chat.createGroup, {
      token: owner.token,
      body: { name: 'x', type: 1, users: [stranger.id] },
    });
    expect(refused.statusCode).toBe(403);
    const group = await createGroupOf(testApp, owner, [friend]);
    expect(group.users.map((user) => [user.uid, user.owner])).toEqual([
      [owner.id, true],
      [friend.id, false],
    ]);
    await sendText(testApp, friend, group.id, 'heifer 311 is bulling');

    const asStranger = { token: stranger.token };
    expect(
      (await call(testApp, api.chat.group, { ...asStranger, params: { gid: group.id } })).statusCode,
    ).toBe(404);
    expect(
      (await call(testApp, api.chat.groupUsers, { ...asStranger, body: { gid: group.id } })).statusCode,
    ).toBe(404);
    expect(
      (await call(testApp, api.chat.history, { ...asStranger, params: { conversationId: group.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(testApp, api.chat.groupRelation, {
          ...asStranger,
          body: { uid: stranger.id, gid: group.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(testApp, api.chat.updateGroup, {
          ...asStranger,
          params: { gid: group.id },
          body: { name: 'mine' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(testApp, api.chat.inviteToGroup, {
          ...asStranger,
          params: { gid: group.id },
          body: { users: [stranger.id] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(testApp, api.chat.groups, { ...asStranger, body: { id: [group.id] } })).statusCode,
    ).toBe(404);
    const post = await call(testApp, api.chat.send, {
      ...asStranger,
      body: { conversationId: group.id, clientId: clientId(), type: 'text', content: 'let me in' },
    });
    expect(post.statusCode).toBe(404);
    const types = await ok<{ id: number; code: string }[]>(testApp, api.chat.groupTypes, {
      token: friend.token,
    });
    expect(types.map((type) => type.code)).toContain('veterinary');
  });

  it('every group event reaches the members live', async () => {
    const [owner, b, c] = [await newUser(), await newUser(), await newUser()];
    await befriend(testApp, owner, b);
    await befriend(testApp, owner, c);
    const [ownerSocket, bSocket, cSocket] = [await socketOf(owner), await socketOf(b), await socketOf(c)];

    const group = await createGroupOf(testApp, owner, [b]);
    await bSocket.next((m) => m.type === 'newgroup' && m.data.id === group.id);

    await ok(testApp, api.chat.inviteToGroup, {
      token: owner.token,
      params: { gid: group.id },
      body: { users: [c.id] },
    });
    await cSocket.next((m) => m.type === 'newgroup' && m.data.id === group.id);
    const added = await bSocket.next((m) => m.type === 'adduser');
    expect(added.data).toEqual({
      gid: group.id,
      users: [{ id: c.id, name: expect.any(String), avatar: '', farmName: c.farmNumber }],
    });

    await ok(testApp, api.chat.updateGroup, {
      token: c.token,
      params: { gid: group.id },
      body: { name: 'Vets of the valley', avatar: 'https://example.org/vets.png' },
    });
    const changed = await ownerSocket.next((m) => m.type === 'groupchange');
    expect(changed.data as ChatGroup).toMatchObject({
      name: 'Vets of the valley',
      avatar: 'https://example.org/vets.png',
    });
    const inList = (await relationsOf(testApp, b)).find((relation) => relation.gid === group.id);
    expect(inList?.avatar).toBe('https://example.org/vets.png');

    const sent = await sendText(testApp, b, group.id, 'scan at 10');
    const got = await cSocket.next((m) => m.type === 'chatmessage' && m.data.id === sent.id);
    expect((got.data as ChatMessage).gid).toBe(group.id);

    expect(
      (
        await call(testApp, api.chat.removeFromGroup, {
          token: b.token,
          params: { gid: group.id, uid: c.id },
        })
      ).statusCode,
    ).toBe(403);
    await ok(testApp, api.chat.removeFromGroup, { token: owner.token, params: { gid: group.id, uid: c.id } });
    await cSocket.next((m) => m.type === 'removeuser' && m.data.uid === c.id);
    expect(
      (await call(testApp, api.chat.history, { token: c.token, params: { conversationId: group.id } }))
        .statusCode,
    ).toBe(404);

    expect(
      (await call(testApp, api.chat.leaveGroup, { token: owner.token, params: { gid: group.id } }))
        .statusCode,
    ).toBe(409);
    await ok(testApp, api.chat.leaveGroup, { token: b.token, params: { gid: group.id } });
    await ownerSocket.next((m) => m.type === 'userexit' && m.data.uid === b.id);

    await ok(testApp, api.chat.inviteToGroup, {
      token: owner.token,
      params: { gid: group.id },
      body: { users: [b.id] },
    });
    expect(
      (await call(testApp, api.chat.deleteGroup, { token: b.token, params: { gid: group.id } })).statusCode,
    ).toBe(403);
    bSocket.messages.splice(0);
    await ok(testApp, api.chat.deleteGroup, { token: owner.token, params: { gid: group.id } });
    await bSocket.next((m) => m.type === 'deletegroup' && m.data.gid === group.id);
    expect(
      (await call(testApp, api.chat.group, { token: owner.token, params: { gid: group.id } })).statusCode,
    ).toBe(404);
    expect((await relationsOf(testApp, b)).some((r) => r.gid === group.id)).toBe(false);
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

const uploadPng = async (user: TestUser): Promise<number> => {
  const boundary = `----cowcare${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cow.png"\r\nContent-Type: image/png\r\n\r\n`;
  const response = await call(testApp, api.uploads.upload, {
    token: user.token,
    body: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: number } }>().data.id;
};

describe('pictures', () => {
  it("go through the upload pipeline and reach the conversation's members only", async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const relation = await befriend(testApp, a, b);
    const uploadId = await uploadPng(a);
    const message = await ok<ChatMessage>(testApp, api.chat.send, {
      token: a.token,
      body: { conversationId: relation.conversationId, clientId: clientId(), type: 'image', uploadId },
    });
    expect(message.content).toBe(`/api/${fillPath(api.chat.picture.path, { id: message.id })}`);
    const seen = await call(testApp, api.chat.picture, { token: b.token, params: { id: message.id } });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await call(testApp, api.chat.picture, { token: c.token, params: { id: message.id } })).statusCode,
    ).toBe(404);
    const bUpload = await call(testApp, api.uploads.download, { token: b.token, params: { id: uploadId } });
    expect(bUpload.statusCode).toBe(404);
  });

  it("refuses someone else's upload as a picture (404)", async () => {
    const [a, b] = [await newUser(), await newUser()];
    const relation = await befriend(testApp, a, b);
    const theirs = await uploadPng(b);
    const response = await call(testApp, api.chat.send, {
      token: a.token,
      body: {
        conversationId: relation.conversationId,
        clientId: clientId(),
        type: 'image',
        uploadId: theirs,
      },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the chat socket', () => {
  it('is closed with 4403 when the path names another user, 4401 without a valid token', async () => {
    const [a, b] = [await newUser(), await newUser()];
    expect(await closeCodeOf(chatSocketUrl(baseUrl, b.id, a.token))).toBe(SOCKET_CLOSE_CODES.forbidden);
    expect(await closeCodeOf(chatSocketUrl(baseUrl, a.id, 'forged'))).toBe(SOCKET_CLOSE_CODES.unauthorized);
  });

  it('closes with the login behind it (logout)', async () => {
    const a = await newUser();
    const socket = await socketOf(a);
    const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
    await ok(testApp, api.auth.logout, { token: a.token, body: {} });
    expect(await closed).toBe(SOCKET_CLOSE_CODES.loginRevoked);
  });

  it("gets no one else's messages", async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const relation = await befriend(testApp, a, b);
    const cSocket = await socketOf(c);
    const bSocket = await socketOf(b);
    const sent = await sendText(testApp, a, relation.conversationId, 'private');
    await bSocket.next((m) => m.type === 'chatmessage' && m.data.id === sent.id);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(cSocket.messages.filter((m) => m.type === 'chatmessage')).toEqual([]);
  });
});

describe('support answers customer service', () => {
  const supportToken = async (): Promise<string> => {
    const username = `support${randomBytes(3).toString('hex')}`;
    await testApp.db.query(
      "INSERT INTO admin_users (username, password_hash, name) VALUES ($1, $2, 'CowCare Support')",
      [username, await hashPassword('support password')],
    );
    return (
      await ok<{ token: string }>(testApp, api.admin.login, {
        body: { username, password: 'support password' },
      })
    ).token;
  };

  it("sees a farmer's question in the inbox, unread first, and the answer reaches the farmer live", async () => {
    const token = await supportToken();
    const farmer = await newUser();
    const [service] = await relationsOf(testApp, farmer);
    const conversationId = service?.conversationId ?? 0;
    await sendText(testApp, farmer, conversationId, 'my bolus 20106 stopped sending');
    const inbox = await ok<{ conversationId: number; unread: number; farmNumber: string; message: string }[]>(
      testApp,
      api.admin.chatInbox,
      { token },
    );
    expect(inbox[0]).toMatchObject({
      conversationId,
      unread: 1,
      farmNumber: farmer.farmNumber,
      message: 'my bolus 20106 stopped sending',
    });

    const socket = await socketOf(farmer);
    const id = clientId();
    const reply = await ok<ChatMessage>(testApp, api.admin.chatReply, {
      token,
      body: {
        conversationId,
        clientId: id,
        content: 'We see it offline since 09:10; check the gateway power.',
      },
    });
    expect(reply).toMatchObject({ from: 'admin', uid: 0, toid: farmer.id, seq: 2 });
    await ok(testApp, api.admin.chatReply, {
      token,
      body: { conversationId, clientId: id, content: 'again' },
    });
    const got = await socket.next((m) => m.type === 'chatmessage' && m.data.from === 'admin');
    expect(got.data.content).toBe('We see it offline since 09:10; check the gateway power.');
    const [mine] = await relationsOf(testApp, farmer);
    expect(mine).toMatchObject({ kind: 'service', count: 1, name: 'Administrator' });
    const page = await ok<ChatPage>(testApp, api.chat.serviceHistory, {
      token: farmer.token,
      params: { id: farmer.id, before: 0 },
    });
    expect(page.messages.map((m) => m.from)).toEqual(['admin', 'user']);
    const after = await ok<{ conversationId: number; unread: number }[]>(testApp, api.admin.chatInbox, {
      token,
    });
    expect(after.find((row) => row.conversationId === conversationId)?.unread).toBe(0);
  });

  it("opens a farmer's picture to customer service, and no picture of a friends' conversation", async () => {
    const token = await supportToken();
    const [a, b] = [await newUser(), await newUser()];
    const [service] = await relationsOf(testApp, a);
    const direct = await befriend(testApp, a, b);
    const send = async (conversationId: number) =>
      ok<ChatMessage>(testApp, api.chat.send, {
        token: a.token,
        body: { conversationId, clientId: clientId(), type: 'image', uploadId: await uploadPng(a) },
      });
    const toSupport = await send(service?.conversationId ?? 0);
    const toFriend = await send(direct.conversationId);
    const seen = await call(testApp, api.admin.chatPicture, { token, params: { id: toSupport.id } });
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await call(testApp, api.admin.chatPicture, { token, params: { id: toFriend.id } })).statusCode,
    ).toBe(404);
    const asFarmer = await call(testApp, api.admin.chatPicture, {
      token: a.token,
      params: { id: toSupport.id },
    });
    expect(asFarmer.statusCode).toBe(401);
  });

  it('reads no direct or group conversation, and the farm token opens none of it', async () => {
    const token = await supportToken();
    const [a, b] = [await newUser(), await newUser()];
    const direct = await befriend(testApp, a, b);
    const history = await call(testApp, api.admin.chatHistory, {
      token,
      params: { conversationId: direct.conversationId },
    });
    expect(history.statusCode).toBe(404);
    const reply = await call(testApp, api.admin.chatReply, {
      token,
      body: { conversationId: direct.conversationId, clientId: clientId(), content: 'hello' },
    });
    expect(reply.statusCode).toBe(404);
    for (const route of [api.admin.chatInbox, api.admin.chatHistory, api.admin.chatRead]) {
      const response = await call(testApp, route, { token: a.token, params: { conversationId: 1 } });
      expect(response.statusCode).toBe(401);
    }
    const [service] = await relationsOf(testApp, a);
    await sendText(testApp, a, service?.conversationId ?? 0, 'hello support');
    const read = await ok<{ unread: number }>(testApp, api.admin.chatRead, {
      token,
      params: { conversationId: service?.conversationId ?? 0 },
    });
    expect(read.unread).toBe(0);
  });
});
