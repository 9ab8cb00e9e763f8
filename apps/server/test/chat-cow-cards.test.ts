// Issue 35, cow cards: the chat's third message kind. The server reads the cow of the sender's farm at send
// time and stores the snapshot with the message; a reader of another farm gets the snapshot and nothing else.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, api } from '@cowcare/contract/api';
import type { ChatMessage, ChatPage } from '@cowcare/contract/chat-schemas';
import { pathParamNames, type RouteDefinition } from '@cowcare/contract/route';
import { addDays } from '@cowcare/domain/calendar-date';
import { call, createFarmUser, ownScopeValue, type TestApp, type TestUser } from './helpers/test-app';
import { befriend, clientId, ok, openChatServer, relationsOf, type ChatServer } from './chat-fixtures';
import { farmIdOf, insertCowRow } from './cows-fixtures';

let server: ChatServer;
let testApp: TestApp;

beforeAll(async () => {
  server = await openChatServer();
  testApp = server.testApp;
});
afterAll(() => server.close());

const today = () => new Date().toISOString().slice(0, 10);
const uniqueCode = () => `C${randomInt(100_000_000, 999_999_999)}`;

/** A milking cow wearing a bolus, with readings an hour old and a calving 45 days ago. */
const milkingCow = async (owner: TestUser, code = uniqueCode()) => {
  const cowId = await insertCowRow(testApp, owner, {
    code,
    status: '포유',
    sensorId: 20106,
    sensorOnline: true,
    currentTemperature: 39.6,
    averageTemperature: 38.9,
    currentActivity: 14.5,
    averageActivity: 12,
    lastReadingAt: new Date(Date.now() - 3_600_000).toISOString(),
  });
  await testApp.db.query('UPDATE cows SET current_drink = 7, last_calving_date = $2 WHERE id = $1', [
    cowId,
    addDays(today(), -45),
  ]);
  return { cowId, code };
};

const sendCard = (user: TestUser, conversationId: number, cowId: number, id = clientId(), content?: string) =>
  call(testApp, api.chat.send, {
    token: user.token,
    body: { conversationId, clientId: id, type: 'cow', cowId, ...(content === undefined ? {} : { content }) },
  });

const historyOf = (user: TestUser, conversationId: number) =>
  ok<ChatPage>(testApp, api.chat.history, { token: user.token, params: { conversationId } });

describe('a cow card', () => {
  it('is the server’s snapshot of her code, status and latest values, delivered live to a friend', async () => {
    const [farmer, vet] = [await createFarmUser(testApp), await createFarmUser(testApp)];
    const relation = await befriend(testApp, farmer, vet);
    const vetSocket = await server.socketOf(vet);
    const { cowId, code } = await milkingCow(farmer);

    const response = await sendCard(farmer, relation.conversationId, cowId, clientId(), `look at ${code}`);
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<{ data: ChatMessage }>().data;
    expect(sent).toMatchObject({
      type: 'cow',
      content: `look at ${code}`,
      card: {
        cowId,
        farmNumber: farmer.farmNumber,
        code,
        status: 'lactation',
        sensorKind: 'pill',
        temperature: 39.6,
        activity: 14.5,
        drink: 7,
        daysInMilk: 45,
        daysSinceInsemination: null,
      },
    });
    expect(sent.card?.readingAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const live = await vetSocket.next(
      (message) => message.type === 'chatmessage' && message.data.clientId === sent.clientId,
    );
    expect(live.data).toEqual(sent);
    expect((await historyOf(vet, relation.conversationId)).messages[0]).toEqual(sent);
    const vetRelation = (await relationsOf(testApp, vet)).find(
      (r) => r.conversationId === relation.conversationId,
    );
    expect(vetRelation).toMatchObject({ messagetype: 'cow', message: code, count: 1 });
  });

  it('keeps the values of the moment it was sent when the cow changes later', async () => {
    const farmer = await createFarmUser(testApp);
    const [service] = await relationsOf(testApp, farmer);
    const { cowId } = await milkingCow(farmer);
    expect((await sendCard(farmer, service?.conversationId ?? 0, cowId)).statusCode).toBe(200);
    await testApp.db.query("UPDATE cows SET current_temperature = 38.5, status = '비육' WHERE id = $1", [
      cowId,
    ]);
    const [card] = (await historyOf(farmer, service?.conversationId ?? 0)).messages;
    expect(card?.card).toMatchObject({ temperature: 39.6, status: 'lactation' });
  });

  it('of a cow of another farm is refused (404) and nothing is stored or counted', async () => {
    const [farmer, friend] = [await createFarmUser(testApp), await createFarmUser(testApp)];
    const relation = await befriend(testApp, farmer, friend);
    const { cowId } = await milkingCow(friend);

    const response = await sendCard(farmer, relation.conversationId, cowId);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('E_NOT_FOUND');
    expect(response.body).not.toContain('lactation');
    expect((await historyOf(friend, relation.conversationId)).messages).toEqual([]);
    const [row] = await testApp.db.query<{ seq: number }>(
      'SELECT last_seq AS seq FROM chat_conversations WHERE id = $1',
      [relation.conversationId],
    );
    expect(row?.seq).toBe(0);
    const friendRelation = (await relationsOf(testApp, friend)).find(
      (r) => r.conversationId === relation.conversationId,
    );
    expect(friendRelation?.count).toBe(0);
  });

  it('is stored once for a resend with the same client id, with the first snapshot', async () => {
    const farmer = await createFarmUser(testApp);
    const [service] = await relationsOf(testApp, farmer);
    const conversationId = service?.conversationId ?? 0;
    const { cowId } = await milkingCow(farmer);
    const id = clientId();
    const first = await sendCard(farmer, conversationId, cowId, id);
    await testApp.db.query('UPDATE cows SET current_temperature = 40.1 WHERE id = $1', [cowId]);
    const again = await sendCard(farmer, conversationId, cowId, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await historyOf(farmer, conversationId)).messages).toHaveLength(1);
  });

  it('needs a token (401) and a cow id (400)', async () => {
    const farmer = await createFarmUser(testApp);
    const [service] = await relationsOf(testApp, farmer);
    const body = { conversationId: service?.conversationId, clientId: clientId(), type: 'cow', cowId: 1 };
    expect((await call(testApp, api.chat.send, { body })).statusCode).toBe(401);
    for (const bad of [{ cowId: undefined }, { cowId: 0 }, { cowId: 'C1042' }]) {
      const response = await call(testApp, api.chat.send, { token: farmer.token, body: { ...body, ...bad } });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('E_VALIDATION');
    }
  });
});

/** Every farm read by id (GET, outside the chat), with the reader's own farm, user and country in its scopes. */
const farmReadsById = allRoutes.filter(
  (route) =>
    route.method === 'GET' &&
    route.access === 'user' &&
    route.tag !== 'chat' &&
    pathParamNames(route.path).some((name) => !(route.scopes ?? {})[name]),
);

const paramsFor = (route: RouteDefinition, reader: TestUser, cowId: number) =>
  Object.fromEntries(
    pathParamNames(route.path).map((name) => {
      const scope = (route.scopes ?? {})[name];
      return [name, scope ? ownScopeValue(reader, scope) : cowId];
    }),
  );

describe('a reader of another farm', () => {
  it('gets the snapshot but still reads nothing of the cow through any farm call', async () => {
    const [farmer, neighbour] = [await createFarmUser(testApp), await createFarmUser(testApp)];
    const relation = await befriend(testApp, farmer, neighbour);
    const { cowId, code } = await milkingCow(farmer);
    expect((await sendCard(farmer, relation.conversationId, cowId)).statusCode).toBe(200);
    const [card] = (await historyOf(neighbour, relation.conversationId)).messages;
    expect(card?.card).toMatchObject({ cowId, code });

    expect(farmReadsById.length).toBeGreaterThan(3);
    for (const route of farmReadsById) {
      const response = await call(testApp, route, {
        token: neighbour.token,
        params: paramsFor(route, neighbour, cowId),
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBeLessThan(500);
      expect(response.body, `${route.method} ${route.path}`).not.toContain(code);
    }
    const page = await call(testApp, api.cows.getCowInfo, { token: neighbour.token, params: { id: cowId } });
    expect(page.statusCode).toBe(404);
    const herd = await call(testApp, api.cows.getCowsData, {
      token: neighbour.token,
      params: { country: neighbour.country, FarmNumber: neighbour.farmNumber },
    });
    expect(herd.body).not.toContain(code);
    // Her own farm's id is not the neighbour's: the card's cow id opens nothing there.
    expect(await farmIdOf(testApp, neighbour)).not.toBe(await farmIdOf(testApp, farmer));
  });
});
