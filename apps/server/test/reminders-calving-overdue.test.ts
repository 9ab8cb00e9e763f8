import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '@cowcare/contract/api';
import type { Notice } from '@cowcare/contract/routes/notices';
import { runReproductionReminders } from '../src/jobs/reproduction-reminders-job';
import { farmIdOf, insertCowRow } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { detailsProblems } from './helpers/notice-details';

// The injected clock: 2026-05-10 at 03:00 UTC, and the day after.
const NOW = new Date('2026-05-10T03:00:00Z');
const NEXT_DAY = new Date('2026-05-11T03:00:00Z');

let testApp: TestApp;
let farmer: TestUser;
let neighbour: TestUser;
let socketUrl: string;
const cows: Record<string, number> = {};

const cow = async (
  user: TestUser,
  name: string,
  status: string,
  dates: Record<string, string>,
  extra: { culled?: boolean } = {},
) => {
  const id = await insertCowRow(testApp, user, {
    code: `C${Object.keys(cows).length + 1}`,
    status,
    ...extra,
  });
  for (const [column, value] of Object.entries(dates)) {
    await testApp.db.query(`UPDATE cows SET ${column} = $2 WHERE id = $1`, [id, value]);
  }
  cows[name] = id;
};

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  neighbour = await createFarmUser(testApp);
  // Served 2025-07-19, calved the year before: due 2026-04-30, 10 days ago.
  await cow(farmer, 'tenDaysLate', '임신', {
    expected_calving_date: '2026-04-30',
    last_fertilization_date: '2025-07-19',
    last_calving_date: '2025-03-02',
  });
  await cow(farmer, 'nineDaysLate', '임신', { expected_calving_date: '2026-05-01' });
  await cow(farmer, 'dueLater', '임신', { expected_calving_date: '2026-05-20' });
  // Her calving is recorded, though her status was left at pregnant.
  await cow(farmer, 'calved', '임신', {
    expected_calving_date: '2026-04-01',
    last_fertilization_date: '2025-06-20',
    last_calving_date: '2026-04-03',
  });
  await cow(farmer, 'nursing', '포유', { expected_calving_date: '2026-04-01' });
  await cow(farmer, 'culled', '임신', { expected_calving_date: '2026-04-01' }, { culled: true });
  await cow(neighbour, 'neighbours', '임신', { expected_calving_date: '2026-04-20' });
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace('http', 'ws')}/socket`;
});
afterAll(() => testApp.close());

interface Received {
  type: string;
  data: Record<string, unknown>;
}

/** A registered notification socket of the user, and what it has received. */
const openSocket = async (user: TestUser) => {
  const socket = new WebSocket(`${socketUrl}?token=${encodeURIComponent(user.token)}`);
  const messages: Received[] = [];
  socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as Received));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'register', data: {} }));
  const notices = () => messages.filter((message) => message.type === 'notice').map(({ data }) => data);
  const waitFor = async (count: number) => {
    for (let waited = 0; waited < 5000 && notices().length < count; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return notices();
  };
  await (async () => {
    for (let waited = 0; waited < 5000; waited += 10) {
      if (messages.some((message) => message.type === 'register_res')) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no register_res within 5 s');
  })();
  return { socket, notices, waitFor };
};

const overdueOf = (notices: { cowId: number | null; code: number; details: unknown }[] | undefined) =>
  (notices ?? []).filter((notice) => notice.code === 502).map(({ cowId, details }) => ({ cowId, details }));

const storedOverdue = async (user: TestUser) =>
  (
    await testApp.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM notices WHERE farm_id = $1 AND code = 502',
      [await farmIdOf(testApp, user)],
    )
  )[0]?.count;

describe('calving overdue (502) from the daily reminders job', () => {
  it('raises it once for each cow 10 days past her expected calving, to her own farm only', async () => {
    const own = await openSocket(farmer);
    const other = await openSocket(neighbour);
    const recorded = await runReproductionReminders(testApp.db, testApp.services.bus, NOW);
    expect(overdueOf(recorded)).toEqual([
      { cowId: cows.tenDaysLate, details: { expectedCalvingDate: '2026-04-30', daysOverdue: 10 } },
      { cowId: cows.neighbours, details: { expectedCalvingDate: '2026-04-20', daysOverdue: 20 } },
    ]);
    for (const notice of recorded ?? []) expect(detailsProblems(notice)).toEqual([]);

    const [ownNotices, otherNotices] = await Promise.all([own.waitFor(1), other.waitFor(1)]);
    // Both were published before either run returned; give a stray one time to arrive anyway.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(own.notices()).toEqual(ownNotices);
    expect(ownNotices).toEqual([
      expect.objectContaining({
        cowid: cows.tenDaysLate,
        noticecode: 502,
        time: NOW.toISOString(),
        details: { expectedCalvingDate: '2026-04-30', daysOverdue: 10 },
      }),
    ]);
    expect(other.notices()).toEqual(otherNotices);
    expect(otherNotices.map((notice) => notice.cowid)).toEqual([cows.neighbours]);
    own.socket.close();
    other.socket.close();
  });

  it("lists it in the owner's calving notices and never in another farm's", async () => {
    const noticesOf = async (user: TestUser) => {
      const response = await call(testApp, api.notices.getNoticeData, {
        token: user.token,
        params: { country: user.country, FarmNumber: user.farmNumber, phone: '010-1234-5678' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ data: { all: Notice[] } }>()
        .data.all.filter((notice) => notice.noticecode === 502);
    };
    expect((await noticesOf(farmer)).map(({ cowid, group }) => ({ cowid, group }))).toEqual([
      { cowid: cows.tenDaysLate, group: '501-502' },
    ]);
    expect((await noticesOf(neighbour)).map(({ cowid }) => cowid)).toEqual([cows.neighbours]);
  });

  it('does not repeat it on later runs: the same day, or the next', async () => {
    expect(overdueOf(await runReproductionReminders(testApp.db, testApp.services.bus, NOW))).toEqual([]);
    expect(overdueOf(await runReproductionReminders(testApp.db, testApp.services.bus, NEXT_DAY))).toEqual([
      { cowId: cows.nineDaysLate, details: { expectedCalvingDate: '2026-05-01', daysOverdue: 10 } },
    ]);
    expect(overdueOf(await runReproductionReminders(testApp.db, testApp.services.bus, NEXT_DAY))).toEqual([]);
    expect(await storedOverdue(farmer)).toBe(2);
    expect(await storedOverdue(neighbour)).toBe(1);
  });

  it('treats a corrected expected date as a new pregnancy episode', async () => {
    await testApp.db.query("UPDATE cows SET expected_calving_date = '2026-04-28' WHERE id = $1", [
      cows.tenDaysLate,
    ]);
    expect(overdueOf(await runReproductionReminders(testApp.db, testApp.services.bus, NEXT_DAY))).toEqual([
      { cowId: cows.tenDaysLate, details: { expectedCalvingDate: '2026-04-28', daysOverdue: 13 } },
    ]);
  });

  it('stores and sends it once when two instances run the job at the same moment', async () => {
    await cow(farmer, 'lateAtOnce', '임신', { expected_calving_date: '2026-04-15' });
    const runs = await Promise.all([
      runReproductionReminders(testApp.db, testApp.services.bus, NEXT_DAY),
      runReproductionReminders(testApp.db, testApp.services.bus, NEXT_DAY),
    ]);
    expect(runs.flatMap((recorded) => overdueOf(recorded))).toEqual([
      { cowId: cows.lateAtOnce, details: { expectedCalvingDate: '2026-04-15', daysOverdue: 26 } },
    ]);
    expect(await storedOverdue(farmer)).toBe(4);
  });
});
