import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { api } from '@cowcare/contract/api';
import type { ChatGroup, ChatMessage, FriendRelation, FriendRequest } from '@cowcare/contract/chat-schemas';
import { hashPassword } from '../src/modules/auth/passwords';
import { call, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

export interface Received {
  type: string;
  data: Record<string, unknown>;
}

/** A chat socket as a browser holds it: what it received, and a wait for the next matching message. */
export interface ChatSocket {
  socket: WebSocket;
  messages: Received[];
  next: (matches: (message: Received) => boolean, withinMs?: number) => Promise<Received>;
  close: () => void;
}

export const chatSocketUrl = (baseUrl: string, userId: number, token: string): string =>
  `${baseUrl.replace('http', 'ws')}/chat/${userId}?token=${encodeURIComponent(token)}`;

export const openChatSocket = (baseUrl: string, user: TestUser): Promise<ChatSocket> =>
  openRecordingSocket(chatSocketUrl(baseUrl, user.id, user.token));

/** The support console's socket of an agent's token (issue 35). */
export const supportSocketUrl = (baseUrl: string, token: string): string =>
  `${baseUrl.replace('http', 'ws')}/socket/support?token=${encodeURIComponent(token)}`;

/** Opens, registers, and records every message, as a browser's socket client does. */
export const openRecordingSocket = async (url: string): Promise<ChatSocket> => {
  const socket = new WebSocket(url);
  const messages: Received[] = [];
  socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as Received));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'register', data: {} }));
  const next = async (matches: (message: Received) => boolean, withinMs = 5000): Promise<Received> => {
    for (let waited = 0; waited < withinMs; waited += 10) {
      const found = messages.find(matches);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no matching socket message within ${withinMs} ms; got ${JSON.stringify(messages)}`);
  };
  await next((message) => message.type === 'register_res');
  return { socket, messages, next, close: () => socket.close() };
};

/** How a socket closed: its code, or 'open' when it did not within the time. */
export const closeCodeOf = (url: string, withinMs = 3000): Promise<number | 'open'> =>
  new Promise((resolve) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => {
      socket.close();
      resolve('open');
    }, withinMs);
    socket.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    socket.on('error', () => undefined);
  });

/** A listening app for the chat's tests; the chat sockets opened through it close with it. */
export interface ChatServer {
  testApp: TestApp;
  baseUrl: string;
  socketOf: (user: TestUser) => Promise<ChatSocket>;
  close: () => Promise<void>;
}

export const openChatServer = async (): Promise<ChatServer> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cowcare-chat-'));
  const testApp = await createTestApp({ dataDir });
  const baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const sockets: ChatSocket[] = [];
  return {
    testApp,
    baseUrl,
    socketOf: async (user) => {
      const socket = await openChatSocket(baseUrl, user);
      sockets.push(socket);
      return socket;
    },
    close: async () => {
      for (const socket of sockets) socket.close();
      await testApp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

export const ok = async <T>(
  testApp: TestApp,
  route: Parameters<typeof call>[1],
  options: Parameters<typeof call>[2],
): Promise<T> => {
  const response = await call(testApp, route, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
};

export const clientId = (): string => randomUUID();

export const relationsOf = (testApp: TestApp, user: TestUser): Promise<FriendRelation[]> =>
  ok<FriendRelation[]>(testApp, api.chat.relations, { token: user.token, body: { uid: user.id } });

export const sendText = (
  testApp: TestApp,
  user: TestUser,
  conversationId: number,
  content: string,
  id = clientId(),
) =>
  ok<ChatMessage>(testApp, api.chat.send, {
    token: user.token,
    body: { conversationId, clientId: id, type: 'text', content },
  });

/** Makes the two friends through the real request and acceptance; answers the first one's relation. */
export const befriend = async (testApp: TestApp, a: TestUser, b: TestUser): Promise<FriendRelation> => {
  const request = await ok<FriendRequest>(testApp, api.chat.friendApply, {
    token: a.token,
    body: { fid: b.id },
  });
  await ok<FriendRelation>(testApp, api.chat.passApply, { token: b.token, params: { id: request.id } });
  return ok<FriendRelation>(testApp, api.chat.friendRelation, {
    token: a.token,
    body: { uid: a.id, fid: b.id },
  });
};

export const createGroupOf = (
  testApp: TestApp,
  owner: TestUser,
  users: TestUser[],
  name = 'Hoengseong vets',
) =>
  ok<ChatGroup>(testApp, api.chat.createGroup, {
    token: owner.token,
    body: { name, note: 'calving season', type: 2, users: users.map((user) => user.id) },
  });

export const uniqueName = (): string => randomBytes(4).toString('hex');

/** A support account made as the operator command makes one, logged in through the console's login. */
export const agentToken = async (testApp: TestApp, name: string): Promise<string> => {
  const username = `agent${randomBytes(3).toString('hex')}`;
  await testApp.db.query('INSERT INTO admin_users (username, password_hash, name) VALUES ($1, $2, $3)', [
    username,
    await hashPassword('support password'),
    name,
  ]);
  return (
    await ok<{ token: string }>(testApp, api.admin.login, {
      body: { username, password: 'support password' },
    })
  ).token;
};
