// A bus (Redis) that goes away while users work: requests still answer, and the instance's own sockets still
// get their live updates. The bus is cut through a TCP proxy in front of the real Redis, never replaced.

import { api } from '@cowcare/contract/api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { farmIdOf, insertCowRow } from './cows-fixtures';
import { describeWithServices } from './helpers/required-services';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { openFarmSocket, waitFor } from './ingest-fixtures';
import { HOUR, insertNotice } from './notices-fixtures';

const redisUrl = process.env.REDIS_URL;

describeWithServices('a Redis bus that is gone', redisUrl ? undefined : 'REDIS_URL', () => {
  let proxy: TcpProxy;
  let testApp: TestApp;
  let farmer: TestUser;
  let cowId: number;
  let noticeId: number;

  beforeAll(async () => {
    proxy = await startTcpProxy(redisUrl ?? '');
    testApp = await createTestApp({ busUrl: proxy.url });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    farmer = await createFarmUser(testApp);
    cowId = await insertCowRow(testApp, farmer, { code: 'C301', sensorId: 40301 });
    await testApp.db.query('UPDATE cows SET is_read = false WHERE id = $1', [cowId]);
    const notice = await insertNotice(testApp, {
      farmId: await farmIdOf(testApp, farmer),
      cowId,
      sensorId: 40301,
      code: 202,
      episodeKey: 'test:bus-outage',
      occurredAt: new Date(Date.now() - HOUR).toISOString(),
      details: {},
    });
    noticeId = notice.id;
  });
  afterAll(async () => {
    await testApp.close();
    await proxy.cut();
  });

  it("marks notices read and tells this instance's sockets, without waiting for Redis", async () => {
    const socket = await openFarmSocket(testApp, farmer);
    await proxy.cut();
    const failuresBefore = testApp.services.bus.stats.failures;

    const response = await call(testApp, api.notices.readNotices, {
      token: farmer.token,
      body: { ids: [noticeId] },
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { updated: 1 } });
    await waitFor(() => socket.messages.some((message) => message.type === 'cowinfo'));
    expect(socket.messages.filter((message) => message.type === 'cowinfo')).toEqual([
      { type: 'cowinfo', data: { id: cowId, readed: 1 } },
    ]);
    // The other sessions' badges too (issue 33): each message to the farm failed on the bus, none was lost here.
    await waitFor(() => socket.messages.some((message) => message.type === 'noticesread'));
    expect(socket.messages.filter((message) => message.type === 'noticesread')).toEqual([
      { type: 'noticesread', data: { ids: [noticeId] } },
    ]);
    expect(testApp.services.bus.stats.failures).toBe(failuresBefore + 2);
    socket.close();
  });
});
