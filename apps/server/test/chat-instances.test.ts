// Issue 35: across two server instances on one database and a Redis or NATS bus, a chat message and every
// group event arrive exactly as on one instance: once, in order, and only to the members.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { buildApp } from '../src/app';
import {
  agentToken,
  befriend,
  clientId,
  createGroupOf,
  ok,
  openChatSocket,
  openRecordingSocket,
  sendText,
  supportSocketUrl,
  type ChatSocket,
} from './chat-fixtures';
import { describeWithServices } from './helpers/required-services';
import { createFarmUser, createTestApp, testConfig, TEST_RUN_ID, type TestApp } from './helpers/test-app';

const buses = [
  ['redis', process.env.REDIS_URL],
  ['nats', process.env.NATS_URL],
] as const;

for (const [name, busUrl] of buses) {
  describeWithServices(
    `chat across two instances, on a ${name} bus`,
    busUrl ? undefined : `${name.toUpperCase()}_URL`,
    () => twoInstances(name, busUrl ?? ''),
  );
}

function twoInstances(name: string, busUrl: string) {
  let first: TestApp;
  let second: TestApp;
  let firstUrl: string;
  let secondUrl: string;
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    const busChannel = `cowcare-test.chat-${name}.${TEST_RUN_ID}`;
    first = await createTestApp({ busUrl, busChannel, instanceName: `${name}-1-${TEST_RUN_ID}` });
    // The second instance on the first one's database, as two instances of one install are.
    const built = await buildApp(
      testConfig({ busUrl, busChannel, instanceName: `${name}-2-${TEST_RUN_ID}` }),
      first.db,
    );
    await built.app.ready();
    second = { ...built, db: first.db, close: () => built.app.close() };
    secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
    firstUrl = await first.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await second.close();
    await first.close();
  });

  const socketOnSecond = async (user: Awaited<ReturnType<typeof createFarmUser>>) => {
    const socket = await openChatSocket(secondUrl, user);
    sockets.push(socket);
    return socket;
  };

  it('messages sent on A reach a socket on B once each, in order, resends not again', async () => {
    const [a, b, outsider] = [
      await createFarmUser(first),
      await createFarmUser(first),
      await createFarmUser(first),
    ];
    const relation = await befriend(first, a, b);
    const onB = await socketOnSecond(b);
    const outsiderOnB = await socketOnSecond(outsider);
    const ids = Array.from({ length: 5 }, () => clientId());
    for (const [n, id] of ids.entries()) await sendText(first, a, relation.conversationId, `m${n}`, id);
    await sendText(first, a, relation.conversationId, 'm0', ids[0]);
    await onB.next((m) => m.type === 'chatmessage' && m.data.clientId === ids[4]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const got = onB.messages.filter((m) => m.type === 'chatmessage').map((m) => m.data.seq);
    expect(got).toEqual([1, 2, 3, 4, 5]);
    expect(outsiderOnB.messages.filter((m) => m.type === 'chatmessage')).toEqual([]);
  });

  it('group events and read counts made on A reach B', async () => {
    const [owner, b] = [await createFarmUser(first), await createFarmUser(first)];
    await befriend(first, owner, b);
    const bOnB = await socketOnSecond(b);
    const ownerOnB = await socketOnSecond(owner);
    const group = await createGroupOf(first, owner, [b]);
    await bOnB.next((m) => m.type === 'newgroup' && m.data.id === group.id);
    await ok(first, api.chat.updateGroup, {
      token: owner.token,
      params: { gid: group.id },
      body: { note: 'new note' },
    });
    await bOnB.next((m) => m.type === 'groupchange' && m.data.note === 'new note');
    await sendText(first, b, group.id, 'hello');
    const relations = await ok<{ id: number; gid: number }[]>(first, api.chat.relations, {
      token: owner.token,
      body: { uid: owner.id },
    });
    const inGroup = relations.find((r) => r.gid === group.id);
    await ok(first, api.chat.updateRelation, { token: owner.token, body: { id: inGroup?.id, count: 0 } });
    await ownerOnB.next((m) => m.type === 'chatread' && m.data.conversationId === group.id);
    await ok(first, api.chat.leaveGroup, { token: b.token, params: { gid: group.id } });
    await ownerOnB.next((m) => m.type === 'userexit' && m.data.uid === b.id);
  });

  it("a farmer's question and an agent's presence on A reach a console on B", async () => {
    const [token, other] = [await agentToken(first, 'Agent on A'), await agentToken(first, 'Agent on B')];
    const consoleOnA = await openRecordingSocket(supportSocketUrl(firstUrl, token));
    const consoleOnB = await openRecordingSocket(supportSocketUrl(secondUrl, other));
    sockets.push(consoleOnA, consoleOnB);
    const farmer = await createFarmUser(first);
    const [service] = await ok<{ conversationId: number }[]>(first, api.chat.relations, {
      token: farmer.token,
      body: { uid: farmer.id },
    });
    const conversationId = service?.conversationId ?? 0;
    await sendText(first, farmer, conversationId, 'gateway offline since 6');
    await consoleOnB.next(
      (m) =>
        m.type === 'servicechat' &&
        (m.data.message as { content?: string } | null)?.content === 'gateway offline since 6',
    );
    consoleOnA.socket.send(JSON.stringify({ type: 'viewing', data: { conversationId } }));
    await consoleOnB.next(
      (m) =>
        m.type === 'presence' &&
        (m.data.agents as { name: string; conversationId: number | null }[]).some(
          (agent) => agent.name === 'Agent on A' && agent.conversationId === conversationId,
        ),
    );
  });
}
