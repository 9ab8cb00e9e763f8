// Issue 35: the support console's live inbox. Every console hears a farmer's question and another agent's
// answer at once, and sees which agent has which conversation open, so two agents never answer one farmer
// twice. Only an agent's token opens the console's socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { SOCKET_CLOSE_CODES } from '@cowcare/contract/socket-messages';
import { closeConsolesOfRemovedAgents } from '../src/modules/support/support-socket';
import {
  agentToken,
  befriend,
  clientId,
  closeCodeOf,
  ok,
  openRecordingSocket,
  relationsOf,
  sendText,
  supportSocketUrl,
  type ChatSocket,
  type Received,
} from './chat-fixtures';
import { createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let baseUrl: string;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await testApp.close();
});

const consoleOf = async (token: string): Promise<ChatSocket> => {
  const socket = await openRecordingSocket(supportSocketUrl(baseUrl, token));
  sockets.push(socket);
  return socket;
};

const serviceConversationOf = async (farmer: TestUser): Promise<number> => {
  const [service] = await relationsOf(testApp, farmer);
  if (service?.kind !== 'service') throw new Error('the customer-service conversation comes first');
  return service.conversationId;
};

type Presence = { adminId: number; name: string; conversationId: number | null }[];
const presenceOf = (message: Received): Presence => (message.data as { agents: Presence }).agents;
const about = (conversationId: number) => (message: Received) =>
  message.type === 'servicechat' &&
  (message.data as { conversation: { conversationId: number } }).conversation.conversationId ===
    conversationId;

describe('who may open the console socket', () => {
  it('closes it with 4401 without a token and with a farm token', async () => {
    const farmer = await createFarmUser(testApp);
    expect(await closeCodeOf(`${baseUrl.replace('http', 'ws')}/socket/support`)).toBe(
      SOCKET_CLOSE_CODES.unauthorized,
    );
    expect(await closeCodeOf(supportSocketUrl(baseUrl, farmer.token))).toBe(SOCKET_CLOSE_CODES.unauthorized);
  });

  it("refuses an agent's token on the farm's chat socket", async () => {
    const token = await agentToken(testApp, 'Ana Silva');
    expect(await closeCodeOf(`${baseUrl.replace('http', 'ws')}/chat/1?token=${token}`)).toBe(
      SOCKET_CLOSE_CODES.unauthorized,
    );
  });

  it("closes a removed agent's console", async () => {
    const token = await agentToken(testApp, 'Leaving Agent');
    const socket = await consoleOf(token);
    const closed = new Promise<number>((resolve) => socket.socket.once('close', resolve));
    await testApp.db.query("UPDATE admin_users SET removed_at = now() WHERE name = 'Leaving Agent'");
    expect(await closeConsolesOfRemovedAgents(testApp.services)).toBe(1);
    expect(await closed).toBe(SOCKET_CLOSE_CODES.loginRevoked);
  });
});

describe('the live inbox', () => {
  it("brings a farmer's question, another agent's answer and a read to every console", async () => {
    const [mina, joon] = [await agentToken(testApp, 'Mina Park'), await agentToken(testApp, 'Joon Lee')];
    const [minaConsole, joonConsole] = [await consoleOf(mina), await consoleOf(joon)];
    const farmer = await createFarmUser(testApp, { country: 'KR' });
    const conversationId = await serviceConversationOf(farmer);

    await sendText(testApp, farmer, conversationId, 'my bolus 20106 stopped sending');
    for (const console of [minaConsole, joonConsole]) {
      const question = await console.next(about(conversationId));
      expect(question.data).toMatchObject({
        conversation: { farmNumber: farmer.farmNumber, country: 'KR', unread: 1, answeredBy: null },
        message: { content: 'my bolus 20106 stopped sending', from: 'user' },
      });
    }

    await ok(testApp, api.admin.chatReply, {
      token: mina,
      body: { conversationId, clientId: clientId(), content: 'Check the gateway power, please.' },
    });
    const [audited] = await ok<{ agent: string; action: string; target: string }[]>(
      testApp,
      api.support.auditLog,
      {
        token: joon,
      },
    );
    expect(audited).toMatchObject({ agent: 'Mina Park', action: 'chatReply' });
    expect(audited?.target).toContain(`KR/${farmer.farmNumber}`);
    const answer = await joonConsole.next(
      (message) =>
        about(conversationId)(message) &&
        (message.data.message as { from?: string } | null)?.from === 'admin',
    );
    expect(answer.data).toMatchObject({
      conversation: { unread: 0, answeredBy: 'Mina Park', message: 'Check the gateway power, please.' },
    });

    await sendText(testApp, farmer, conversationId, 'thanks, it is back');
    await ok(testApp, api.admin.chatRead, { token: joon, params: { conversationId } });
    const read = await minaConsole.next(
      (message) => about(conversationId)(message) && message.data.message === null,
    );
    expect(read.data).toMatchObject({ conversation: { unread: 0 } });
  });

  it('tells no console of a conversation between friends', async () => {
    const token = await agentToken(testApp, 'Quiet Agent');
    const console = await consoleOf(token);
    const [a, b] = [await createFarmUser(testApp), await createFarmUser(testApp)];
    const relation = await befriend(testApp, a, b);
    await sendText(testApp, a, relation.conversationId, 'private between neighbours');
    const service = await serviceConversationOf(a);
    await sendText(testApp, a, service, 'a question for support');
    await console.next(about(service));
    expect(console.messages.filter(about(relation.conversationId))).toEqual([]);
    expect(JSON.stringify(console.messages)).not.toContain('private between neighbours');
  });
});

describe('which agent has which conversation open', () => {
  it('shows every console who is looking at what, and forgets an agent who closes the console', async () => {
    const [ana, ben] = [await agentToken(testApp, 'Ana Presence'), await agentToken(testApp, 'Ben Presence')];
    const anaConsole = await consoleOf(ana);
    const benConsole = await consoleOf(ben);
    const farmer = await createFarmUser(testApp);
    const conversationId = await serviceConversationOf(farmer);
    const anaAt = (wanted: number | null) => (message: Received) =>
      message.type === 'presence' &&
      presenceOf(message).some((agent) => agent.name === 'Ana Presence' && agent.conversationId === wanted);

    anaConsole.socket.send(JSON.stringify({ type: 'viewing', data: { conversationId } }));
    await benConsole.next(anaAt(conversationId));

    // A conversation that is not a customer-service one is never shown as open.
    const [a, b] = [await createFarmUser(testApp), await createFarmUser(testApp)];
    const direct = await befriend(testApp, a, b);
    anaConsole.socket.send(
      JSON.stringify({ type: 'viewing', data: { conversationId: direct.conversationId } }),
    );
    benConsole.messages.length = 0;
    await benConsole.next(anaAt(null));

    anaConsole.close();
    await benConsole.next(
      (message) =>
        message.type === 'presence' && !presenceOf(message).some((agent) => agent.name === 'Ana Presence'),
    );
  });

  it('answers a malformed console message with an error and keeps the socket', async () => {
    const console = await consoleOf(await agentToken(testApp, 'Careful Agent'));
    console.socket.send(JSON.stringify({ type: 'viewing', data: { conversationId: 'seven' } }));
    await console.next((message) => message.type === 'error');
    console.socket.send(JSON.stringify({ type: 'ping', data: {} }));
    await console.next((message) => message.type === 'pong');
  });
});
